import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import { NOTIFICATIONS_READ_RETENTION_DAYS } from '@campus/contracts/notifications-rules';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { outgoingMail } from '../src/data/schema';
import { createPruneNotificationsJob, PRUNE_EVERY_MS } from '../src/domain/prune-notifications';
import { deliver, envelope, listOf, person, startNotifications, type Person } from './notifications-test-kit';

let h: ServiceHarness;
let clock: { ms: number };
const DAY = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  ({ h, clock } = await startNotifications());
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

/** A replica's prune job on the shared database and the test's clock. */
const replicaJob = () =>
  createPruneNotificationsJob({
    db: h.database.db,
    logger: pino({ level: 'silent' }),
    now: () => new Date(clock.ms),
  });

const verdict = (uploader: Person, title: string) =>
  envelope('library.book.reviewed', {
    bookId: randomUUID(),
    uploadedBy: uploader.id,
    reviewerId: randomUUID(),
    verifiedBy: 'Dr. Meera Iyer',
    status: 'accepted',
    title,
  });

const textsOf = async (p: Person) =>
  (await listOf(h, p)).map((n) => n.text.replace(/^Your book “(.*)”.*$/, '$1'));

async function markRead(p: Person, title: string) {
  const found = (await listOf(h, p)).find((n) => n.text.includes(`“${title}”`))!;
  await request(h.url)
    .patch('/api/notifications/read')
    .set(p.headers)
    .send({ ids: [found._id] })
    .expect(200);
  return found._id;
}

/** What the mail job leaves behind: a mail for the notification, sent or still waiting. */
async function mailFor(p: Person, notificationId: string, sent: boolean) {
  await h.database.db.insert(outgoingMail).values({
    userId: p.id,
    notificationId,
    kind: 'library.verdict',
    delivery: 'instant',
    createdAt: new Date(clock.ms),
    sentAt: sent ? new Date(clock.ms) : null,
  });
}

describe('pruning read notifications', () => {
  test(`when the clock passes ${NOTIFICATIONS_READ_RETENTION_DAYS} days, then read ones go with their sent mail; unread ones, newer ones and ones whose mail is unsent stay`, async () => {
    const asha = person(h, 'Asha Rao');
    await deliver(
      h,
      verdict(asha, 'Old read'),
      verdict(asha, 'Old unread'),
      verdict(asha, 'Old mail waiting'),
    );
    const oldRead = await markRead(asha, 'Old read');
    const waiting = await markRead(asha, 'Old mail waiting');
    await mailFor(asha, oldRead, true);
    await mailFor(asha, waiting, false);

    clock.ms += 30 * DAY;
    await deliver(h, verdict(asha, 'Newer read'));
    await markRead(asha, 'Newer read');

    clock.ms += (NOTIFICATIONS_READ_RETENTION_DAYS - 30) * DAY + PRUNE_EVERY_MS;
    expect(await replicaJob().tick()).toBe('ran');

    expect(await textsOf(asha)).toEqual(['Newer read', 'Old mail waiting', 'Old unread']);
    const mail = await h.database.db.select().from(outgoingMail).where(eq(outgoingMail.userId, asha.id));
    expect(mail.map((m) => m.notificationId)).toEqual([waiting]);
  });

  test('when it ran, then another replica finds it not due until the interval has passed', async () => {
    clock.ms += 365 * DAY;
    expect(await replicaJob().tick()).toBe('ran');
    expect(await replicaJob().tick()).toBe('not-due');
    clock.ms += PRUNE_EVERY_MS;
    expect(await replicaJob().tick()).toBe('ran');
  });
});
