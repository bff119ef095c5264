import { z } from 'zod';

/**
 * A user, wherever one is named: event payloads (`userId`, `uploadedBy`, `reviewerId`, `postedBy`),
 * request paths (`/{userId}`), response fields (`_id` of a user record, `uploadedBy`, `likes`,
 * `userId`). Identity issues it (a uuid today) and it travels as a string; everyone else treats it
 * as opaque text and compares it for equality, never parses it.
 */
export const UserId = z.string().min(1).max(100).meta({ description: 'A user id, as identity issued it' });
export type UserId = z.infer<typeof UserId>;

/** The error body every service and the gateway answer with. */
export const ErrorBody = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The path of a user's private data (`/.../{userId}`): only that user may use it. */
export const SelfParams = z.object({
  userId: UserId.meta({ description: 'The signed-in user (anyone else: 403)' }),
});

/** The spec's answer envelope `{ success: true, message, data }`, named `id` in the OpenAPI document. */
export const successWith = <T extends z.ZodType>(id: string, data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data }).meta({ id });

/** Control characters other than tab and newlines: never meaningful in user text, and NUL cannot be stored. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const NO_CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters.';

/** Any user string: no control characters (the check every text field shares). */
export const plainText = (message: string) =>
  z.string({ error: message }).refine((v) => !CONTROL_CHARACTERS.test(v), NO_CONTROL_CHARACTERS_MESSAGE);

/** A required free-text field: trimmed, non-blank, bounded so nobody stores megabytes in a name. */
export const requiredText = (message: string, max = 200) =>
  plainText(message).trim().min(1, message).max(max, `Must be at most ${max} characters.`);

/**
 * Links users paste: only http(s), never javascript: or data:. A link that fails stops its checks
 * there (`abort`): checks chained after this one (a host rule) may parse it as a URL.
 */
export const httpUrl = (message = 'Please enter a valid http(s) link.') =>
  z
    .string({ error: message })
    .trim()
    .max(2048, { error: 'The link is too long.', abort: true })
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { error: message, abort: true },
    );
