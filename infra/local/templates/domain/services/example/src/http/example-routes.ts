import { z } from 'zod';
import {
  CreateExampleItemRequest,
  ExampleItemResponse,
  ExampleListQuery,
  ExampleListResponse,
} from '@campus/contracts/example';
import { EXAMPLE_MAX_LIMIT, EXAMPLE_MESSAGES, EXAMPLE_PAGE_SIZE } from '@campus/contracts/example-rules';
import { pageQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { Items } from '../domain/items';

/**
 * The example API. Each route is declared once: parsing, access, handler, its OpenAPI operation and
 * its operationId, the method of the browser's typed client (`exampleApi.listExampleItems`).
 */
export function createExampleRoutes({ items }: { items: Items }): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/example',
      operationId: 'listExampleItems',
      summary: 'The newest items first, a page at a time',
      access: 'public',
      request: { query: ExampleListQuery },
      docs: {
        query: z.object(pageQueryDoc({ defaultLimit: EXAMPLE_PAGE_SIZE, maxLimit: EXAMPLE_MAX_LIMIT })),
      },
      response: { description: 'One page of items and the number of pages', body: ExampleListResponse },
      handler: async ({ query }) => {
        const page = await items.page(query);
        return {
          success: true as const,
          message: page.total === 0 ? EXAMPLE_MESSAGES.empty : EXAMPLE_MESSAGES.found,
          data: page.items,
          page: page.page,
          pages: page.pages,
          total: page.total,
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/example',
      operationId: 'createExampleItem',
      summary: 'Add an item (its author is the signed-in user)',
      access: 'user',
      idempotencyKey: true,
      request: { body: CreateExampleItemRequest },
      response: { status: 201, description: 'Created', body: ExampleItemResponse },
      handler: async ({ user, body }) => ({
        success: true as const,
        message: EXAMPLE_MESSAGES.created,
        data: await items.create(user, body),
      }),
    }),
  ];
}
