import request from 'supertest';
import type { ContentChangedPayload } from '@campus/contracts/events';
import {
  MODERATION_MESSAGES,
  REPORT_NOTE_MAX,
  REPORTS_HIDE_REASON,
  reportRateMessage,
} from '@campus/contracts/moderation-rules';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
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

let h: ServiceHarness;
beforeAll(async () => {
  h = await startModeration();
});
afterAll(() => h.stop());

let author: Person;
let teacher: Person;
beforeEach(async () => {
  await h.reset();
  author = person(h, 'Asha Rao');
  teacher = person(h, 'Dr. Mehta', true);
});

/** `n` different students. */
const students = (n: number) => Array.from({ length: n }, (_, i) => person(h, `Student ${i + 1}`));

describe('POST /api/reports', () => {
  test('when a student reports a post, then 201 with the thanks and their report, and the queue shows it without who', async () => {
    const post = await announce(h, snapshot(author));
    const [ravi] = students(1);

    const res = await report(h, ravi!, post, 'harassment', '  Mocks a classmate by name.  ').expect(201);

    expect(res.body).toEqual({
      success: true,
      message: MODERATION_MESSAGES.reported,
      data: {
        _id: expect.any(String),
        targetType: 'post',
        targetId: post.targetId,
        reason: 'harassment',
        note: 'Mocks a classmate by name.',
        createdAt: expect.any(String),
      },
    });
    const queue = await queueOf(h, teacher);
    expect(queue).toHaveLength(1);
    expect(queue[0]!.reports).toEqual([
      { reason: 'harassment', note: 'Mocks a classmate by name.', createdAt: res.body.data.createdAt },
    ]);
    expect(JSON.stringify(queue)).not.toContain(ravi!.id);
  });

  test('when a guest reports, then 401 and nothing is reported', async () => {
    const post = await announce(h, snapshot(author));
    await request(h.url)
      .post('/api/reports')
      .send({ targetType: 'post', targetId: post.targetId, reason: 'spam' })
      .expect(401);
    expect(await queueOf(h, teacher)).toEqual([]);
  });

  test('when the same user reports the same item again, then 409 ALREADY_REPORTED and it counts once', async () => {
    const post = await announce(h, snapshot(author));
    const [ravi] = students(1);
    await report(h, ravi!, post).expect(201);

    const again = await report(h, ravi!, post, 'scam').expect(409);

    expect(again.body).toMatchObject({
      code: 'ALREADY_REPORTED',
      message: MODERATION_MESSAGES.alreadyReported,
    });
    expect((await queueOf(h, teacher))[0]).toMatchObject({ reportCount: 1, weight: 1 });
  });

  test('when the author reports their own item, then 422 OWN_ITEM', async () => {
    const post = await announce(h, snapshot(author, { anonymous: true }));
    const res = await report(h, author, post).expect(422);
    expect(res.body).toMatchObject({ code: 'OWN_ITEM', message: MODERATION_MESSAGES.ownItem });
    expect(await queueOf(h, teacher)).toEqual([]);
  });

  test('when the item is unknown, or was deleted, then 404 NO_SUCH_ITEM', async () => {
    const [ravi] = students(1);
    const unknown = await report(h, ravi!, { targetType: 'post', targetId: 'not-a-post' }).expect(404);
    expect(unknown.body).toMatchObject({ code: 'NO_SUCH_ITEM', message: MODERATION_MESSAGES.noSuchItem });

    const flat = await announce(h, snapshot(author, { targetType: 'flat', link: '/roomfinder' }));
    await announce(h, { ...flat, change: 'deleted', version: 2 });
    const deleted = await report(h, ravi!, flat).expect(404);
    expect(deleted.body).toMatchObject({ code: 'NO_SUCH_ITEM', message: MODERATION_MESSAGES.noSuchItem });
  });

  test('when the body is wrong, then 400 with the message for the field', async () => {
    const post = await announce(h, snapshot(author));
    const [ravi] = students(1);
    const send = (body: object) =>
      request(h.url).post('/api/reports').set(ravi!.headers).send(body).expect(400);

    expect((await send({ targetType: 'poem', targetId: post.targetId, reason: 'spam' })).body.message).toBe(
      MODERATION_MESSAGES.targetType,
    );
    expect((await send({ targetType: 'post', targetId: '  ', reason: 'spam' })).body.message).toBe(
      MODERATION_MESSAGES.targetType,
    );
    expect((await send({ targetType: 'post', targetId: post.targetId })).body.message).toBe(
      MODERATION_MESSAGES.reason,
    );
    expect((await send({ targetType: 'post', targetId: post.targetId, reason: 'boring' })).body.message).toBe(
      MODERATION_MESSAGES.reason,
    );
    const long = await send({
      targetType: 'post',
      targetId: post.targetId,
      reason: 'other',
      note: 'x'.repeat(REPORT_NOTE_MAX + 1),
    });
    expect(long.body.issues).toEqual([{ path: 'note', message: MODERATION_MESSAGES.noteTooLong }]);
    expect(await queueOf(h, teacher)).toEqual([]);
  });
});

describe('the reports threshold', () => {
  test('when two different users report an item, then it stays visible and nothing is published', async () => {
    const post = await announce(h, snapshot(author));
    for (const s of students(2)) await report(h, s, post).expect(201);

    expect((await queueOf(h, teacher))[0]).toMatchObject({
      item: { state: 'visible', hiddenBy: null },
      reportCount: 2,
      weight: 2,
    });
    expect(await decisions(h)).toEqual([]);
  });

  test('when a third different user reports it, then it is hidden by reports once, with the snapshot the owner and author need', async () => {
    const post = await announce(h, snapshot(author, { title: 'Buy my notes', link: '/community/p1' }));
    for (const s of students(3)) await report(h, s, post).expect(201);

    expect(await decisions(h)).toEqual([
      {
        name: 'moderation.content.hidden',
        payload: {
          targetType: 'post',
          targetId: post.targetId,
          authorId: author.id,
          title: 'Buy my notes',
          link: '/community/p1',
          reason: REPORTS_HIDE_REASON,
          by: 'reports',
          decision: 1,
        },
      },
    ]);
    expect((await queueOf(h, teacher))[0]).toMatchObject({
      item: { state: 'hidden', hiddenBy: 'reports', hiddenReason: REPORTS_HIDE_REASON },
      reportCount: 3,
    });

    // More reports while it is hidden hide nothing again.
    for (const s of students(2)) await report(h, s, post).expect(201);
    expect(await decisions(h)).toHaveLength(1);
    expect((await logOf(h, teacher)).map((e) => [e.action, e.by, e.moderator])).toEqual([
      ['hide', 'reports', null],
    ]);
  });

  test('when five users report at the same moment, then it is hidden once (reports on one item take turns)', async () => {
    const post = await announce(h, snapshot(author));
    const answers = await Promise.all(students(5).map((s) => report(h, s, post)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect((await decisions(h)).map((d) => d.name)).toEqual(['moderation.content.hidden']);
    expect((await queueOf(h, teacher))[0]).toMatchObject({ reportCount: 5, weight: 5 });
  });

  test('when REPORT_HIDE_THRESHOLD is 2, then the second report hides it', async () => {
    const strict = await h.startAnother({ REPORT_HIDE_THRESHOLD: '2' });
    const post = await announce(h, snapshot(author));
    for (const s of students(2))
      await request(strict.url)
        .post('/api/reports')
        .set(s.headers)
        .send({ targetType: 'post', targetId: post.targetId, reason: 'spam' })
        .expect(201);
    expect((await decisions(h)).map((d) => d.payload.by)).toEqual(['reports']);
  });

  test('when reporters whose reports were mostly dismissed report, then each counts half', async () => {
    // Two students whose three reports each were dismissed by a teacher.
    const [doubtful1, doubtful2] = students(2);
    for (let i = 0; i < 3; i++) {
      const fine = await announce(h, snapshot(author, { title: `Fine post ${i}` }));
      await report(h, doubtful1!, fine).expect(201);
      await report(h, doubtful2!, fine).expect(201);
      await act(h, teacher, fine, 'dismiss', 'Nothing wrong with it.').expect(200);
    }
    const post = await announce(h, snapshot(author, { title: 'Reported post' }));
    const [fresh1, fresh2] = students(2);

    await report(h, doubtful1!, post).expect(201);
    await report(h, doubtful2!, post).expect(201);
    await report(h, fresh1!, post).expect(201);
    // Three different reporters, but 0.5 + 0.5 + 1 = 2: not yet.
    const entry = (await queueOf(h, teacher)).find((q) => q.item.title === 'Reported post');
    expect(entry).toMatchObject({ reportCount: 3, weight: 2, item: { state: 'visible' } });
    expect(await decisions(h)).toEqual([]);

    await report(h, fresh2!, post).expect(201);
    expect((await decisions(h)).map((d) => [d.name, d.payload.targetId])).toEqual([
      ['moderation.content.hidden', post.targetId],
    ]);
  });

  test('when a teacher dismisses the reports of an item the reports hid, then it is restored and its count starts again', async () => {
    const post = await announce(h, snapshot(author));
    for (const s of students(3)) await report(h, s, post).expect(201);

    const res = await act(h, teacher, post, 'dismiss', 'A fair question, not spam.').expect(200);

    expect(res.body).toMatchObject({
      success: true,
      message: MODERATION_MESSAGES.done.dismiss,
      data: { item: { state: 'visible', hiddenBy: null } },
    });
    expect((await decisions(h)).map((d) => [d.name, d.payload.by, d.payload.reason])).toEqual([
      ['moderation.content.hidden', 'reports', REPORTS_HIDE_REASON],
      ['moderation.content.restored', 'moderator', 'A fair question, not spam.'],
    ]);
    expect(await queueOf(h, teacher)).toEqual([]);

    // One new report after the dismissal is one report, not a fourth.
    await report(h, person(h, 'Someone new'), post).expect(201);
    expect((await queueOf(h, teacher))[0]).toMatchObject({ reportCount: 1, item: { state: 'visible' } });
    expect(await decisions(h)).toHaveLength(2);
  });

  test('when a teacher hides an item the reports hid, then it stays hidden with the teacher’s reason and leaves the queue', async () => {
    const post = await announce(h, snapshot(author));
    for (const s of students(3)) await report(h, s, post).expect(201);

    const res = await act(h, teacher, post, 'hide', 'Advertising is not allowed here.').expect(200);

    expect(res.body.data.item).toMatchObject({
      state: 'hidden',
      hiddenBy: 'moderator',
      hiddenReason: 'Advertising is not allowed here.',
    });
    expect((await decisions(h)).map((d) => [d.name, d.payload.by])).toEqual([
      ['moderation.content.hidden', 'reports'],
      ['moderation.content.hidden', 'moderator'],
    ]);
    expect(await queueOf(h, teacher)).toEqual([]);
  });
});

describe('POST /api/reports: REPORTS_PER_HOUR', () => {
  const HOUR = 3_600_000;
  const clock = { ms: Date.parse('2026-03-01T09:00:00Z') };
  let limited: ServiceHarness;
  beforeAll(async () => {
    limited = await startModeration({ REPORTS_PER_HOUR: '20' }, { clock });
  });
  afterAll(() => limited.stop());
  beforeEach(() => limited.reset());

  test('when a user makes a 21st report within the hour, then 429 with Retry-After and the sentence, and nothing changes; an hour later it is accepted', async () => {
    const writer = person(limited, 'Asha Rao');
    const mod = person(limited, 'Dr. Mehta', true);
    const ravi = person(limited, 'Ravi');
    const posts: ContentChangedPayload[] = [];
    for (let i = 0; i < 21; i++)
      posts.push(await announce(limited, snapshot(writer, { title: `Post ${i}` })));
    for (let i = 0; i < 20; i++) await report(limited, ravi, posts[i]!).expect(201);
    const queueBefore = await queueOf(limited, mod);

    const refused = await report(limited, ravi, posts[20]!).expect(429);

    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: reportRateMessage(20, `in ${Math.ceil(retryAfter / 60)} minutes`),
    });
    expect(await queueOf(limited, mod)).toEqual(queueBefore);
    expect((await queueOf(limited, mod)).some((q) => q.item.targetId === posts[20]!.targetId)).toBe(false);
    // Another user is not limited by Ravi's reports.
    await report(limited, person(limited, 'Meera'), posts[20]!).expect(201);

    clock.ms += HOUR;
    await report(limited, ravi, posts[20]!).expect(201);
    expect((await queueOf(limited, mod)).find((q) => q.item.targetId === posts[20]!.targetId)).toMatchObject({
      reportCount: 2,
    });
  });
});
