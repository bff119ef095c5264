import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';
import { emailEnv, requireUnsubscribeSecretWithSmtp } from './email/email-config';
import { streamEnv } from './live/stream-config';

/** What the notifications service reads from its environment (docs/configuration.md lists it). */
export const NotificationsConfig = z
  .object({
    ...baseEnv,
    SMTP_URL: z
      .preprocess(
        // An empty value (`SMTP_URL=` in an env file) is unset, not a bad URL.
        (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
        z
          .url({
            protocol: /^smtps?$/,
            error: 'SMTP_URL must be an smtp:// or smtps:// URL',
          })
          .optional(),
      )
      .describe(
        'Where notification emails go (smtp://user:pass@host:587, smtps://...); unset: no email is sent and the notification settings say so.',
      ),
    ...emailEnv,
    ...streamEnv,
  })
  .superRefine(requireUnsubscribeSecretWithSmtp);
export type NotificationsConfig = z.infer<typeof NotificationsConfig>;
