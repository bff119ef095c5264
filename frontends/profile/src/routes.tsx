import { Route, Routes } from 'react-router-dom';
import { ComingSoonPage } from '@campus/web-kit/coming-soon-page';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';

/** Every route of the profile domain; the shell mounts this under its layout (see /remotes.json). */
export default function ProfileRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route
        path="/profile"
        element={<ComingSoonPage feature="Profile" description="Your dashboard: your uploads, job posts and room requests, and forms to share more." />}
      />
      <Route
        path="/profile/*"
        element={<ComingSoonPage feature="Profile" description="Your dashboard: your uploads, job posts and room requests, and forms to share more." />}
      />
      <Route
        path="/commondataform"
        element={<ComingSoonPage feature="Complete Your Profile" description="Tell us your branch, graduation year and enrollment number, or your department and subjects." />}
      />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
