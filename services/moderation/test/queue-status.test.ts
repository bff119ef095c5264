import request from 'supertest';
import { MODERATION_MESSAGES } from '@campus/contracts/moderation-rules';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import {
  act,
  announce,
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

const students = (n: number) => Array.from({ length: n }, (_, i) => person(h, `Student ${i + 1}`));
const titles = (entries: Array<{ item: { title: string } }>) => entries.map((e) => e.item.title);

/**
 * Five items in every state the views tell apart, acted on in this order (the clock moves a second
 * per reading): reported (open), hidden by reports, hidden by a teacher (never reported), restored
 * after reports, and one nobody reported or acted on.
 */
async function fiveItems() {
  const [open, byReports, byTeacher, restored, untouched] = await Promise.all(
    ['Open', 'By reports', 'By teacher', 'Restored', 'Untouched'].map((title) =>
      announce(h, snapshot(author, { title })),
    ),
  );
  const [s1, s2, s3] = students(3);
  await report(h, s1!, open!).expect(201);
  for (const s of [s1, s2, s3]) await report(h, s!, byReports!).expect(201);
  await act(h, teacher, byTeacher!, 'hide').expect(200);
  await report(h, s1!, restored!).expect(201);
  await act(h, teacher, restored!, 'hide').expect(200);
  await act(h, teacher, restored!, 'restore', 'Fine after all, on a second look.').expect(200);
  return {
    open: open!,
    byReports: byReports!,
    byTeacher: byTeacher!,
    restored: restored!,
    untouched: untouched!,
  };
}

describe('GET /api/moderation/queue?status=', () => {
  test('when no status is given (or open), then only items with open reports or hidden by reports, as before', async () => {
    await fiveItems();
    expect(titles(await queueOf(h, teacher)).sort()).toEqual(['By reports', 'Open']);
    expect(titles(await queueOf(h, teacher, '?status=open')).sort()).toEqual(['By reports', 'Open']);
  });

  test('when status=hidden, then every hidden item, by reports or by a teacher, latest activity first', async () => {
    await fiveItems();
    const hidden = await queueOf(h, teacher, '?status=hidden');
    expect(titles(hidden)).toEqual(['By teacher', 'By reports']);
    expect(hidden.map((e) => e.item.state)).toEqual(['hidden', 'hidden']);
  });

  test('when status=all, then every item ever reported or acted on, the restored one included, latest activity first', async () => {
    const { open } = await fiveItems();
    expect(titles(await queueOf(h, teacher, '?status=all'))).toEqual([
      'Restored',
      'By teacher',
      'By reports',
      'Open',
    ]);
    // A new report on the oldest moves it to the top: its activity is the latest now.
    await report(h, students(4)[3]!, open).expect(201);
    expect(titles(await queueOf(h, teacher, '?status=all'))[0]).toBe('Open');
  });

  test('when a restored item is found in all, then a teacher can hide it again and it is in hidden', async () => {
    const { restored } = await fiveItems();
    const found = (await queueOf(h, teacher, '?status=all')).find((e) => e.item.title === 'Restored');
    expect(found!.item.state).toBe('visible');
    expect(found!.reports).toEqual([]);
    await act(h, teacher, restored, 'hide', 'Hidden again after a second complaint.').expect(200);
    expect(titles(await queueOf(h, teacher, '?status=hidden'))[0]).toBe('Restored');
  });

  test.each(['hidden', 'all'])(
    'when status=%s is read a page at a time, then X-Next-Cursor leads through every item once, in order',
    async (status) => {
      await fiveItems();
      const whole = titles(await queueOf(h, teacher, `?status=${status}`));
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const res = await request(h.url)
          .get(`/api/moderation/queue?status=${status}&limit=1${cursor ? `&cursor=${cursor}` : ''}`)
          .set(teacher.headers)
          .expect(200);
        seen.push(...titles(res.body));
        cursor = res.headers['x-next-cursor'];
      } while (cursor);
      expect(seen).toEqual(whole);
    },
  );

  test("when a cursor of one order is sent with the other's status, then 400 with the cursor message", async () => {
    await fiveItems();
    const open = await request(h.url).get('/api/moderation/queue?limit=1').set(teacher.headers).expect(200);
    const all = await request(h.url)
      .get('/api/moderation/queue?status=all&limit=1')
      .set(teacher.headers)
      .expect(200);
    const wrong = [
      `?status=all&cursor=${open.headers['x-next-cursor']}`,
      `?cursor=${all.headers['x-next-cursor']}`,
    ];
    for (const query of wrong) {
      const res = await request(h.url).get(`/api/moderation/queue${query}`).set(teacher.headers).expect(400);
      expect(res.body.message).toBe(MODERATION_MESSAGES.badCursor);
    }
  });

  test('when the status is not one of open, hidden, all, then 400 with the message', async () => {
    const res = await request(h.url)
      .get('/api/moderation/queue?status=closed')
      .set(teacher.headers)
      .expect(400);
    expect(res.body.message).toBe('status must be open, hidden or all');
  });

  test('when a student asks for any status, then 403', async () => {
    await request(h.url).get('/api/moderation/queue?status=all').set(students(1)[0]!.headers).expect(403);
  });
});
