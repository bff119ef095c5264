import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  NOTIFICATION_KINDS,
  NOTIFICATIONS_MAX_LIMIT,
  NOTIFICATIONS_MESSAGES,
  NOTIFICATIONS_READ_MAX_IDS,
} from '@campus/contracts/notifications-rules';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import {
  changedEvents,
  deliver,
  envelope,
  listOf,
  mailOf,
  person,
  register,
  setPreferences,
  startNotifications,
  unreadOf,
  type Person,
} from './notifications-test-kit';

/** The API a signed-in user has: their own list, count, marking read and preferences (no SMTP_URL here). */
let h: ServiceHarness;
beforeAll(async () => {
  ({ h } = await startNotifications());
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

/** A verdict for each title, oldest first: one notification each. */
async function verdicts(uploader: Person, ...titles: string[]) {
  await deliver(
    h,
    ...titles.map((title) =>
      envelope('library.book.reviewed', {
        bookId: randomUUID(),
        uploadedBy: uploader.id,
        reviewerId: randomUUID(),
        verifiedBy: 'Dr. Meera Iyer',
        status: 'accepted',
        title,
      }),
    ),
  );
}
const titled = (title: string) => `Your book “${title}” was accepted by Dr. Meera Iyer`;

const markRead = (p: Person, body: unknown) =>
  request(h.url)
    .patch('/api/notifications/read')
    .set(p.headers)
    .send(body as object);

describe('who may call it', () => {
  test('when a guest calls any notifications route, then 401', async () => {
    await request(h.url).get('/api/notifications').expect(401);
    await request(h.url).get('/api/notifications/unread-count').expect(401);
    await request(h.url).patch('/api/notifications/read').send({ all: true }).expect(401);
    await request(h.url).get('/api/notifications/preferences').expect(401);
    await request(h.url).put('/api/notifications/preferences').send({ kinds: [] }).expect(401);
  });

  test('when B asks for notifications, then B sees only B’s, and the answers are private', async () => {
    const asha = person(h, 'Asha Rao');
    const bilal = person(h, 'Bilal Khan');
    await verdicts(asha, 'Asha’s notes');

    const res = await request(h.url).get('/api/notifications').set(bilal.headers).expect(200);
    expect(res.body).toEqual([]);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await unreadOf(h, bilal)).toBe(0);
    expect((await listOf(h, asha)).map((n) => n.text)).toEqual([titled('Asha’s notes')]);
  });

  test('when B marks A’s notification read, then nothing changes, B learns nothing and nothing is emitted', async () => {
    const asha = person(h, 'Asha Rao');
    const bilal = person(h, 'Bilal Khan');
    await verdicts(asha, 'Asha’s notes');
    const [mine] = await listOf(h, asha);
    const before = (await changedEvents(h)).length;

    const foreign = await markRead(bilal, { ids: [mine!._id] }).expect(200);
    const unknown = await markRead(bilal, { ids: [randomUUID(), 'not-an-id'] }).expect(200);
    await markRead(bilal, { all: true }).expect(200);

    expect(foreign.body).toEqual({ count: 0 });
    expect(unknown.body).toEqual(foreign.body);
    expect(await unreadOf(h, asha)).toBe(1);
    expect((await listOf(h, asha))[0]).toMatchObject({ read: false });
    expect(await changedEvents(h)).toHaveLength(before);
  });
});

describe('the list', () => {
  test('when I have 25, then pages of 20 newest first and the rest after the X-Next-Cursor, with no cursor after the last', async () => {
    const asha = person(h, 'Asha Rao');
    const titles = Array.from({ length: 25 }, (_, i) => `Book ${i + 1}`);
    await verdicts(asha, ...titles);

    const first = await request(h.url).get('/api/notifications').set(asha.headers).expect(200);
    expect(first.body.map((n: { text: string }) => n.text)).toEqual(titles.slice(5).reverse().map(titled));
    const cursor = first.headers['x-next-cursor'] as string | undefined;
    expect(cursor).toEqual(expect.any(String));

    const rest = await request(h.url)
      .get(`/api/notifications?cursor=${encodeURIComponent(cursor!)}`)
      .set(asha.headers)
      .expect(200);
    expect(rest.body.map((n: { text: string }) => n.text)).toEqual(titles.slice(0, 5).reverse().map(titled));
    expect(rest.headers['x-next-cursor']).toBeUndefined();

    const small = await request(h.url).get('/api/notifications?limit=2').set(asha.headers).expect(200);
    expect(small.body).toHaveLength(2);
    expect(small.body[0]).toEqual({
      _id: expect.any(String),
      kind: 'library.verdict',
      text: titled('Book 25'),
      link: '/profile/uploads',
      actor: { name: 'Dr. Meera Iyer' },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      read: false,
      count: 1,
    });
  });

  test('when a grouped notification gets a new cause, then it moves to the top', async () => {
    const asha = person(h, 'Asha Rao');
    const postId = randomUUID();
    const comment = () =>
      envelope('community.comment.created', {
        commentId: randomUUID(),
        postId,
        parentId: null,
        postTitle: 'Hostel wifi',
        actorName: 'Rohan Das',
        concerns: { postAuthor: asha.id, parentAuthor: null, mentioned: [], followers: [] },
      });
    await deliver(h, comment());
    await verdicts(asha, 'Later');
    await deliver(h, comment());
    expect((await listOf(h, asha)).map((n) => n.count)).toEqual([2, 1]);
  });

  test('when the cursor was not given out or the limit is over the cap, then 400 with a sentence', async () => {
    const asha = person(h, 'Asha Rao');
    const bad = await request(h.url).get('/api/notifications?cursor=bogus').set(asha.headers).expect(400);
    expect(bad.body.message).toBe(
      'The cursor is not one this list gave out. Start again from the first page.',
    );
    const forged = Buffer.from(JSON.stringify([new Date().toISOString(), 'not-a-uuid'])).toString(
      'base64url',
    );
    await request(h.url).get(`/api/notifications?cursor=${forged}`).set(asha.headers).expect(400);
    const big = await request(h.url)
      .get(`/api/notifications?limit=${NOTIFICATIONS_MAX_LIMIT + 1}`)
      .set(asha.headers)
      .expect(400);
    expect(big.body.message).toContain(`Limit must be a whole number from 1 to ${NOTIFICATIONS_MAX_LIMIT}`);
  });
});

describe('marking read', () => {
  test('when I mark one read, then the count drops, the list shows it read, and my other tabs are told the new count', async () => {
    const asha = person(h, 'Asha Rao');
    await verdicts(asha, 'One', 'Two', 'Three');
    const [newest] = await listOf(h, asha);

    expect((await markRead(asha, { ids: [newest!._id] }).expect(200)).body).toEqual({ count: 2 });
    expect(await unreadOf(h, asha)).toBe(2);
    expect((await listOf(h, asha)).map((n) => n.read)).toEqual([true, false, false]);
    expect((await changedEvents(h)).at(-1)).toEqual({ userId: asha.id, unread: 2 });

    // Marking it again changes nothing and tells nobody.
    const emitted = (await changedEvents(h)).length;
    expect((await markRead(asha, { ids: [newest!._id] }).expect(200)).body).toEqual({ count: 2 });
    expect(await changedEvents(h)).toHaveLength(emitted);
  });

  test('when I mark all read, then the count is 0 and every one is read', async () => {
    const asha = person(h, 'Asha Rao');
    await verdicts(asha, 'One', 'Two');
    expect((await markRead(asha, { all: true }).expect(200)).body).toEqual({ count: 0 });
    expect(await unreadOf(h, asha)).toBe(0);
    expect((await listOf(h, asha)).every((n) => n.read)).toBe(true);
    expect((await changedEvents(h)).at(-1)).toEqual({ userId: asha.id, unread: 0 });
  });

  test('when the body names nothing to mark or too many ids, then 400 with the sentence that says what to send', async () => {
    const asha = person(h, 'Asha Rao');
    for (const body of [{}, { ids: [] }, { all: false }, { ids: 'x' }]) {
      const res = await markRead(asha, body).expect(400);
      expect(res.body.message).toBe(NOTIFICATIONS_MESSAGES.readTarget);
    }
    const tooMany = Array.from({ length: NOTIFICATIONS_READ_MAX_IDS + 1 }, () => randomUUID());
    expect((await markRead(asha, { ids: tooMany }).expect(400)).body.message).toBe(
      NOTIFICATIONS_MESSAGES.tooManyIds,
    );
  });
});

describe('preferences', () => {
  const defaults = (kinds: Array<keyof typeof NOTIFICATION_KINDS>) =>
    kinds.map((kind) => ({
      kind,
      label: NOTIFICATION_KINDS[kind].label,
      ...NOTIFICATION_KINDS[kind].defaults,
    }));
  const everyone = [
    'community.reply',
    'community.mention',
    'community.answer',
    'community.campaign',
    'community.thread',
    'library.verdict',
    'careers.deadline',
    'events.new',
    'events.reminder',
    'moderation.outcome',
    'housing.interest',
    'housing.answer',
  ] as const;

  test('when a student has chosen nothing, then every kind they may receive with its declared defaults, and email unavailable', async () => {
    const asha = person(h, 'Asha Rao');
    const res = await request(h.url).get('/api/notifications/preferences').set(asha.headers).expect(200);
    expect(res.body).toEqual({ kinds: defaults([...everyone]), emailAvailable: false });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  test('when a teacher asks, then the teachers-only kind is listed too', async () => {
    const meera = person(h, 'Dr. Meera Iyer', true);
    const res = await request(h.url).get('/api/notifications/preferences').set(meera.headers).expect(200);
    expect(res.body.kinds.map((k: { kind: string }) => k.kind)).toEqual(Object.keys(NOTIFICATION_KINDS));
    expect(res.body.kinds).toContainEqual({
      kind: 'library.review-waiting',
      label: NOTIFICATION_KINDS['library.review-waiting'].label,
      inApp: true,
      email: 'daily',
    });
  });

  test('when I set some kinds, then those change, the others keep theirs, and the whole set is answered', async () => {
    const asha = person(h, 'Asha Rao');
    const saved = await setPreferences(h, asha, [
      { kind: 'events.new', inApp: true, email: 'daily' },
      { kind: 'community.thread', label: 'ignored', inApp: false, email: 'off' },
    ]);
    const expected = defaults([...everyone]).map((k) =>
      k.kind === 'events.new'
        ? { ...k, inApp: true, email: 'daily' }
        : k.kind === 'community.thread'
          ? { ...k, inApp: false, email: 'off' }
          : k,
    );
    expect(saved).toEqual({ kinds: expected, emailAvailable: false });
    await setPreferences(h, asha, [{ kind: 'events.new', inApp: false, email: 'instant' }]);
    const again = await request(h.url).get('/api/notifications/preferences').set(asha.headers).expect(200);
    expect(again.body.kinds).toContainEqual(
      expect.objectContaining({ kind: 'events.new', inApp: false, email: 'instant' }),
    );
    expect(again.body.kinds).toContainEqual(
      expect.objectContaining({ kind: 'community.thread', inApp: false }),
    );
  });

  test('when a student sets the teachers-only kind, then 403 with its message and nothing is saved', async () => {
    const asha = person(h, 'Asha Rao');
    const res = await request(h.url)
      .put('/api/notifications/preferences')
      .set(asha.headers)
      .send({
        kinds: [
          { kind: 'events.new', inApp: true, email: 'off' },
          { kind: 'library.review-waiting', inApp: false, email: 'off' },
        ],
      })
      .expect(403);
    expect(res.body.message).toBe(NOTIFICATIONS_MESSAGES.teachersOnly);
    const now = await request(h.url).get('/api/notifications/preferences').set(asha.headers).expect(200);
    expect(now.body.kinds).toContainEqual(expect.objectContaining({ kind: 'events.new', inApp: false }));
  });

  test('when a kind does not exist or a choice is not one of the options, then 400 with a sentence', async () => {
    const asha = person(h, 'Asha Rao');
    const put = (kinds: unknown) =>
      request(h.url).put('/api/notifications/preferences').set(asha.headers).send({ kinds }).expect(400);
    expect((await put([{ kind: 'community.gossip', inApp: true, email: 'off' }])).body.message).toBe(
      NOTIFICATIONS_MESSAGES.unknownKind,
    );
    expect((await put([{ kind: 'events.new', inApp: true, email: 'weekly' }])).body.message).toBe(
      'Email must be one of: off, instant, daily.',
    );
    expect((await put([{ kind: 'events.new', inApp: 'yes', email: 'off' }])).body.message).toBe(
      'inApp must be true or false',
    );
  });

  test('when I turn a kind off in the app (and no email is sent here), then it no longer reaches me', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    await setPreferences(h, asha, [{ kind: 'library.verdict', inApp: false, email: 'instant' }]);
    await verdicts(asha, 'Unseen');
    expect(await listOf(h, asha)).toEqual([]);
    expect(await mailOf(h, asha)).toEqual([]);
    expect(await changedEvents(h)).toEqual([]);
  });
});
