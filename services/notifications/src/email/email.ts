import type { Logger } from 'pino';
import type { Db } from '@campus/service-kit/db';
import type { ScheduledJob } from '@campus/service-kit/scheduled-job';
import { createOpenDigestsJob } from './digest-job';
import { createSendMailJob } from './mail-delivery';
import { createMailStore } from './mail-store';
import { createSmtpMailer } from './mailer';
import { createUnsubscribe, type Unsubscribe } from './unsubscribe';

export const EMAIL_OFF_MESSAGE = 'email is off: SMTP_URL is not set';

export interface EmailConfig {
  SMTP_URL?: string;
  MAIL_FROM: string;
  PUBLIC_ORIGIN: string;
  UNSUBSCRIBE_SECRET?: string;
  MAIL_CHECK_MS: number;
  MAIL_SEND_TIMEOUT_MS: number;
}

/**
 * The service's email, wired from its configuration: with SMTP_URL, one SMTP transport for the
 * process, the mail job (instant mail and the digests it is handed) and the daily digest job;
 * without it, no job at all and one line at start saying email is off. The unsubscribe links of
 * mail already sent keep working either way.
 */
export function createEmail(deps: { config: EmailConfig; db: Db; logger: Logger; now: () => Date }): {
  jobs: ScheduledJob[];
  unsubscribe: Unsubscribe;
} {
  const { config, db, now } = deps;
  const store = createMailStore(db);
  const unsubscribe = createUnsubscribe({ db, store, secret: config.UNSUBSCRIBE_SECRET, now });
  if (!config.SMTP_URL || !config.UNSUBSCRIBE_SECRET) {
    deps.logger.warn(EMAIL_OFF_MESSAGE);
    return { jobs: [], unsubscribe };
  }
  const logger = deps.logger.child({ component: 'email' });
  const mailer = createSmtpMailer({
    url: config.SMTP_URL,
    from: config.MAIL_FROM,
    sendTimeoutMs: config.MAIL_SEND_TIMEOUT_MS,
  });
  return {
    jobs: [
      createSendMailJob({
        db,
        store,
        mailer,
        logger,
        now,
        origin: config.PUBLIC_ORIGIN,
        unsubscribeSecret: config.UNSUBSCRIBE_SECRET,
        checkEveryMs: config.MAIL_CHECK_MS,
        sendTimeoutMs: config.MAIL_SEND_TIMEOUT_MS,
      }),
      createOpenDigestsJob({ db, store, logger, now, checkEveryMs: config.MAIL_CHECK_MS }),
    ],
    unsubscribe,
  };
}
