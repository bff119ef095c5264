import { Route, Routes } from 'react-router-dom';
import { ComingSoonPage } from '@campus/web-kit/coming-soon-page';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';

/** Every route of the events domain; the shell mounts this under its layout (see /remotes.json). */
export default function EventsRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route
        path="/events"
        element={
          <ComingSoonPage
            feature="Campus Events"
            description="Discover the latest campus events and register for them."
          />
        }
      />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
