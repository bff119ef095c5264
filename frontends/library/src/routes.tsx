import { Route, Routes } from 'react-router-dom';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import LibraryPage from './books/library-page';
import BookStatusPage from './review/book-status-page';

/** Every route of the library domain; the shell mounts this under its layout (see /remotes.json). */
export default function LibraryRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route path="/library" element={<LibraryPage />} />
      <Route path="/bookstatus" element={<BookStatusPage />} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
