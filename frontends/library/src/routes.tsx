import { lazy } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import type { RemoteRoutesProps } from '@campus/web-kit/remote-contract';
import LibraryPage from './books/library-page';
import BookStatusPage from './review/book-status-page';

// A book's page and its edit form (the upload form and its schema) load with them, not with
// /library, the remote's first screen and the one under the download budget (the shell's page
// fallback shows meanwhile).
const BookPage = lazy(() => import('./book/book-page'));
const EditBookPage = lazy(() => import('./book/edit-book-page'));

const BOOK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/library/{id}` (issue 27's name for a book's page) is the book page at `/library/books/{id}`;
 * any other path under /library is the friendly 404, as before.
 */
function BookPathAlias({ notFound }: { notFound: RemoteRoutesProps['notFound'] }) {
  const { id = '' } = useParams();
  if (!BOOK_ID.test(id)) return notFound;
  return <Navigate to={`/library/books/${encodeURIComponent(id)}`} replace />;
}

/** Every route of the library domain; the shell mounts this under its layout (see /remotes.json). */
export default function LibraryRoutes({ notFound }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route path="/library" element={<LibraryPage />} />
      <Route path="/library/books/:id" element={<BookPage />} />
      <Route path="/library/:id" element={<BookPathAlias notFound={notFound} />} />
      <Route path="/library/books/:id/edit" element={<EditBookPage />} />
      <Route path="/bookstatus" element={<BookStatusPage />} />
      <Route path="*" element={notFound} />
    </Routes>
  );
}
