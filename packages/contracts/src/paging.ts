import { z } from 'zod';
import { fromBase64Url, type CursorPosition } from './cursor';

/**
 * One way to page every list (DESIGN §4: every list answers a page). Offset pages (`page`, `limit`)
 * where users jump or count pages (search); a cursor where a list grows fast at its head (feeds),
 * so a new item never shifts the next page. Each list sets its own default and cap.
 */
export const MAX_PAGE = 10_000;

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );

export const pageMessages = (maxLimit: number) => ({
  page: `Page must be a whole number from 1 to ${MAX_PAGE}`,
  limit: `Limit must be a whole number from 1 to ${maxLimit}`,
  cursor: 'The cursor is not one this list gave out. Start again from the first page.',
});

/** `?page=&limit=`: page from 1 (default 1), limit from 1 to `maxLimit` (default `defaultLimit`). */
export function pageQuery(options: { defaultLimit: number; maxLimit: number }) {
  const messages = pageMessages(options.maxLimit);
  return {
    page: wholeNumber(messages.page, 1, MAX_PAGE).transform((v) => v ?? 1),
    limit: wholeNumber(messages.limit, 1, options.maxLimit).transform((v) => v ?? options.defaultLimit),
  };
}

/** What a page query documents (OpenAPI describes inputs; the parsing schema transforms). */
export function pageQueryDoc(options: { defaultLimit: number; maxLimit: number }) {
  return {
    page: z.number().int().min(1).max(MAX_PAGE).optional().meta({ description: 'From 1; default 1.' }),
    limit: z
      .number()
      .int()
      .min(1)
      .max(options.maxLimit)
      .optional()
      .meta({ description: `Items per page; default ${options.defaultLimit}, at most ${options.maxLimit}.` }),
  };
}

/** One page of a list in the spec's envelope: `{ success, message, data: [...] }` plus where it goes on. */
export const pagedSuccessWith = <T extends z.ZodType>(id: string, item: T) =>
  z
    .object({
      success: z.literal(true),
      message: z.string(),
      data: z.array(item),
      page: z.number().int(),
      pages: z.number().int(),
      total: z.number().int(),
    })
    .meta({ id });

/** The rows to skip and take for a parsed page query. */
export const pageWindow = (query: { page: number; limit: number }) => ({
  offset: (query.page - 1) * query.limit,
  limit: query.limit,
});

/** How many pages `total` items make at `limit` a page. */
export const pageCount = (total: number, limit: number) => Math.ceil(total / limit);

/**
 * A cursor's instant: ISO with an offset, and a year PostgreSQL can store (1 to 9999 in UTC). The ISO
 * check alone lets a forged year 0000 through, which the database then refuses with a generic 400.
 */
export const cursorInstant = () =>
  z.iso.datetime({ offset: true }).refine((v) => {
    const year = new Date(v).getUTCFullYear();
    return year >= 1 && year <= 9999;
  });

const CursorTuple = z.tuple([cursorInstant(), z.string().min(1).max(100)]);

/** `?cursor=&limit=`: no cursor is the first page; a cursor that was not handed out is a 400. */
export function cursorQuery(options: { defaultLimit: number; maxLimit: number }) {
  const messages = pageMessages(options.maxLimit);
  return {
    cursor: z
      .string({ error: messages.cursor })
      .max(300, messages.cursor)
      .optional()
      .transform((v, ctx): CursorPosition | undefined => {
        if (!v) return undefined;
        try {
          const [createdAt, id] = CursorTuple.parse(JSON.parse(fromBase64Url(v)));
          return { createdAt, id };
        } catch {
          ctx.addIssue({ code: 'custom', message: messages.cursor });
          return z.NEVER;
        }
      }),
    limit: pageQuery(options).limit,
  };
}

export function cursorQueryDoc(options: { defaultLimit: number; maxLimit: number }) {
  return {
    cursor: z.string().optional().meta({
      description: 'From the previous page (`nextCursor` / the `X-Next-Cursor` header); absent: the newest.',
    }),
    limit: pageQueryDoc(options).limit,
  };
}
