import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import NotificationsPage from './notifications-page';
import NotificationSettingsPage from './settings-page';

/** Every route of the notifications domain; the shell mounts this under its layout (see /remotes.json). */
export default function NotificationsRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route path="/notifications" element={<NotificationsPage />} />
      <Route path="/notifications/settings" element={<NotificationSettingsPage />} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
