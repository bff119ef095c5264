import type { RemoteFederationConfig } from '@campus/web-build/remote-federation-config';

/** The library remote: its name in /remotes.json and the modules it lends the shell and other remotes. */
export default {
  name: 'library',
  exposes: {
    './routes': './src/routes.tsx',
    // Embedded by the profile remote's right panel (/profile/uploadbook and /profile/bookmark).
    './book-form': './src/upload/book-form.tsx',
    './bookmarks': './src/bookmarks/bookmarks-panel.tsx',
  },
} satisfies RemoteFederationConfig;
