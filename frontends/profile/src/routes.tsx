import { lazy, type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import ProfilePage from './dashboard/profile-page';
import { panelFormFor } from './panel/panel-forms';

// The first-time profile form is seen once per user: its form library and schemas load with it,
// not with the dashboard (the shell's page fallback shows meanwhile).
const CommonDataPage = lazy(() => import('./common-data/common-data-page'));

/** `/profile/<form>`: the path picks the panel; an unknown form is the shell's 404. */
function ProfileFormRoute({ notFound }: { notFound: ReactNode }) {
  const { form: slug = '' } = useParams();
  const form = panelFormFor(slug);
  return form ? <ProfilePage form={form} /> : notFound;
}

/** Every route of the profile domain; the shell mounts this under its layout (see /remotes.json). */
export default function ProfileRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/profile/uploads" element={<ProfilePage uploads />} />
      <Route path="/profile/:form" element={<ProfileFormRoute notFound={notFound} />} />
      <Route path="/commondataform" element={<CommonDataPage />} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
