import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import type { ScheduledJob } from '@campus/service-kit/scheduled-job';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { createSendMailJob, RETRY_DELAYS_MS } from '../src/email/mail-delivery';
import { createMailStore } from '../src/email/mail-store';
import { createSmtpMailer } from '../src/email/mailer';
import { notificationsService } from '../src/service';
import {
  commentOn,
  mailRows,
  movableClock,
  person,
  register,
  startSmtpServer,
  waitUntilDone,
  type TestSmtpServer,
} from './email-support';

/**
 * Two replicas' mail jobs on one database and a slow SMTP server: a batch that takes longer than a
 * retry delay must not be claimed and sent again by the other replica (each mail once).
 */
const ORIGIN = 'https://campus.example';
const SECRET = 'two-replicas-mail-test-secret-0123456789';
const SEND_TIMEOUT_MS = 10_000;
let smtp: TestSmtpServer;
let h: ServiceHarness;
let other: ScheduledJob;
const clock = movableClock();

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Replica 1: the service, whose mail job runs on its own timer.
  h = await startServiceForTest(
    notificationsService,
    {
      SMTP_URL: smtp.url,
      PUBLIC_ORIGIN: ORIGIN,
      UNSUBSCRIBE_SECRET: SECRET,
      MAIL_CHECK_MS: '50',
      MAIL_SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
    },
    { now: clock.now },
  );
  // Replica 2: the same job over the same database, its own SMTP connection, run by the test.
  other = createSendMailJob({
    db: h.database.db,
    store: createMailStore(h.database.db),
    mailer: createSmtpMailer({
      url: smtp.url,
      from: 'Campus <no-reply@campus.test>',
      sendTimeoutMs: SEND_TIMEOUT_MS,
    }),
    logger: pino({ level: 'silent' }),
    now: clock.now,
    origin: ORIGIN,
    unsubscribeSecret: SECRET,
    checkEveryMs: 50,
    sendTimeoutMs: SEND_TIMEOUT_MS,
  });
});
afterAll(async () => {
  smtp.release();
  await other.stop();
  await h.stop();
  await smtp.close();
});

test('when the SMTP server is slow and a batch outlasts a retry delay, the other replica does not send its mail again: each mail reaches its recipient once', async () => {
  const authors = [person('Asha Rao'), person('Ravi Menon'), person('Meera Iyer')];
  for (const author of authors) await register(h, author);
  smtp.hold();
  for (const author of authors)
    await commentOn(h, { id: randomUUID(), title: `Notes of ${author.name}`, author });
  // Replica 1 claimed and is sending; the server has not answered yet.
  await waitFor('replica 1 to be sending', () => smtp.held >= 1);

  // The batch takes longer than the first retry delay (the old claim's whole reservation).
  clock.advance(RETRY_DELAYS_MS[0]! + 15_000);
  let otherDone = false;
  const otherTick = other.tick().finally(() => {
    otherDone = true;
  });
  // Replica 2 either finds nothing it may take, or sends what replica 1 had not claimed (held too).
  await waitFor('replica 2 to have claimed or given up', async () => {
    if (otherDone) return true;
    const rows = (await Promise.all(authors.map((a) => mailRows(h, a.id)))).flat();
    return smtp.held >= 2 && rows.every((row) => row.attempts >= 1);
  });
  smtp.release();
  await otherTick;

  for (const author of authors) await waitUntilDone(h, author.id);
  // Whatever either replica still had to do is done.
  await other.tick();
  for (const author of authors) {
    expect(smtp.mailTo(author.email)).toHaveLength(1);
    const [row] = await mailRows(h, author.id);
    expect(row).toMatchObject({ outcome: 'sent', attempts: 1 });
  }
});
