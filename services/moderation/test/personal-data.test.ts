import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { DELETED_PLACEHOLDER, DELETED_USER_ID, DELETED_USER_NAME } from '@campus/contracts/moderation-rules';
import { expectNoTraceOf } from '@campus/service-kit/testing/no-trace';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { itemVersions, items, log, outbox, reports } from '../src/data/schema';
import {
  act,
  announce,
  decisions,
  logOf,
  person,
  queueOf,
  report,
  snapshot,
  startModeration,
  type Person,
} from './moderation-test-kit';

/**
 * Issue 26 §3 for the moderation service: GET /api/me/export/moderation answers what it holds about
 * the signed-in user (their reports, the items they wrote, a teacher's actions) and nothing of
 * anyone else's, and identity.user.deleted (the kit's handler, this service's personalData.forget)
 * leaves no trace of them while the queue, the counts and the log still read for everyone else.
 */
let h: ServiceHarness;
beforeAll(async () => {
  h = await startModeration();
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

let asha: Person;
let rohan: Person;
let bina: Person;
let meera: Person;
let iyer: Person;
/** Asha's post (edited once, hidden by Meera), her anonymous post (revealed by Meera); Rohan's two posts. */
let ashasPost: ReturnType<typeof snapshot>;
let ashasSecret: ReturnType<typeof snapshot>;
let rohansPost: ReturnType<typeof snapshot>;
let rohansOther: ReturnType<typeof snapshot>;
const ASHA_EMAIL = 'asha.rao@campus.test';

function envelope(userId: string, contributions: 'delete' | 'anonymise'): EventEnvelope {
  return {
    id: randomUUID(),
    name: 'identity.user.deleted',
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    payload: { userId, contributions },
  };
}

/** Publishes the event as identity does and waits until moderation has handled it. */
async function deleteAccount(
  p: Person,
  contributions: 'delete' | 'anonymise',
  event = envelope(p.id, contributions),
) {
  await h.bus.publish(event);
  await h.waitForHandled(event.id);
  return event;
}

async function everyoneWithData() {
  asha = person(h, 'Asha Rao');
  rohan = person(h, 'Rohan Das');
  bina = person(h, 'Bina Paul');
  meera = person(h, 'Meera Iyer', true);
  iyer = person(h, 'Prof. Kumar', true);
  ashasPost = await announce(h, snapshot(asha, { title: 'Hostel wifi is down', text: 'Since Monday.' }));
  ashasPost = await announce(h, {
    ...ashasPost,
    change: 'edited',
    version: 2,
    text: 'Since Monday, in block C.',
    at: '2026-03-01T08:30:00.000Z',
  });
  ashasSecret = await announce(h, snapshot(asha, { anonymous: true, title: 'Who grades the labs?' }));
  rohansPost = await announce(h, snapshot(rohan, { title: 'Selling my cycle' }));
  rohansOther = await announce(h, snapshot(rohan, { title: 'Free tickets' }));

  await report(h, asha, rohansPost, 'spam', 'Posted every day').expect(201);
  await report(h, asha, rohansOther, 'scam', 'Asks for card numbers').expect(201);
  await report(h, rohan, ashasPost, 'harassment', 'Asha Rao keeps posting this').expect(201);
  await report(h, bina, ashasPost, 'spam').expect(201);
  await report(h, rohan, ashasSecret, 'harassment').expect(201);

  await act(h, meera, ashasPost, 'hide', 'Names a student; Asha Rao was told why.').expect(200);
  await act(h, meera, ashasSecret, 'reveal', 'Threats need a name.').expect(200);
  await act(h, meera, rohansPost, 'dismiss', 'Selling things is allowed.').expect(200);
  await waitFor(
    'the decisions to be published',
    () => h.database.db.select().from(outbox).where(isNull(outbox.publishedAt)),
    { until: (rows) => rows.length === 0 },
  );
}

async function exportOf(p: Person) {
  return (await request(h.url).get('/api/me/export/moderation').set(p.headers).expect(200)).body;
}

/** Everyone else's reports as stored (Rohan's and Bina's): forgetting Asha leaves them as they were. */
const othersReports = () =>
  h.database.db
    .select({
      id: reports.id,
      reporterId: reports.reporterId,
      reason: reports.reason,
      note: reports.note,
      weight: reports.weight,
      status: reports.status,
    })
    .from(reports)
    .where(inArray(reports.reporterId, [rohan.id, bina.id]))
    .orderBy(asc(reports.id));

describe('GET /api/me/export/moderation', () => {
  test('when a guest asks, then 401 and nothing is answered', async () => {
    const res = await request(h.url).get('/api/me/export/moderation').expect(401);
    expect(res.body.files).toBeUndefined();
  });

  test('when Asha asks, then it answers her reports and the items she wrote (anonymous too, with their versions), and nothing of anyone else', async () => {
    await everyoneWithData();
    const res = await request(h.url).get('/api/me/export/moderation').set(asha.headers).expect(200);

    expect(res.headers['cache-control']).toBe('private, no-store');
    const { files } = res.body;
    expect(Object.keys(files).sort()).toEqual(['items.json', 'reports.json']);
    expect(files['reports.json']).toEqual([
      expect.objectContaining({
        targetType: 'post',
        targetId: rohansPost.targetId,
        reason: 'spam',
        note: 'Posted every day',
        outcome: 'dismissed',
        weight: 1,
        reportedAt: expect.any(String),
        decidedAt: expect.any(String),
      }),
      expect.objectContaining({
        targetId: rohansOther.targetId,
        reason: 'scam',
        note: 'Asks for card numbers',
        outcome: 'open',
        decidedAt: null,
      }),
    ]);
    expect(files['items.json']).toEqual([
      expect.objectContaining({
        targetId: ashasPost.targetId,
        authorName: 'Asha Rao',
        anonymous: false,
        title: 'Hostel wifi is down',
        text: 'Since Monday, in block C.',
        state: 'hidden',
        hiddenReason: 'Names a student; Asha Rao was told why.',
        versions: [
          expect.objectContaining({ version: 1, change: 'published', text: 'Since Monday.' }),
          expect.objectContaining({ version: 2, change: 'edited', text: 'Since Monday, in block C.' }),
        ],
      }),
      expect.objectContaining({
        targetId: ashasSecret.targetId,
        anonymous: true,
        title: 'Who grades the labs?',
      }),
    ]);
    // Not who reported her items, not what they said, not Rohan's authorship, not the teacher.
    const all = JSON.stringify(res.body);
    for (const other of [rohan.id, bina.id, meera.id, 'Asha Rao keeps posting', 'Rohan Das', 'Meera Iyer'])
      expect(all).not.toContain(other);
  });

  test('when a teacher asks, then the actions they took are theirs, and a reveal says which item, never whom it named', async () => {
    await everyoneWithData();
    const { files } = await exportOf(meera);
    expect(files['moderation-actions.json']).toEqual([
      expect.objectContaining({
        action: 'hide',
        targetId: ashasPost.targetId,
        reason: 'Names a student; Asha Rao was told why.',
        at: expect.any(String),
      }),
      expect.objectContaining({
        action: 'reveal',
        targetId: ashasSecret.targetId,
        reason: 'Threats need a name.',
      }),
      expect.objectContaining({ action: 'dismiss', targetId: rohansPost.targetId }),
    ]);
    expect(files['reports.json']).toEqual([]);
    expect(files['items.json']).toEqual([]);
    expect(JSON.stringify(files)).not.toContain(asha.id);
    // Another teacher has none of Meera's.
    expect((await exportOf(iyer)).files['moderation-actions.json']).toEqual([]);
  });
});

describe.each(['delete', 'anonymise'] as const)('identity.user.deleted (%s)', (contributions) => {
  test('then nothing of Asha is left, and the queue, the counts and the log still read', async () => {
    await everyoneWithData();
    const before = {
      others: await othersReports(),
      queue: await queueOf(h, iyer),
      log: await logOf(h, iyer),
    };

    await deleteAccount(asha, contributions);

    await expectNoTraceOf(h.database.db, 'moderation', [asha.id, asha.name, ASHA_EMAIL]);
    // Her open report on Rohan's other post still counts, as it did, by nobody: the queue reads the same.
    const queue = await queueOf(h, iyer);
    const rohans = queue.find((q) => q.item.targetId === rohansOther.targetId)!;
    const rohansBefore = before.queue.find((q) => q.item.targetId === rohansOther.targetId)!;
    expect(rohans.weight).toBe(rohansBefore.weight);
    expect(rohans.reportCount).toBe(1);
    expect(rohans.reports).toEqual([
      { ...rohansBefore.reports[0], note: contributions === 'delete' ? null : 'Asks for card numbers' },
    ]);
    // Other people's reports: as they were (their record, which weighs their next reports, too),
    // but open ones on an item that is gone, which close undecided; and the name in Rohan's note.
    const closesOpen = (r: (typeof before.others)[number]) =>
      contributions === 'delete' &&
      r.status === 'open' &&
      r.reporterId === rohan.id &&
      r.reason === 'harassment'
        ? { ...r, status: 'closed' }
        : r;
    expect(await othersReports()).toEqual(
      before.others.map((r) => ({
        ...closesOpen(r),
        note: r.note?.replace('Asha Rao', DELETED_USER_NAME) ?? null,
      })),
    );
    // The log keeps every action (Meera's name stays: she is not the one who left); Asha's name goes from its reasons.
    expect(await logOf(h, iyer)).toEqual(
      before.log.map((entry) => ({
        ...entry,
        reason: entry.reason.replace('Asha Rao', DELETED_USER_NAME),
        title:
          contributions === 'delete' && [ashasPost.title, ashasSecret.title].includes(entry.title)
            ? DELETED_PLACEHOLDER
            : entry.title,
      })),
    );

    const [post] = await h.database.db.select().from(items).where(eq(items.targetId, ashasPost.targetId));
    if (contributions === 'delete') {
      // What she wrote is gone: words and versions; the item is a husk the reports and log hang on.
      expect(post).toMatchObject({
        authorId: DELETED_USER_ID,
        authorName: DELETED_USER_NAME,
        title: DELETED_PLACEHOLDER,
        text: '',
        state: 'deleted',
        openReports: 0,
      });
      expect(queue.map((q) => q.item.targetId)).not.toContain(ashasSecret.targetId);
      await report(h, bina, ashasSecret).expect(404);
    } else {
      // What she wrote stays, by "Deleted user" (anonymous stays anonymous), with its history.
      expect(post).toMatchObject({
        authorId: DELETED_USER_ID,
        authorName: DELETED_USER_NAME,
        title: 'Hostel wifi is down',
        state: 'hidden',
      });
      const secret = queue.find((q) => q.item.targetId === ashasSecret.targetId)!;
      expect(secret.item).toMatchObject({
        anonymous: true,
        authorName: 'Anonymous User',
        title: 'Who grades the labs?',
      });
      expect(secret.versions).toHaveLength(1);
      // A reveal now names nobody.
      const revealed = await act(h, iyer, ashasSecret, 'reveal', 'Checking again.').expect(200);
      expect(revealed.body.data.author).toEqual({ id: DELETED_USER_ID, name: DELETED_USER_NAME });
      // A decision about it still reaches the owning service, naming nobody.
      await act(h, iyer, ashasSecret, 'hide', 'Threatening.').expect(200);
      expect((await decisions(h)).at(-1)!.payload).toMatchObject({
        targetId: ashasSecret.targetId,
        authorId: DELETED_USER_ID,
      });
    }
    await expectNoTraceOf(h.database.db, 'moderation', [asha.id, asha.name]);
    // What her still-signed token would be answered now: nothing of hers.
    expect((await exportOf(asha)).files).toEqual({ 'reports.json': [], 'items.json': [] });
  });

  test('when the event comes again (redelivered, or published twice), then nothing changes', async () => {
    await everyoneWithData();
    const first = await deleteAccount(asha, contributions);
    const after = {
      items: await h.database.db.select().from(items).orderBy(asc(items.id)),
      reports: await h.database.db.select().from(reports).orderBy(asc(reports.id)),
      log: await h.database.db.select().from(log).orderBy(asc(log.id)),
    };

    await h.bus.publish(first);
    await deleteAccount(asha, contributions);

    expect({
      items: await h.database.db.select().from(items).orderBy(asc(items.id)),
      reports: await h.database.db.select().from(reports).orderBy(asc(reports.id)),
      log: await h.database.db.select().from(log).orderBy(asc(log.id)),
    }).toEqual(after);
  });

  test('when an event about her item sent before she left arrives late, then it brings back neither her nor her words', async () => {
    await everyoneWithData();
    await deleteAccount(asha, contributions);

    await announce(h, { ...ashasPost, change: 'deleted', version: 3, at: '2026-03-01T10:00:00.000Z' });

    await expectNoTraceOf(h.database.db, 'moderation', [asha.id, asha.name]);
    const [post] = await h.database.db.select().from(items).where(eq(items.targetId, ashasPost.targetId));
    expect(post).toMatchObject({ version: 3, state: 'deleted', authorId: DELETED_USER_ID });
  });
});

test('when a teacher deletes their account, then their actions stay in the log by "Deleted user", with no id or name of theirs', async () => {
  await everyoneWithData();
  const before = await logOf(h, iyer);

  await deleteAccount(meera, 'anonymise');

  await expectNoTraceOf(h.database.db, 'moderation', [meera.id, meera.name]);
  expect(await logOf(h, iyer)).toEqual(
    before.map((entry) => ({ ...entry, moderator: { id: DELETED_USER_ID, name: DELETED_USER_NAME } })),
  );
  // Asha's items and reports are as they were.
  expect((await exportOf(asha)).files['items.json']).toHaveLength(2);
  expect((await exportOf(meera)).files['moderation-actions.json']).toEqual([]);
});

describe("identity.user.deleted ('anonymise'): the words that stay keep no name of theirs", () => {
  const versionsOf = async (targetId: string) => {
    const [item] = await h.database.db.select().from(items).where(eq(items.targetId, targetId));
    const versions = await h.database.db
      .select({ title: itemVersions.title, text: itemVersions.text })
      .from(itemVersions)
      .where(eq(itemVersions.itemId, item!.id))
      .orderBy(asc(itemVersions.version));
    return { item: item!, versions };
  };

  test('when Asha signed her post and posted a flat request (titled with her name), then the post stays by "Deleted user" with her name replaced in every version, and the flat request is a husk as in delete', async () => {
    asha = person(h, 'Asha Rao');
    const signed = await announce(
      h,
      snapshot(asha, { title: 'asha rao asks: hostel wifi?', text: 'Thanks, Asha Rao. (Ashara is not me.)' }),
    );
    await announce(h, {
      ...signed,
      change: 'edited',
      version: 2,
      text: 'Edited by ASHA RAO on Monday.',
      at: '2026-03-01T08:30:00.000Z',
    });
    const flat = await announce(
      h,
      snapshot(asha, {
        targetType: 'flat',
        link: '/housing',
        title: 'Asha Rao',
        text: 'Two rooms near the gate.',
      }),
    );
    const job = await announce(
      h,
      snapshot(asha, {
        targetType: 'job',
        link: '/careers',
        title: 'Intern wanted',
        text: 'Ask for details.',
      }),
    );

    await deleteAccount(asha, 'anonymise');

    await expectNoTraceOf(h.database.db, 'moderation', [asha.id, asha.name]);
    expect(await versionsOf(signed.targetId)).toEqual({
      item: expect.objectContaining({
        authorName: DELETED_USER_NAME,
        title: `${DELETED_USER_NAME} asks: hostel wifi?`,
        text: `Edited by ${DELETED_USER_NAME} on Monday.`,
        state: 'visible',
      }),
      versions: [
        {
          title: `${DELETED_USER_NAME} asks: hostel wifi?`,
          text: `Thanks, ${DELETED_USER_NAME}. (Ashara is not me.)`,
        },
        {
          title: `${DELETED_USER_NAME} asks: hostel wifi?`,
          text: `Edited by ${DELETED_USER_NAME} on Monday.`,
        },
      ],
    });
    for (const removed of [flat, job])
      expect(await versionsOf(removed.targetId)).toEqual({
        item: expect.objectContaining({
          authorId: DELETED_USER_ID,
          title: DELETED_PLACEHOLDER,
          text: '',
          state: 'deleted',
        }),
        versions: [],
      });
  });

  test('when her name is under three letters, then only a title or text that is exactly her name changes', async () => {
    const jo = person(h, 'Jo');
    const post = await announce(h, snapshot(jo, { title: 'jo', text: 'Jo and Joanna went to the library.' }));

    await deleteAccount(jo, 'anonymise');

    expect(await versionsOf(post.targetId)).toEqual({
      item: expect.objectContaining({ title: DELETED_USER_NAME, text: 'Jo and Joanna went to the library.' }),
      versions: [{ title: DELETED_USER_NAME, text: 'Jo and Joanna went to the library.' }],
    });
  });
});
