import { Route, Routes } from 'react-router-dom';
import { ComingSoonPage } from '@campus/web-kit/coming-soon-page';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';

/** Every route of the community domain; the shell mounts this under its layout (see /remotes.json). */
export default function CommunityRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route
        path="/community"
        element={
          <ComingSoonPage
            feature="Community"
            description="Ask questions, share advice and vote on the discussions of the campus."
          />
        }
      />
      <Route
        path="/post/:postId"
        element={
          <ComingSoonPage
            feature="Community Post"
            description="Read a discussion and reply in its comment thread."
          />
        }
      />
      <Route
        path="/fundrasing"
        element={
          <ComingSoonPage
            feature="FundRaising"
            description="Support campus campaigns: copy the UPI ID and record your pledge."
          />
        }
      />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
