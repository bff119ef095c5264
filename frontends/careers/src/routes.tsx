import { Route, Routes } from 'react-router-dom';
import { ComingSoonPage } from '@campus/web-kit/coming-soon-page';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';

/** Every route of the careers domain; the shell mounts this under its layout (see /remotes.json). */
export default function CareersRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route
        path="/jobs"
        element={
          <ComingSoonPage
            feature="Job Posts"
            description="Browse the job and internship posts shared by the campus community."
          />
        }
      />
      <Route
        path="/jobs/myjobpost"
        element={
          <ComingSoonPage feature="My Posted Jobs" description="See and manage the job posts you shared." />
        }
      />
      <Route
        path="/interviews"
        element={
          <ComingSoonPage
            feature="Interview Experiences"
            description="Search interview experiences by company, role and date."
          />
        }
      />
      <Route
        path="/interviews/:companyname/:id"
        element={
          <ComingSoonPage
            feature="Interview Experience"
            description="Read one interview experience, round by round."
          />
        }
      />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
