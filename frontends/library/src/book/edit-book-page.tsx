import { useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '@campus/ui/back-link';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { Skeleton } from '@campus/ui/skeleton';
import { isApiError } from '@campus/web-kit/api-error';
import { useAuth } from '@campus/web-kit/auth-context';
import { SignInPrompt } from '@campus/web-kit/sign-in-prompt';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { useBook } from '../library-api';
import BookForm from '../upload/book-form';
import { BookNotAvailable } from './book-page';
import styles from './book-page.module.css';

/**
 * `/library/books/:id/edit`: the uploader's edit of their book, in the upload form filled with it
 * (for a declined book: "Correct and resubmit"). Saved, it goes to the book's page.
 */
export default function EditBookPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const book = useBook(id);
  usePageTitle(book.data?.status === 'declined' ? 'Correct and resubmit' : 'Edit Book/Notes');
  if (!user) return <SignInPrompt what="and edit your books" />;

  return (
    <div className={styles.page}>
      <BackLink href={`/library/books/${id}`}>Back to the book</BackLink>
      {book.isPending ? (
        <Skeleton variant="card" label="Loading the book..." />
      ) : book.isError ? (
        isApiError(book.error) && book.error.status === 404 ? (
          <BookNotAvailable />
        ) : (
          <ErrorState message="The book could not load." onRetry={() => void book.refetch()} />
        )
      ) : book.data.uploadedBy !== user._id ? (
        <EmptyState title="Only the uploader can edit this book." />
      ) : (
        <BookForm
          key={book.data._id}
          book={book.data}
          onSaved={(saved) => void navigate(`/library/books/${saved._id}`)}
        />
      )}
    </div>
  );
}
