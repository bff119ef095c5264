import type { RemoteFederationConfig } from '@campus/web-build/remote-federation-config';

/** The housing remote: its name in /remotes.json and the modules it lends the shell and other remotes. */
export default {
  name: 'housing',
  exposes: {
    './routes': './src/routes.tsx',
    // Embedded by the profile remote's right panel (/profile/createflatrequest).
    './flat-form': './src/create/flat-form.tsx',
  },
} satisfies RemoteFederationConfig;
