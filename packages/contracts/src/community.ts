import { z } from 'zod';
import { requiredText, successWith, UserId } from './common';
import { pageQuery, pagedSuccessWith } from './paging';

/** The community domain's wire: what its service accepts and answers, and what its remote shows. */
export const COMMUNITY_PAGE_SIZE = 20;
export const COMMUNITY_MAX_LIMIT = 50;

export const COMMUNITY_MESSAGES = {
  titleRequired: 'Title is required',
  created: 'Created successfully',
  found: 'Items found',
  empty: 'Nothing here yet',
} as const;

export const CommunityItem = z
  .object({
    _id: z.string(),
    title: z.string(),
    createdBy: UserId,
    /** Null for an author the service has not heard of. */
    authorName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'CommunityItem' });
export type CommunityItem = z.infer<typeof CommunityItem>;

export const CreateCommunityItemRequest = z
  .object({ title: requiredText(COMMUNITY_MESSAGES.titleRequired, 200) })
  .meta({ id: 'CreateCommunityItemRequest' });
export type CreateCommunityItemRequest = z.input<typeof CreateCommunityItemRequest>;

/** `?page=&limit=`: a page of the list (pages from 1; a limit over the cap is a 400). */
export const CommunityListQuery = z.object(
  pageQuery({ defaultLimit: COMMUNITY_PAGE_SIZE, maxLimit: COMMUNITY_MAX_LIMIT }),
);

export const CommunityListResponse = pagedSuccessWith('CommunityListResponse', CommunityItem);
export type CommunityListResponse = z.infer<typeof CommunityListResponse>;

export const CommunityItemResponse = successWith('CommunityItemResponse', CommunityItem);
export type CommunityItemResponse = z.infer<typeof CommunityItemResponse>;
