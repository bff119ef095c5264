import { z } from 'zod';
import {
  HOUSING_MAX_LIMIT,
  HOUSING_MESSAGES,
  HOUSING_PAGE_SIZE,
  HousingItemResponse,
  HousingListQuery,
  HousingListResponse,
  CreateHousingItemRequest,
} from '@campus/contracts/housing';
import { pageQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { Items } from '../domain/items';

/** The housing API. Each route is declared once: parsing, access, handler and its OpenAPI operation. */
export function createHousingRoutes({ items }: { items: Items }): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/flat',
      summary: 'The newest items first, a page at a time',
      access: 'public',
      request: { query: HousingListQuery },
      docs: {
        query: z.object(pageQueryDoc({ defaultLimit: HOUSING_PAGE_SIZE, maxLimit: HOUSING_MAX_LIMIT })),
      },
      response: { description: 'One page of items and the number of pages', body: HousingListResponse },
      handler: async ({ query }) => {
        const page = await items.page(query);
        return {
          success: true as const,
          message: page.total === 0 ? HOUSING_MESSAGES.empty : HOUSING_MESSAGES.found,
          data: page.items,
          page: page.page,
          pages: page.pages,
          total: page.total,
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/flat',
      summary: 'Add an item (its author is the signed-in user)',
      access: 'user',
      request: { body: CreateHousingItemRequest },
      response: { status: 201, description: 'Created', body: HousingItemResponse },
      handler: async ({ user, body }) => ({
        success: true as const,
        message: HOUSING_MESSAGES.created,
        data: await items.create(user, body),
      }),
    }),
  ];
}
