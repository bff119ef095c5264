import { useCallback } from 'react';
import type { ExampleItem } from '@campus/contracts/example';
import { EXAMPLE_MESSAGES } from '@campus/contracts/example-rules';
import { Card } from '@campus/ui/card';
import { Container } from '@campus/ui/container';
import { EmptyState } from '@campus/ui/empty-state';
import { ErrorState } from '@campus/ui/error-state';
import { LoadMoreButton } from '@campus/ui/load-more-button';
import { PageHeader } from '@campus/ui/page-header';
import { Skeleton } from '@campus/ui/skeleton';
import { useApiClient } from '@campus/web-kit/auth-context';
import { useLoadMoreList } from '@campus/web-kit/use-load-more-list';
import { usePageTitle } from '@campus/web-kit/use-page-title';
import { exampleQueryKeys, fetchExamplePage } from './example-api';

const itemKey = (item: ExampleItem) => item._id;

/** `/example`: the newest items, with Load More. */
export default function ExamplePage() {
  usePageTitle('Example');
  const api = useApiClient();
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) => fetchExamplePage(api, page, signal),
    [api],
  );
  const list = useLoadMoreList({ queryKey: exampleQueryKeys.list, fetchPage, getItemKey: itemKey });

  return (
    <Container>
      <PageHeader title="Example" subtitle="Newest first" />
      <section aria-label="Example" aria-busy={list.status === 'loading'}>
        {list.status === 'loading' && <Skeleton variant="card" label="Loading..." />}
        {list.status === 'error' && (
          <ErrorState message={`Error: ${list.error?.message ?? 'Unknown error'}`} onRetry={list.retry} />
        )}
        {list.status === 'empty' && <EmptyState title={EXAMPLE_MESSAGES.empty} />}
        {list.status === 'results' && (
          <ul>
            {list.items.map((item) => (
              <Card as="li" key={item._id}>
                <strong>{item.title}</strong> {item.authorName && <span>by {item.authorName}</span>}
              </Card>
            ))}
          </ul>
        )}
        <LoadMoreButton
          hasMore={list.hasMore}
          loading={list.loadingMore}
          onLoadMore={list.loadMore}
          reachedEnd={list.reachedEnd}
        />
      </section>
    </Container>
  );
}
