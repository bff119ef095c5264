import { z } from 'zod';
import {
  COMMUNITY_MAX_LIMIT,
  COMMUNITY_MESSAGES,
  COMMUNITY_PAGE_SIZE,
  CommunityItemResponse,
  CommunityListQuery,
  CommunityListResponse,
  CreateCommunityItemRequest,
} from '@campus/contracts/community';
import { pageQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { Items } from '../domain/items';

/** The community API. Each route is declared once: parsing, access, handler and its OpenAPI operation. */
export function createCommunityRoutes({ items }: { items: Items }): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/community',
      summary: 'The newest items first, a page at a time',
      access: 'public',
      request: { query: CommunityListQuery },
      docs: {
        query: z.object(pageQueryDoc({ defaultLimit: COMMUNITY_PAGE_SIZE, maxLimit: COMMUNITY_MAX_LIMIT })),
      },
      response: { description: 'One page of items and the number of pages', body: CommunityListResponse },
      handler: async ({ query }) => {
        const page = await items.page(query);
        return {
          success: true as const,
          message: page.total === 0 ? COMMUNITY_MESSAGES.empty : COMMUNITY_MESSAGES.found,
          data: page.items,
          page: page.page,
          pages: page.pages,
          total: page.total,
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/community',
      summary: 'Add an item (its author is the signed-in user)',
      access: 'user',
      request: { body: CreateCommunityItemRequest },
      response: { status: 201, description: 'Created', body: CommunityItemResponse },
      handler: async ({ user, body }) => ({
        success: true as const,
        message: COMMUNITY_MESSAGES.created,
        data: await items.create(user, body),
      }),
    }),
  ];
}
