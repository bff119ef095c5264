import '@testing-library/jest-dom';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadMoreResults } from '../src/load-more-results';
import type { LoadMoreList } from '../src/use-load-more-list';

interface Book {
  _id: string;
  title: string;
}

const list = (overrides: Partial<LoadMoreList<Book>>): LoadMoreList<Book> => ({
  status: 'results',
  items: [],
  error: null,
  hasMore: false,
  total: undefined,
  reachedEnd: false,
  loadingMore: false,
  loadMore: jest.fn(),
  retry: jest.fn(),
  ...overrides,
});

function Results({ of, empty = 'No books found' }: { of: LoadMoreList<Book>; empty?: ReactNode }) {
  return (
    <LoadMoreResults
      label="Results"
      list={of}
      loadingLabel="Loading books..."
      minColumnWidth="18rem"
      errorMessage={(message) => `Error loading books: ${message}`}
      empty={empty}
      itemKey={(book) => book._id}
      renderItem={(book) => <li key={book._id}>{book.title}</li>}
      endLabel="You have seen every book."
    />
  );
}

describe('LoadMoreResults: a Load More list’s four states', () => {
  it('while the first page loads, then the region is busy and the skeleton is named once', () => {
    render(<Results of={list({ status: 'loading' })} />);
    expect(screen.getByRole('region', { name: 'Results' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByText('Loading books...')).toHaveLength(1);
  });

  it('when loading failed, then the page’s sentence with the server’s message, and Retry retries', async () => {
    const failed = list({ status: 'error', error: new Error('Service unavailable') });
    render(<Results of={failed} />);
    expect(screen.getByText('Error loading books: Service unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(failed.retry).toHaveBeenCalledTimes(1);
  });

  it('when nothing matched, then the empty title, or the page’s own empty state with its action', () => {
    const { rerender } = render(<Results of={list({ status: 'empty' })} />);
    expect(screen.getByText('No books found')).toBeInTheDocument();
    rerender(<Results of={list({ status: 'empty' })} empty={<button type="button">Clear filters</button>} />);
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('with results, then the cards in a list and Load More while pages remain; at the end, the end label', async () => {
    const more = list({ items: [{ _id: 'b1', title: 'Graphs' }], hasMore: true });
    const { rerender } = render(<Results of={more} />);
    expect(screen.getByRole('listitem')).toHaveTextContent('Graphs');
    await userEvent.click(screen.getByRole('button', { name: /load more/i }));
    expect(more.loadMore).toHaveBeenCalledTimes(1);

    rerender(<Results of={list({ items: [{ _id: 'b1', title: 'Graphs' }], reachedEnd: true })} />);
    expect(screen.queryByRole('button', { name: /load more/i })).not.toBeInTheDocument();
    expect(screen.getByText('You have seen every book.')).toBeInTheDocument();
  });
});
