/**
 * The example domain's plain rules and words: page sizes, limits and messages. No schemas here, so
 * a screen can import them without loading zod; `example.ts` builds the schemas on them
 * (docs/adr/0032-light-pages-on-a-phone.md).
 */
export const EXAMPLE_PAGE_SIZE = 20;
export const EXAMPLE_MAX_LIMIT = 50;
export const EXAMPLE_TITLE_MAX_LENGTH = 200;

export const EXAMPLE_MESSAGES = {
  titleRequired: 'Title is required',
  created: 'Created successfully',
  found: 'Items found',
  empty: 'Nothing here yet',
} as const;
