import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { MODERATION_MAX_LIMIT, MODERATION_MESSAGES } from '@campus/contracts/moderation-rules';
import { pageMessages } from '@campus/contracts/paging';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import {
  act,
  announce,
  logOf,
  person,
  queueOf,
  report,
  snapshot,
  startModeration,
  type Person,
} from './moderation-test-kit';

/** Every line the service logs, at debug and above: what an operator could read. */
const logged: string[] = [];
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  }),
);

let h: ServiceHarness;
beforeAll(async () => {
  h = await startModeration({}, { logger });
});
afterAll(() => h.stop());

let author: Person;
let teacher: Person;
beforeEach(async () => {
  await h.reset();
  logged.length = 0;
  author = person(h, 'Asha Rao');
  teacher = person(h, 'Dr. Mehta', true);
});

const students = (n: number) => Array.from({ length: n }, (_, i) => person(h, `Student ${i + 1}`));

describe('the items, from their owners’ content.changed', () => {
  test('when an item is published and edited, then the queue shows the latest snapshot and every version, newest first', async () => {
    const post = await announce(h, snapshot(author, { title: 'Draft', text: 'first words' }));
    await announce(h, { ...post, title: 'Final', text: 'second words', change: 'edited', version: 2 });
    await report(h, students(1)[0]!, post).expect(201);

    const [entry] = await queueOf(h, teacher);

    expect(entry!.item).toMatchObject({
      title: 'Final',
      text: 'second words',
      version: 2,
      authorName: 'Asha Rao',
    });
    expect(entry!.versions.map((v) => [v.version, v.change, v.title, v.text])).toEqual([
      [2, 'edited', 'Final', 'second words'],
      [1, 'published', 'Draft', 'first words'],
    ]);
  });

  test('when a version arrives late or twice, then it is ignored: the newest snapshot stays and each version is kept once', async () => {
    const post = await announce(h, snapshot(author, { title: 'v1' }));
    await announce(h, { ...post, title: 'v3', change: 'edited', version: 3 });
    await announce(h, { ...post, title: 'v2 (late)', change: 'edited', version: 2 });
    await announce(h, { ...post, title: 'v3 again, other words', change: 'edited', version: 3 });
    await announce(h, { ...post, title: 'v1 again', change: 'published', version: 1 });
    await report(h, students(1)[0]!, post).expect(201);

    const [entry] = await queueOf(h, teacher);

    expect(entry!.item).toMatchObject({ title: 'v3', version: 3 });
    expect(entry!.versions.map((v) => [v.version, v.title])).toEqual([
      [3, 'v3'],
      [1, 'v1'],
    ]);
  });

  test('when its author deletes a reported item, then it is deleted for moderation too: its reports close, it leaves the queue, and a late edit does not bring it back', async () => {
    const post = await announce(h, snapshot(author));
    await report(h, students(1)[0]!, post).expect(201);

    await announce(h, { ...post, change: 'deleted', version: 2 });
    expect(await queueOf(h, teacher)).toEqual([]);
    await announce(h, { ...post, title: 'edited after?', change: 'edited', version: 3 });

    await report(h, person(h, 'Later'), post).expect(404);
    const refused = await act(h, teacher, post, 'hide').expect(409);
    expect(refused.body.code).toBe('ALREADY_DELETED');
  });

  test('when the first event moderation hears of an item is its deletion, then the item is known as deleted', async () => {
    const post = snapshot(author, { targetType: 'comment', change: 'deleted', version: 4 });
    await announce(h, post);
    await report(h, students(1)[0]!, post).expect(404);
  });
});

describe('GET /api/moderation/queue', () => {
  test('most reported first, a page at a time with X-Next-Cursor, and a cursor it did not give out is a 400', async () => {
    const reporters = students(3);
    const once = await announce(h, snapshot(author, { title: 'once' }));
    const twice = await announce(h, snapshot(author, { title: 'twice', targetType: 'job', link: '/jobs' }));
    const thrice = await announce(
      h,
      snapshot(author, { title: 'thrice', targetType: 'book', link: '/library' }),
    );
    await report(h, reporters[0]!, once).expect(201);
    for (const r of reporters.slice(0, 2)) await report(h, r, twice).expect(201);
    for (const r of reporters) await report(h, r, thrice).expect(201);

    const first = await request(h.url).get('/api/moderation/queue?limit=2').set(teacher.headers).expect(200);
    expect(first.body.map((q: { item: { title: string } }) => q.item.title)).toEqual(['thrice', 'twice']);
    expect(first.body[0]).toMatchObject({ reportCount: 3, item: { state: 'hidden', hiddenBy: 'reports' } });
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toEqual(expect.any(String));

    const second = await request(h.url)
      .get(`/api/moderation/queue?limit=2&cursor=${cursor}`)
      .set(teacher.headers)
      .expect(200);
    expect(second.body.map((q: { item: { title: string } }) => q.item.title)).toEqual(['once']);
    expect(second.headers['x-next-cursor']).toBeUndefined();

    const bad = await request(h.url)
      .get('/api/moderation/queue?cursor=bogus')
      .set(teacher.headers)
      .expect(400);
    expect(bad.body.message).toBe(MODERATION_MESSAGES.badCursor);
    const tooMany = await request(h.url)
      .get(`/api/moderation/queue?limit=${MODERATION_MAX_LIMIT + 1}`)
      .set(teacher.headers)
      .expect(400);
    expect(tooMany.body.message).toBe(pageMessages(MODERATION_MAX_LIMIT).limit);
  });
});

describe('GET /api/moderation/log', () => {
  test('newest first, a page at a time with X-Next-Cursor', async () => {
    const post = await announce(h, snapshot(author));
    await act(h, teacher, post, 'hide', 'First action.').expect(200);
    await act(h, teacher, post, 'restore', 'Second action.').expect(200);
    await act(h, teacher, post, 'hide', 'Third action.').expect(200);

    const first = await request(h.url).get('/api/moderation/log?limit=2').set(teacher.headers).expect(200);
    expect(first.body.map((e: { reason: string }) => e.reason)).toEqual(['Third action.', 'Second action.']);
    const second = await logOf(h, teacher, `?limit=2&cursor=${first.headers['x-next-cursor']}`);
    expect(second.map((e) => e.reason)).toEqual(['First action.']);
  });
});

describe('anonymity', () => {
  test('an anonymous author is in no queue or log answer, nor in the service’s logs: only a reveal names them', async () => {
    const post = await announce(
      h,
      snapshot(author, { anonymous: true, title: 'An honest review of the hostel', targetType: 'comment' }),
    );
    await announce(h, { ...post, text: 'edited words', change: 'edited', version: 2 });
    await announce(h, { ...post, change: 'edited', version: 2 }); // a repeat, logged as ignored
    for (const s of students(3)) await report(h, s, post).expect(201);
    await act(h, teacher, post, 'dismiss', 'Harsh but fair.').expect(200);
    await report(h, person(h, 'One more'), post).expect(201);

    const queue = await queueOf(h, teacher);
    expect(queue[0]!.item).toMatchObject({ authorName: 'Anonymous User', anonymous: true });
    const log = await logOf(h, teacher);
    expect(log.map((e) => e.action)).toEqual(['dismiss', 'hide']);
    for (const answer of [queue, log]) {
      expect(JSON.stringify(answer)).not.toContain(author.id);
      expect(JSON.stringify(answer)).not.toContain('Asha Rao');
    }

    await act(h, teacher, post, 'reveal', 'The hostel warden asked formally.').expect(200);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(author.id);
    expect(logged.join('\n')).not.toContain('Asha Rao');
  });

  test('a named author is shown by name in the queue, never by id', async () => {
    const post = await announce(h, snapshot(author));
    await report(h, students(1)[0]!, post).expect(201);
    const queue = await queueOf(h, teacher);
    expect(queue[0]!.item).toMatchObject({ authorName: 'Asha Rao', anonymous: false });
    expect(JSON.stringify(queue)).not.toContain(author.id);
  });
});

describe('a forged queue cursor', () => {
  test.each([
    ['not base64 JSON', 'bm90IGpzb24'],
    [
      'an id that is not one',
      Buffer.from(JSON.stringify([1, 1, '2026-03-01T09:00:00.000Z', 'x'])).toString('base64url'),
    ],
    [
      'a count past the column',
      Buffer.from(
        JSON.stringify([2 ** 40, 1, '2026-03-01T09:00:00.000Z', '00000000-0000-4000-8000-000000000000']),
      ).toString('base64url'),
    ],
    [
      'a date in year 0000 (ISO, but no database stores it)',
      Buffer.from(
        JSON.stringify([1, 1, '0000-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000000']),
      ).toString('base64url'),
    ],
  ])('%s: 400 with the cursor message', async (_what, cursor) => {
    const res = await request(h.url)
      .get(`/api/moderation/queue?cursor=${cursor}`)
      .set(teacher.headers)
      .expect(400);
    expect(res.body.message).toBe(MODERATION_MESSAGES.badCursor);
  });
});

describe('a forged log cursor', () => {
  test.each([
    ['year 0000', '0000-06-01T00:00:00.000Z'],
    ['year 0001 that is year 0000 in UTC', '0001-01-01T00:00:00.000+01:00'],
  ])('dated %s: 400 with the cursor message, not the generic one', async (_what, at) => {
    const cursor = Buffer.from(JSON.stringify([at, '00000000-0000-4000-8000-000000000000'])).toString(
      'base64url',
    );
    const res = await request(h.url)
      .get(`/api/moderation/log?cursor=${cursor}`)
      .set(teacher.headers)
      .expect(400);
    expect(res.body.message).toBe(pageMessages(MODERATION_MAX_LIMIT).cursor);
  });
});
