import { z } from 'zod';
import { requiredText, successWith, UserId } from './common';
import { pageQuery, pagedSuccessWith } from './paging';

/** The events domain's wire: what its service accepts and answers, and what its remote shows. */
export const EVENTS_PAGE_SIZE = 20;
export const EVENTS_MAX_LIMIT = 50;

export const EVENTS_MESSAGES = {
  titleRequired: 'Title is required',
  created: 'Created successfully',
  found: 'Items found',
  empty: 'Nothing here yet',
} as const;

export const EventsItem = z
  .object({
    _id: z.string(),
    title: z.string(),
    createdBy: UserId,
    /** Null for an author the service has not heard of. */
    authorName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'EventsItem' });
export type EventsItem = z.infer<typeof EventsItem>;

export const CreateEventsItemRequest = z
  .object({ title: requiredText(EVENTS_MESSAGES.titleRequired, 200) })
  .meta({ id: 'CreateEventsItemRequest' });
export type CreateEventsItemRequest = z.input<typeof CreateEventsItemRequest>;

/** `?page=&limit=`: a page of the list (pages from 1; a limit over the cap is a 400). */
export const EventsListQuery = z.object(
  pageQuery({ defaultLimit: EVENTS_PAGE_SIZE, maxLimit: EVENTS_MAX_LIMIT }),
);

export const EventsListResponse = pagedSuccessWith('EventsListResponse', EventsItem);
export type EventsListResponse = z.infer<typeof EventsListResponse>;

export const EventsItemResponse = successWith('EventsItemResponse', EventsItem);
export type EventsItemResponse = z.infer<typeof EventsItemResponse>;
