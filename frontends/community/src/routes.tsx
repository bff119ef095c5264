import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import FundraisingPage from './fundraising/fundraising-page';
import HubPage from './hub/hub-page';

// The thread page (its follow toggle, live comments, links to a comment) loads with the thread, not
// with /community, the remote's first screen and the one under the download budget (the shell's
// page fallback shows meanwhile).
const PostPage = lazy(() => import('./post/post-page'));

/** Every route of the community domain; the shell mounts this under its layout (see /remotes.json). */
export default function CommunityRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route path="/community" element={<HubPage />} />
      <Route path="/post/:postId" element={<PostPage />} />
      {/* Spelled so by the spec. */}
      <Route path="/fundrasing" element={<FundraisingPage />} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
