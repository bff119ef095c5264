import type { ExampleItem } from '@campus/contracts/example';
import { EXAMPLE_PAGE_SIZE } from '@campus/contracts/example-rules';
import { exampleApi } from '@campus/contracts/generated/example-api';
import type { ApiClient } from '@campus/web-kit/api-client';
import type { ListPage } from '@campus/web-kit/use-load-more-list';

export const exampleQueryKeys = { all: ['example'] as const, list: ['example', 'list'] as const };

/** One page of the items (exampleApi.listExampleItems), for useLoadMoreList. */
export async function fetchExamplePage(
  api: ApiClient,
  page: number,
  signal: AbortSignal,
): Promise<ListPage<ExampleItem>> {
  const body = await api.call(exampleApi.listExampleItems, {
    query: { page, limit: EXAMPLE_PAGE_SIZE },
    signal,
  });
  return { items: body.data, hasMore: body.page < body.pages, total: body.total };
}
