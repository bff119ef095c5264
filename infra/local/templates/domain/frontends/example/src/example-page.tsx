import { useCallback } from 'react';
import type { ExampleItem } from '@campus/contracts/example';
import { EXAMPLE_MESSAGES } from '@campus/contracts/example-rules';
import { Card } from '@campus/ui/card';
import { Container } from '@campus/ui/container';
import { PageHeader } from '@campus/ui/page-header';
import { useApiClient } from '@campus/web-kit/auth-context';
import { LoadMoreResults } from '@campus/web-kit/load-more-results';
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
      <LoadMoreResults
        list={list}
        label="Example"
        loadingLabel="Loading..."
        minColumnWidth="18rem"
        errorMessage={(message) => `Error: ${message}`}
        empty={EXAMPLE_MESSAGES.empty}
        itemKey={itemKey}
        renderItem={(item) => (
          <Card as="li" key={item._id}>
            <strong>{item.title}</strong> {item.authorName && <span>by {item.authorName}</span>}
          </Card>
        )}
      />
    </Container>
  );
}
