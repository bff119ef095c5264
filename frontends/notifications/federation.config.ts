import type { RemoteFederationConfig } from '@campus/web-build/remote-federation-config';

/** The notifications remote: its name in /remotes.json and the modules it lends the shell and other remotes. */
export default {
  name: 'notifications',
  exposes: { './routes': './src/routes.tsx' },
} satisfies RemoteFederationConfig;
