import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import FundraisingPage from './fundraising/fundraising-page';
import HubPage from './hub/hub-page';
import PostPage from './post/post-page';

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
