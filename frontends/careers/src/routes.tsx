import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import InterviewDetailPage from './interviews/interview-detail-page';
import InterviewsPage from './interviews/interviews-page';
import JobsPage from './jobs/jobs-page';

// A company's page loads with its route, not with /jobs (the remote's screen under the download
// budget); the shell's page fallback shows meanwhile.
const CompanyPage = lazy(() => import('./companies/company-page'));
// The application tracker (issue 28) too: private to a signed-in student, loaded when opened.
const TrackerPage = lazy(() => import('./tracker/tracker-page'));

/** Every route of the careers domain; the shell mounts this under its layout (see /remotes.json). */
export default function CareersRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route path="/jobs" element={<JobsPage mine={false} />} />
      <Route path="/jobs/myjobpost" element={<JobsPage mine />} />
      <Route path="/jobs/tracker" element={<TrackerPage />} />
      <Route path="/interviews" element={<InterviewsPage />} />
      <Route path="/interviews/:companyname/:id" element={<InterviewDetailPage />} />
      <Route path="/companies/:slug" element={<CompanyPage />} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
