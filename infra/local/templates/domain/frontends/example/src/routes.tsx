import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import ExamplePage from './example-page';

/** Every route of the example domain; the shell mounts this under its layout (see /remotes.json). */
export default function ExampleRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route path="/example" element={<ExamplePage />} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
