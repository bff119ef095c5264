import { z } from 'zod';
import { publicOriginEnv } from '@campus/service-kit/config';

/** An empty value (`MAIL_FROM=` in an env file, compose's `${MAIL_FROM:-}`) is unset, not a bad value. */
const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const DEFAULT_MAIL_FROM = 'Campus Connect <no-reply@campus.local>';
/** The least length of the unsubscribe secret: 32 characters of base64url are 192 random bits. */
export const UNSUBSCRIBE_SECRET_MIN = 32;

/** `Name <address>` or a bare address: what a From header holds. */
const MAIL_FROM_PATTERN = /^(?:[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/;

/**
 * The email settings of the notifications service (docs/notifications.md, "Email"). SMTP_URL itself
 * is declared beside them in config.ts: unset, no mail is sent and these only keep their defaults.
 */
export const emailEnv = {
  MAIL_FROM: z
    .preprocess(
      blankAsUnset,
      z
        .string()
        .trim()
        .max(200)
        .regex(MAIL_FROM_PATTERN, 'MAIL_FROM must be an address or `Name <address>`')
        .default(DEFAULT_MAIL_FROM),
    )
    .describe(
      'The From of notification emails: an address or `Name <address>` your SMTP server may send as.',
    ),
  PUBLIC_ORIGIN: publicOriginEnv,
  UNSUBSCRIBE_SECRET: z
    .preprocess(
      blankAsUnset,
      z
        .string()
        .min(
          UNSUBSCRIBE_SECRET_MIN,
          `UNSUBSCRIBE_SECRET must be at least ${UNSUBSCRIBE_SECRET_MIN} characters`,
        )
        .optional(),
    )
    .describe(
      "Signs emails' one-click unsubscribe links (HMAC); required with SMTP_URL. Changing it voids the links already sent.",
    ),
  MAIL_CHECK_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(300_000)
    .default(5_000)
    .describe('How often each replica looks for mail to send (one replica sends each message).'),
  MAIL_SEND_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(30_000)
    .describe(
      'The longest one message may take (connect, greeting, the whole SMTP conversation); a slower one fails and is tried again later. A claimed batch is reserved for its messages times this, plus 2 minutes.',
    ),
};

/** With SMTP on, the unsubscribe links every message carries must be signed. */
export function requireUnsubscribeSecretWithSmtp(
  config: { SMTP_URL?: string; UNSUBSCRIBE_SECRET?: string },
  ctx: z.RefinementCtx,
): void {
  if (config.SMTP_URL && !config.UNSUBSCRIBE_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['UNSUBSCRIBE_SECRET'],
      message: 'is required when SMTP_URL is set: every email carries a signed unsubscribe link',
    });
}
