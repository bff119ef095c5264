import { z } from 'zod';
import { requiredText, successWith, UserId } from './common';
import { pageQuery, pagedSuccessWith } from './paging';

/** The careers domain's wire: what its service accepts and answers, and what its remote shows. */
export const CAREERS_PAGE_SIZE = 20;
export const CAREERS_MAX_LIMIT = 50;

export const CAREERS_MESSAGES = {
  titleRequired: 'Title is required',
  created: 'Created successfully',
  found: 'Items found',
  empty: 'Nothing here yet',
} as const;

export const CareersItem = z
  .object({
    _id: z.string(),
    title: z.string(),
    createdBy: UserId,
    /** Null for an author the service has not heard of. */
    authorName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'CareersItem' });
export type CareersItem = z.infer<typeof CareersItem>;

export const CreateCareersItemRequest = z
  .object({ title: requiredText(CAREERS_MESSAGES.titleRequired, 200) })
  .meta({ id: 'CreateCareersItemRequest' });
export type CreateCareersItemRequest = z.input<typeof CreateCareersItemRequest>;

/** `?page=&limit=`: a page of the list (pages from 1; a limit over the cap is a 400). */
export const CareersListQuery = z.object(
  pageQuery({ defaultLimit: CAREERS_PAGE_SIZE, maxLimit: CAREERS_MAX_LIMIT }),
);

export const CareersListResponse = pagedSuccessWith('CareersListResponse', CareersItem);
export type CareersListResponse = z.infer<typeof CareersListResponse>;

export const CareersItemResponse = successWith('CareersItemResponse', CareersItem);
export type CareersItemResponse = z.infer<typeof CareersItemResponse>;
