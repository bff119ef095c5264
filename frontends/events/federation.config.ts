import type { RemoteFederationConfig } from '@campus/web-build/remote-federation-config';

/** The events remote: its name in /remotes.json and the modules it lends the shell and other remotes. */
export default {
  name: 'events',
  exposes: {
    './routes': './src/routes.tsx',
    // Embedded by the profile remote's right panel (/profile/createvent).
    './event-form': './src/create/event-form.tsx',
  },
} satisfies RemoteFederationConfig;
