import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import RoomFinderPage from './flats/room-finder-page';

/** Every route of the housing domain; the shell mounts this under its layout (see /remotes.json). */
export default function HousingRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route path="/roomfinder" element={<RoomFinderPage view="all" />} />
      <Route path="/roomfinder/myroomrequest" element={<RoomFinderPage view="mine" />} />
      <Route path="/roomfinder/asked" element={<RoomFinderPage view="asked" />} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
