import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLoadMoreList, type ListPage } from '../src/use-load-more-list';

interface Book {
  _id: string;
  title: string;
}

function wrapper(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

const book = (id: string): Book => ({ _id: id, title: `Book ${id}` });

describe('useLoadMoreList', () => {
  it('loads page 1, then appends the next page on Load More until no pages remain', async () => {
    const pages: Record<number, ListPage<Book>> = {
      1: { items: [book('1'), book('2')], hasMore: true },
      2: { items: [book('3')], hasMore: false },
    };
    const fetchPage = jest.fn(async (page: number) => pages[page]!);
    const { result } = renderHook(() => useLoadMoreList({ queryKey: ['books', { q: '' }], fetchPage }), {
      wrapper: wrapper(),
    });

    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('results'));
    expect(result.current.items.map((b) => b._id)).toEqual(['1', '2']);
    expect(result.current.hasMore).toBe(true);

    expect(result.current.reachedEnd).toBe(false);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    expect(result.current.hasMore).toBe(false);
    expect(result.current.reachedEnd).toBe(true);
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 2]);
  });

  it('gives the total the latest page states, and a one-page list never "reaches the end" (nothing was loaded more)', async () => {
    const fetchPage = jest.fn(async () => ({ items: [book('1')], hasMore: false, total: 1 }));
    const { result } = renderHook(() => useLoadMoreList({ queryKey: ['books', 'one'], fetchPage }), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.status).toBe('results'));
    expect(result.current.total).toBe(1);
    expect(result.current.reachedEnd).toBe(false);
  });

  it('says empty when the first page has no items', async () => {
    const { result } = renderHook(
      () =>
        useLoadMoreList<Book>({
          queryKey: ['books', 'none'],
          fetchPage: async () => ({ items: [], hasMore: false }),
        }),
      { wrapper: wrapper() },
    );

    await waitFor(() => expect(result.current.status).toBe('empty'));
  });

  it('says error with the cause when the first page fails', async () => {
    const { result } = renderHook(
      () =>
        useLoadMoreList<Book>({
          queryKey: ['books', 'broken'],
          fetchPage: async () => {
            throw new Error('Service unavailable');
          },
        }),
      { wrapper: wrapper() },
    );

    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.message).toBe('Service unavailable');
  });

  it('when the search changes, then the list is cleared and loads page 1 of the new search', async () => {
    const fetchPage = jest.fn(async (page: number) => ({ items: [book(`p${page}`)], hasMore: true }));
    let filters = { q: 'graphs' };
    const { result, rerender } = renderHook(
      () => useLoadMoreList({ queryKey: ['books', filters], fetchPage: (page) => fetchPage(page) }),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.status).toBe('results'));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(2));

    filters = { q: 'trees' };
    rerender();

    expect(result.current.status).toBe('loading');
    expect(result.current.items).toEqual([]);
    await waitFor(() => expect(result.current.status).toBe('results'));
    expect(result.current.items.map((b) => b._id)).toEqual(['p1']);
  });

  it('drops items a later page repeats, when told how to key them', async () => {
    const pages: Record<number, ListPage<Book>> = {
      1: { items: [book('a'), book('b')], hasMore: true },
      2: { items: [book('b'), book('c')], hasMore: false },
    };
    const { result } = renderHook(
      () =>
        useLoadMoreList({
          queryKey: ['events'],
          fetchPage: async (page) => pages[page]!,
          getItemKey: (b: Book) => b._id,
        }),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.status).toBe('results'));

    act(() => result.current.loadMore());

    await waitFor(() => expect(result.current.items.map((b) => b._id)).toEqual(['a', 'b', 'c']));
  });

  it('keeps the items shown when loading the next page fails', async () => {
    const fetchPage = jest.fn(async (page: number) => {
      if (page === 2) throw new Error('timeout');
      return { items: [book('1')], hasMore: true };
    });
    const { result } = renderHook(() => useLoadMoreList({ queryKey: ['books', 'flaky'], fetchPage }), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.status).toBe('results'));

    act(() => result.current.loadMore());

    await waitFor(() => expect(result.current.error?.message).toBe('timeout'));
    expect(result.current.status).toBe('results');
    expect(result.current.items).toHaveLength(1);
  });

  it('when Load More is asked while the pages shown reload, then it waits for the reload and loads the page after it', async () => {
    // Book 1 was removed meanwhile: book 3 moved up to page 1 and book 4 to page 2.
    let removed = false;
    let finishReload!: () => void;
    const fetchPage = jest.fn(async (page: number): Promise<ListPage<Book>> => {
      if (!removed) return { items: [book('1'), book('2')], hasMore: true };
      if (page === 1) {
        await new Promise<void>((resolve) => (finishReload = resolve));
        return { items: [book('2'), book('3')], hasMore: true };
      }
      return { items: [book('4')], hasMore: false };
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useLoadMoreList({ queryKey: ['books', 'shifting'], fetchPage }), {
      wrapper: wrapper(client),
    });
    await waitFor(() => expect(result.current.status).toBe('results'));
    removed = true;
    act(() => void client.invalidateQueries({ queryKey: ['books'] }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    // The click comes after the list rendered the reload (react-query notifies in batches).
    await act(() => new Promise((resolve) => setTimeout(resolve)));

    act(() => result.current.loadMore());

    expect(result.current.loadingMore).toBe(true);
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 1]);
    act(() => finishReload());
    await waitFor(() => expect(result.current.items.map((b) => b._id)).toEqual(['2', '3', '4']));
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 1, 2]);
    expect(result.current.loadingMore).toBe(false);
  });
});
