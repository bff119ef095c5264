import { z } from 'zod';
import { requiredText, successWith, UserId } from './common';
import {
  EXAMPLE_MAX_LIMIT,
  EXAMPLE_MESSAGES,
  EXAMPLE_PAGE_SIZE,
  EXAMPLE_TITLE_MAX_LENGTH,
} from './example-rules';
import { pageQuery, pagedSuccessWith } from './paging';

/** The example domain's wire: what its service accepts and answers, and what its remote shows. */
export const ExampleItem = z
  .object({
    _id: z.string(),
    title: z.string(),
    createdBy: UserId,
    /** Null for an author the service has not heard of. */
    authorName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ExampleItem' });
export type ExampleItem = z.infer<typeof ExampleItem>;

export const CreateExampleItemRequest = z
  .object({ title: requiredText(EXAMPLE_MESSAGES.titleRequired, EXAMPLE_TITLE_MAX_LENGTH) })
  .meta({ id: 'CreateExampleItemRequest' });
export type CreateExampleItemRequest = z.input<typeof CreateExampleItemRequest>;

/** `?page=&limit=`: a page of the list (pages from 1; a limit over the cap is a 400). */
export const ExampleListQuery = z.object(
  pageQuery({ defaultLimit: EXAMPLE_PAGE_SIZE, maxLimit: EXAMPLE_MAX_LIMIT }),
);

export const ExampleListResponse = pagedSuccessWith('ExampleListResponse', ExampleItem);
export type ExampleListResponse = z.infer<typeof ExampleListResponse>;

export const ExampleItemResponse = successWith('ExampleItemResponse', ExampleItem);
export type ExampleItemResponse = z.infer<typeof ExampleItemResponse>;
