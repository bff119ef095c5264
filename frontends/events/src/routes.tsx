import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import EventsPage from './events/events-page';

/** Every route of the events domain; the shell mounts this under its layout (see /remotes.json). */
export default function EventsRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route path="/events" element={<EventsPage />} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
