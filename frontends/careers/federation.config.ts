import type { RemoteFederationConfig } from '@campus/web-build/remote-federation-config';

/** The careers remote: its name in /remotes.json and the modules it lends the shell and other remotes. */
export default {
  name: 'careers',
  exposes: {
    './routes': './src/routes.tsx',
    // Embedded by the profile remote's right panel (/profile/createjob and /profile/createinterview).
    './job-form': './src/forms/job-form.tsx',
    './interview-form': './src/forms/interview-form.tsx',
  },
} satisfies RemoteFederationConfig;
