import type { RemoteFederationConfig } from '@campus/web-build/remote-federation-config';

/** The profile remote: its name in /remotes.json and the modules it lends the shell and other remotes. */
export default {
  name: 'profile',
  exposes: { './routes': './src/routes.tsx' },
} satisfies RemoteFederationConfig;
