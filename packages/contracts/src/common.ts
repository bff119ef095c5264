import { z } from 'zod';

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

/** A required free-text field: trimmed, non-blank, bounded so nobody stores megabytes in a name. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters.`);

/** Links users paste: only http(s), never javascript: or data:. */
export const httpUrl = (message = 'Please enter a valid http(s) link.') =>
  z
    .string({ error: message })
    .trim()
    .max(2048, 'The link is too long.')
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, message);
