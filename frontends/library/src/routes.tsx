import { Route, Routes } from 'react-router-dom';
import { ComingSoonPage } from '@campus/web-kit/coming-soon-page';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';

/** Every route of the library domain; the shell mounts this under its layout (see /remotes.json). */
export default function LibraryRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route
        path="/library"
        element={<ComingSoonPage feature="Virtual Library" description="Search, like and bookmark books and notes shared by students and verified by teachers." />}
      />
      <Route
        path="/bookstatus"
        element={<ComingSoonPage feature="Approve/Reject Book" description="Review the books and notes waiting for a teacher: view, accept or decline them." />}
      />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
