import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { openEventStreamClient, type OpenedStream } from '@campus/service-kit/testing/event-stream-client';
import { expectNoTraceOf } from '@campus/service-kit/testing/no-trace';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import {
  addresses,
  members,
  notifications,
  outbox,
  outgoingMail,
  preferences,
  reviewers,
  teacherSubjects,
} from '../src/data/schema';
import { DELETED_USER_ID } from '@campus/contracts/moderation-rules';
import { DELETED_USER } from '../src/domain/personal-data';
import { notificationsService } from '../src/service';
import { OPEN_DIGESTS_JOB } from '../src/email/digest-job';
import { startSmtpServer, waitForJobRun, type TestSmtpServer } from './email-support';
import {
  commentEvent,
  deliver,
  envelope,
  listOf,
  person,
  register,
  setPreferences,
  type Person,
} from './notifications-test-kit';

/**
 * Issue 26 §3 for the notifications service: GET /api/me/export/notifications answers everything
 * it holds about the signed-in user and nobody else's, and identity.user.deleted (the kit's
 * handler, this service's personalData.forget) leaves no trace of them: their notifications,
 * choices, address and mail go, and their name goes from other people's notifications.
 */
let smtp: TestSmtpServer;
let h: ServiceHarness;
beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await startServiceForTest(notificationsService, {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Campus Connect <notify@campus.example>',
    PUBLIC_ORIGIN: 'https://campus.example',
    UNSUBSCRIBE_SECRET: 'personal-data-test-secret-0123456789abcdef',
    MAIL_CHECK_MS: '50',
  });
});
afterAll(async () => {
  await h.stop();
  await smtp.close();
});
beforeEach(() => h.reset());

const streams: OpenedStream[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

let asha: Person;
let rohan: Person;
let meera: Person;
const emailOf = (p: Person) => `${p.name.toLowerCase().replace(/\W+/g, '.')}.${p.id.slice(0, 8)}@campus.test`;

/**
 * Asha (who will delete her account), Rohan and a teacher, Meera, each with what the service keeps:
 * Rohan commented on Asha's post (her notification, mailed at once), Asha commented on Rohan's post
 * that Meera follows (theirs, naming Asha), a thread Asha follows (her daily digest, waiting), an
 * event Asha posted (Meera's "new event", by Asha), Asha's choices and Meera's subjects.
 */
async function everyoneWithData() {
  // The day's digest job has had its first run: Asha's daily mail waits for the next.
  await waitForJobRun(h, OPEN_DIGESTS_JOB);
  asha = person(h, 'Asha Rao');
  rohan = person(h, 'Rohan Das');
  meera = person(h, 'Meera Iyer', true);
  await register(h, asha, emailOf(asha));
  await register(h, rohan, emailOf(rohan));
  await register(h, meera, emailOf(meera));
  await deliver(
    h,
    envelope('profile.teacher.updated', {
      userId: meera.id,
      name: meera.name,
      department: 'Computer Science',
      subjects: ['Computer Networks'],
    }),
  );
  await setPreferences(h, asha, [{ kind: 'community.mention', inApp: true, email: 'off' }]);
  await setPreferences(h, meera, [{ kind: 'events.new', inApp: true, email: 'off' }]);

  const ashasPost = randomUUID();
  const rohansPost = randomUUID();
  await deliver(
    h,
    commentEvent({
      postId: ashasPost,
      postTitle: 'Hostel wifi',
      actorName: 'Rohan Das',
      concerns: { postAuthor: asha.id },
    }),
    commentEvent({
      postId: rohansPost,
      postTitle: 'Lab timings',
      actorName: 'Asha Rao',
      concerns: { postAuthor: rohan.id, followers: [meera.id] },
    }),
    commentEvent({
      postTitle: 'Canteen menu',
      actorName: 'Rohan Das',
      concerns: { followers: [asha.id] },
    }),
    envelope('events.event.posted', { eventId: randomUUID(), postedBy: asha.id, title: 'Chess club' }),
  );
  // The instant mail is sent (Asha's and Rohan's; the daily ones wait for the digest); every event is published.
  for (const p of [asha, rohan])
    await waitFor(`${p.name}’s instant mail to be sent`, () => smtp.mailTo(emailOf(p)), {
      until: (mail) => mail.length === 1,
    });
  await waitFor(
    'the instant mail to be marked sent',
    () =>
      h.database.db
        .select()
        .from(outgoingMail)
        .where(and(eq(outgoingMail.delivery, 'instant'), isNull(outgoingMail.sentAt))),
    { until: (rows) => rows.length === 0 },
  );
  await waitFor(
    'the outbox to be published',
    () => h.database.db.select().from(outbox).where(isNull(outbox.publishedAt)),
    { until: (rows) => rows.length === 0 },
  );
}

const deleted = (p: Person, contributions: 'delete' | 'anonymise' = 'delete') =>
  envelope('identity.user.deleted', { userId: p.id, contributions });

/** Every row that is not Asha's, as stored: what forgetting her must leave exactly as it was (but her name). */
async function everyoneElses() {
  const { db } = h.database;
  return {
    notifications: await db
      .select()
      .from(notifications)
      .where(ne(notifications.userId, asha.id))
      .orderBy(asc(notifications.userId), asc(notifications.id)),
    mail: await db
      .select()
      .from(outgoingMail)
      .where(ne(outgoingMail.userId, asha.id))
      .orderBy(asc(outgoingMail.id)),
    preferences: await db
      .select()
      .from(preferences)
      .where(ne(preferences.userId, asha.id))
      .orderBy(asc(preferences.userId), asc(preferences.kind)),
    addresses: await db
      .select()
      .from(addresses)
      .where(ne(addresses.userId, asha.id))
      .orderBy(asc(addresses.userId)),
    members: await db.select().from(members).where(ne(members.userId, asha.id)).orderBy(asc(members.userId)),
    subjects: await db.select().from(teacherSubjects).orderBy(asc(teacherSubjects.userId)),
    reviewers: await db.select().from(reviewers).where(ne(reviewers.userId, asha.id)),
  };
}

/** Other people's rows, with the notifications that named Asha as they must read once she is forgotten. */
const withAshaRenamed = (rows: Awaited<ReturnType<typeof everyoneElses>>) => ({
  ...rows,
  notifications: rows.notifications.map((n) => ({
    ...n,
    text: n.text.replaceAll('Asha Rao', DELETED_USER),
    actorName: n.actorName === 'Asha Rao' ? DELETED_USER : n.actorName,
  })),
});

async function exportOf(p: Person) {
  const res = await request(h.url).get('/api/me/export/notifications').set(p.headers).expect(200);
  return res;
}

describe('GET /api/me/export/notifications', () => {
  test('when a guest asks, then 401 and nothing is answered', async () => {
    const res = await request(h.url).get('/api/me/export/notifications').expect(401);
    expect(res.body).toMatchObject({ code: expect.any(String) });
    expect(res.body.files).toBeUndefined();
  });

  test('when Asha asks, then it answers every notification of hers, her choices, her address and her mail, and nothing of anyone else', async () => {
    await everyoneWithData();

    const res = await exportOf(asha);

    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatchObject({ service: 'notifications', exportedAt: expect.any(String) });
    const files = res.body.files;
    expect(Object.keys(files).sort()).toEqual([
      'contact.json',
      'mail.json',
      'notifications.json',
      'preferences.json',
    ]);
    expect(files['notifications.json']).toEqual([
      expect.objectContaining({
        kind: 'community.thread',
        text: 'Rohan Das commented on “Canteen menu”',
        actorName: 'Rohan Das',
        read: false,
        inApp: true,
      }),
      expect.objectContaining({
        kind: 'community.reply',
        text: 'Rohan Das commented on your post “Hostel wifi”',
        link: expect.stringMatching(/^\/post\//),
      }),
    ]);
    expect(files['contact.json']).toEqual({ name: 'Asha Rao', isTeacher: false, email: emailOf(asha) });
    expect(files['preferences.json'].kinds).toEqual(
      expect.arrayContaining([
        { kind: 'community.mention', label: expect.any(String), inApp: true, email: 'off' },
      ]),
    );
    // Her instant mail, sent; her daily digest's, waiting: when, which kind, how it went.
    expect(files['mail.json']).toEqual([
      expect.objectContaining({
        kind: 'community.reply',
        delivery: 'instant',
        outcome: 'sent',
        doneAt: expect.any(String),
      }),
      expect.objectContaining({ kind: 'community.thread', delivery: 'daily', outcome: null, doneAt: null }),
    ]);
    // Nothing of Rohan's or Meera's: not their notifications (the one naming Asha), not their ids.
    const all = JSON.stringify(res.body);
    for (const other of [rohan.id, meera.id, emailOf(rohan), 'Lab timings', 'Chess club', 'Meera Iyer'])
      expect(all).not.toContain(other);
  });

  test('when a teacher asks, then the subjects whose books they are told of are theirs too', async () => {
    await everyoneWithData();
    const { body } = await exportOf(meera);
    expect(body.files['contact.json']).toEqual({
      name: 'Meera Iyer',
      isTeacher: true,
      email: emailOf(meera),
      reviewSubjects: ['Computer Networks'],
    });
    expect(body.files['notifications.json'].map((n: { text: string }) => n.text)).toEqual([
      'New campus event: “Chess club”',
      'Asha Rao commented on “Lab timings”',
    ]);
  });
});

describe.each(['delete', 'anonymise'] as const)('identity.user.deleted (%s)', (contributions) => {
  test('then nothing of Asha is left: her rows go, and her name in other people’s notifications reads "Deleted user"', async () => {
    await everyoneWithData();
    const before = await everyoneElses();

    await deliver(h, deleted(asha, contributions));

    await expectNoTraceOf(h.database.db, 'notifications', [asha.id, asha.name, emailOf(asha)]);
    // Everyone else's rows are as they were, but for her name.
    expect(await everyoneElses()).toEqual(withAshaRenamed(before));
    expect((await listOf(h, rohan)).map((n) => [n.text, n.actor?.name])).toEqual([
      ['Deleted user commented on your post “Lab timings”', DELETED_USER],
    ]);
    expect((await listOf(h, meera)).map((n) => [n.text, n.actor?.name])).toEqual([
      ['New campus event: “Chess club”', DELETED_USER],
      ['Deleted user commented on “Lab timings”', DELETED_USER],
    ]);
    // What her (still signed) token would be answered now: nothing.
    const { body } = await exportOf(asha);
    expect(body.files['notifications.json']).toEqual([]);
    expect(body.files['mail.json']).toEqual([]);
    expect(body.files['contact.json']).toEqual({ name: null, isTeacher: null, email: null });
  });

  test('when the event comes again (redelivered, or published twice), then nothing changes', async () => {
    await everyoneWithData();
    const first = deleted(asha, contributions);
    await deliver(h, first);
    const after = await everyoneElses();

    await h.bus.publish(first);
    const again: EventEnvelope = { ...deleted(asha, contributions) };
    await deliver(h, again);

    expect(await everyoneElses()).toEqual(after);
    await expectNoTraceOf(h.database.db, 'notifications', [asha.id, asha.name, emailOf(asha)]);
  });
});

test('when Asha deletes her account with a stream open, then her stream ends and Rohan’s stays open', async () => {
  await everyoneWithData();
  const open = async (p: Person) => {
    const stream = await openEventStreamClient(`${h.url}/api/notifications/stream`, p.headers);
    streams.push(stream);
    await stream.next((f) => f.event === 'unread');
    return stream;
  };
  const hers = await open(asha);
  const his = await open(rohan);

  await deliver(h, deleted(asha));

  await waitFor('Asha’s stream to end', () => hers.ended());
  expect(his.ended()).toBe(false);
  // The service no longer has anything of hers to say: what her stream carried is gone too.
  expect(await h.database.db.select().from(notifications).where(eq(notifications.userId, asha.id))).toEqual(
    [],
  );
});

test('when moderation decides about an item whose author deleted their account, then nobody is notified', async () => {
  await deliver(
    h,
    envelope('moderation.content.hidden', {
      targetType: 'post',
      targetId: randomUUID(),
      authorId: DELETED_USER_ID,
      title: 'Hostel wifi',
      link: '/community/x',
      reason: 'Threatening.',
      by: 'moderator',
    }),
  );
  expect(await h.database.db.select().from(notifications)).toEqual([]);
  expect(await h.database.db.select().from(outgoingMail)).toEqual([]);
});
