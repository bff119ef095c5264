import { z } from 'zod';
import {
  EVENTS_MAX_LIMIT,
  EVENTS_MESSAGES,
  EVENTS_PAGE_SIZE,
  EventsItemResponse,
  EventsListQuery,
  EventsListResponse,
  CreateEventsItemRequest,
} from '@campus/contracts/events-domain';
import { pageQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { Items } from '../domain/items';

/** The events API. Each route is declared once: parsing, access, handler and its OpenAPI operation. */
export function createEventsRoutes({ items }: { items: Items }): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/event',
      summary: 'The newest items first, a page at a time',
      access: 'public',
      request: { query: EventsListQuery },
      docs: {
        query: z.object(pageQueryDoc({ defaultLimit: EVENTS_PAGE_SIZE, maxLimit: EVENTS_MAX_LIMIT })),
      },
      response: { description: 'One page of items and the number of pages', body: EventsListResponse },
      handler: async ({ query }) => {
        const page = await items.page(query);
        return {
          success: true as const,
          message: page.total === 0 ? EVENTS_MESSAGES.empty : EVENTS_MESSAGES.found,
          data: page.items,
          page: page.page,
          pages: page.pages,
          total: page.total,
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/event',
      summary: 'Add an item (its author is the signed-in user)',
      access: 'user',
      request: { body: CreateEventsItemRequest },
      response: { status: 201, description: 'Created', body: EventsItemResponse },
      handler: async ({ user, body }) => ({
        success: true as const,
        message: EVENTS_MESSAGES.created,
        data: await items.create(user, body),
      }),
    }),
  ];
}
