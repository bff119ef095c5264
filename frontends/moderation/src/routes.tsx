import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import ModerationPage from './moderation-page';

/** Every route of the moderation domain; the shell mounts this under its layout (see /remotes.json). */
export default function ModerationRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route path="/moderation" element={<ModerationPage />} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
