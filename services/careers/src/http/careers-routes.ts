import { z } from 'zod';
import {
  CAREERS_MAX_LIMIT,
  CAREERS_MESSAGES,
  CAREERS_PAGE_SIZE,
  CareersItemResponse,
  CareersListQuery,
  CareersListResponse,
  CreateCareersItemRequest,
} from '@campus/contracts/careers';
import { pageQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { Items } from '../domain/items';

/** The careers API. Each route is declared once: parsing, access, handler and its OpenAPI operation. */
export function createCareersRoutes({ items }: { items: Items }): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/job',
      summary: 'The newest items first, a page at a time',
      access: 'public',
      request: { query: CareersListQuery },
      docs: {
        query: z.object(pageQueryDoc({ defaultLimit: CAREERS_PAGE_SIZE, maxLimit: CAREERS_MAX_LIMIT })),
      },
      response: { description: 'One page of items and the number of pages', body: CareersListResponse },
      handler: async ({ query }) => {
        const page = await items.page(query);
        return {
          success: true as const,
          message: page.total === 0 ? CAREERS_MESSAGES.empty : CAREERS_MESSAGES.found,
          data: page.items,
          page: page.page,
          pages: page.pages,
          total: page.total,
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/job',
      summary: 'Add an item (its author is the signed-in user)',
      access: 'user',
      request: { body: CreateCareersItemRequest },
      response: { status: 201, description: 'Created', body: CareersItemResponse },
      handler: async ({ user, body }) => ({
        success: true as const,
        message: CAREERS_MESSAGES.created,
        data: await items.create(user, body),
      }),
    }),
  ];
}
