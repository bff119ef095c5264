import { Route, Routes } from 'react-router-dom';
import { ComingSoonPage } from '@campus/web-kit/coming-soon-page';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';

/** Every route of the housing domain; the shell mounts this under its layout (see /remotes.json). */
export default function HousingRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route
        path="/roomfinder"
        element={
          <ComingSoonPage
            feature="Room-Mate Finder"
            description="Find available housing and room-mates near the campus."
          />
        }
      />
      <Route
        path="/roomfinder/myroomrequest"
        element={
          <ComingSoonPage feature="My Room Requests" description="See and manage your flat requests." />
        }
      />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
