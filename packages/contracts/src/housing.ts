import { z } from 'zod';
import { requiredText, successWith, UserId } from './common';
import { pageQuery, pagedSuccessWith } from './paging';

/** The housing domain's wire: what its service accepts and answers, and what its remote shows. */
export const HOUSING_PAGE_SIZE = 20;
export const HOUSING_MAX_LIMIT = 50;

export const HOUSING_MESSAGES = {
  titleRequired: 'Title is required',
  created: 'Created successfully',
  found: 'Items found',
  empty: 'Nothing here yet',
} as const;

export const HousingItem = z
  .object({
    _id: z.string(),
    title: z.string(),
    createdBy: UserId,
    /** Null for an author the service has not heard of. */
    authorName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'HousingItem' });
export type HousingItem = z.infer<typeof HousingItem>;

export const CreateHousingItemRequest = z
  .object({ title: requiredText(HOUSING_MESSAGES.titleRequired, 200) })
  .meta({ id: 'CreateHousingItemRequest' });
export type CreateHousingItemRequest = z.input<typeof CreateHousingItemRequest>;

/** `?page=&limit=`: a page of the list (pages from 1; a limit over the cap is a 400). */
export const HousingListQuery = z.object(
  pageQuery({ defaultLimit: HOUSING_PAGE_SIZE, maxLimit: HOUSING_MAX_LIMIT }),
);

export const HousingListResponse = pagedSuccessWith('HousingListResponse', HousingItem);
export type HousingListResponse = z.infer<typeof HousingListResponse>;

export const HousingItemResponse = successWith('HousingItemResponse', HousingItem);
export type HousingItemResponse = z.infer<typeof HousingItemResponse>;
