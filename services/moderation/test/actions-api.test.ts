import request from 'supertest';
import { MODERATION_MESSAGES, MODERATION_REASON_MAX } from '@campus/contracts/moderation-rules';
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
let student: Person;
let teacher: Person;
beforeEach(async () => {
  await h.reset();
  author = person(h, 'Asha Rao');
  student = person(h, 'Ravi Kumar');
  teacher = person(h, 'Dr. Mehta', true);
});

describe('who may call what', () => {
  const routes = [
    { method: 'post', path: '/api/reports', teacherOnly: false },
    { method: 'get', path: '/api/moderation/queue', teacherOnly: true },
    { method: 'post', path: '/api/moderation/actions', teacherOnly: true },
    { method: 'get', path: '/api/moderation/log', teacherOnly: true },
  ] as const;

  test.each(routes)('$method $path: a guest gets 401', async ({ method, path }) => {
    const res = await request(h.url)[method](path).send({}).expect(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  test.each(routes.filter((r) => r.teacherOnly))(
    '$method $path: a student gets 403 and nothing changes',
    async ({ method, path }) => {
      const post = await announce(h, snapshot(author));
      const call = request(h.url)[method](path);
      const res = await call
        .set(student.headers)
        .send({ targetType: 'post', targetId: post.targetId, action: 'hide', reason: 'I do not like it.' })
        .expect(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(await decisions(h)).toEqual([]);
      expect(await logOf(h, teacher)).toEqual([]);
    },
  );

  test('a teacher reads the queue and the log, privately', async () => {
    for (const path of ['/api/moderation/queue', '/api/moderation/log']) {
      const res = await request(h.url).get(path).set(teacher.headers).expect(200);
      expect(res.body).toEqual([]);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  test('a teacher may report too (a student route), and a student’s report is 201', async () => {
    const post = await announce(h, snapshot(author));
    await report(h, teacher, post).expect(201);
    await report(h, student, post).expect(201);
  });
});

describe('POST /api/moderation/actions', () => {
  test('when a teacher hides a visible item, then it is hidden with the reason, the owner is told, and the log says who', async () => {
    const post = await announce(h, snapshot(author, { title: 'Cheap phones', link: '/community/x' }));

    const res = await act(h, teacher, post, 'hide', 'Selling phones is not allowed.').expect(200);

    expect(res.body).toEqual({
      success: true,
      message: MODERATION_MESSAGES.done.hide,
      data: {
        item: expect.objectContaining({
          targetType: 'post',
          targetId: post.targetId,
          state: 'hidden',
          hiddenBy: 'moderator',
          hiddenReason: 'Selling phones is not allowed.',
        }),
      },
    });
    expect(await decisions(h)).toEqual([
      {
        name: 'moderation.content.hidden',
        payload: {
          targetType: 'post',
          targetId: post.targetId,
          authorId: author.id,
          title: 'Cheap phones',
          link: '/community/x',
          reason: 'Selling phones is not allowed.',
          by: 'moderator',
          decision: 1,
        },
      },
    ]);
    expect(await logOf(h, teacher)).toEqual([
      {
        _id: expect.any(String),
        action: 'hide',
        by: 'moderator',
        moderator: { id: teacher.id, name: 'Dr. Mehta' },
        targetType: 'post',
        targetId: post.targetId,
        title: 'Cheap phones',
        link: '/community/x',
        reason: 'Selling phones is not allowed.',
        createdAt: expect.any(String),
      },
    ]);
  });

  test('when a teacher hides a hidden item, or restores a visible one, then 409 with a sentence and nothing is published', async () => {
    const post = await announce(h, snapshot(author));
    const notHidden = await act(h, teacher, post, 'restore').expect(409);
    expect(notHidden.body).toMatchObject({ code: 'NOT_HIDDEN', message: MODERATION_MESSAGES.notHidden });

    await act(h, teacher, post, 'hide').expect(200);
    const again = await act(h, teacher, post, 'hide').expect(409);
    expect(again.body).toMatchObject({ code: 'ALREADY_HIDDEN', message: MODERATION_MESSAGES.alreadyHidden });

    expect((await decisions(h)).map((d) => d.name)).toEqual(['moderation.content.hidden']);
  });

  test('when a teacher restores a hidden item, then it is visible again and the owner is told', async () => {
    const post = await announce(h, snapshot(author));
    await act(h, teacher, post, 'hide', 'Looks like spam.').expect(200);

    const res = await act(h, teacher, post, 'restore', 'On a second look it is fine.').expect(200);

    expect(res.body).toMatchObject({
      message: MODERATION_MESSAGES.done.restore,
      data: { item: { state: 'visible', hiddenBy: null, hiddenReason: null } },
    });
    expect((await decisions(h)).map((d) => [d.name, d.payload.reason])).toEqual([
      ['moderation.content.hidden', 'Looks like spam.'],
      ['moderation.content.restored', 'On a second look it is fine.'],
    ]);
  });

  test('when a teacher deletes an item, then the owner is told to delete it, it can no longer be reported, and a second delete is 409', async () => {
    const post = await announce(h, snapshot(author));
    await report(h, student, post).expect(201);

    const res = await act(h, teacher, post, 'delete', 'Shares a phone number.').expect(200);

    expect(res.body).toMatchObject({
      message: MODERATION_MESSAGES.done.delete,
      data: { item: { state: 'deleted' } },
    });
    expect((await decisions(h)).map((d) => [d.name, d.payload.authorId, d.payload.by])).toEqual([
      ['moderation.content.deleted', author.id, 'moderator'],
    ]);
    expect(await queueOf(h, teacher)).toEqual([]);
    await report(h, person(h, 'Late reporter'), post).expect(404);
    for (const action of ['delete', 'hide', 'restore'] as const) {
      const refused = await act(h, teacher, post, action).expect(409);
      expect(refused.body).toMatchObject({
        code: 'ALREADY_DELETED',
        message: MODERATION_MESSAGES.alreadyDeleted,
      });
    }
    expect(await decisions(h)).toHaveLength(1);
  });

  test('each decision about an item carries the next number for that item (hide by reports, hide, restore, delete), counted per item', async () => {
    const post = await announce(h, snapshot(author));
    const other = await announce(h, snapshot(author, { title: 'Another post' }));
    for (const s of [student, person(h, 'Second'), person(h, 'Third')]) await report(h, s, post).expect(201);
    await act(h, teacher, other, 'hide', 'Off topic for this board.').expect(200);
    await act(h, teacher, post, 'hide', 'Advertising is not allowed here.').expect(200);
    await act(h, teacher, post, 'restore', 'Fine after a second look.').expect(200);
    await act(h, teacher, post, 'delete', 'Shares a phone number.').expect(200);

    expect((await decisions(h)).map((d) => [d.name, d.payload.targetId, d.payload.decision])).toEqual([
      ['moderation.content.hidden', post.targetId, 1],
      ['moderation.content.hidden', other.targetId, 1],
      ['moderation.content.hidden', post.targetId, 2],
      ['moderation.content.restored', post.targetId, 3],
      ['moderation.content.deleted', post.targetId, 4],
    ]);
  });

  test('when a teacher dismisses an item with no open reports, then 409 NO_OPEN_REPORTS', async () => {
    const post = await announce(h, snapshot(author));
    const res = await act(h, teacher, post, 'dismiss').expect(409);
    expect(res.body).toMatchObject({ code: 'NO_OPEN_REPORTS', message: MODERATION_MESSAGES.noOpenReports });
  });

  test('when a teacher dismisses the reports of a visible item, then they close, the item leaves the queue, and nothing is published', async () => {
    const post = await announce(h, snapshot(author));
    await report(h, student, post).expect(201);

    const res = await act(h, teacher, post, 'dismiss', 'Not against any rule.').expect(200);

    expect(res.body).toMatchObject({
      message: MODERATION_MESSAGES.done.dismiss,
      data: { item: { state: 'visible' } },
    });
    expect(await queueOf(h, teacher)).toEqual([]);
    expect(await decisions(h)).toEqual([]);
    expect((await logOf(h, teacher)).map((e) => e.action)).toEqual(['dismiss']);
  });

  test('when the item is unknown, then 404 NO_SUCH_ITEM', async () => {
    const res = await act(h, teacher, { targetType: 'book', targetId: 'nope' }, 'hide').expect(404);
    expect(res.body).toMatchObject({ code: 'NO_SUCH_ITEM', message: MODERATION_MESSAGES.noSuchItem });
  });

  test('when the body is wrong, then 400 with the message for the field and nothing happens', async () => {
    const post = await announce(h, snapshot(author));
    const send = (body: object) =>
      request(h.url).post('/api/moderation/actions').set(teacher.headers).send(body).expect(400);
    const base = { targetType: 'post', targetId: post.targetId, action: 'hide', reason: 'A good reason.' };

    expect((await send({ ...base, action: 'ban' })).body.message).toBe(MODERATION_MESSAGES.action);
    expect((await send({ ...base, action: undefined })).body.message).toBe(MODERATION_MESSAGES.action);
    expect((await send({ ...base, reason: undefined })).body.message).toBe(MODERATION_MESSAGES.actionReason);
    expect((await send({ ...base, reason: '  bad ' })).body.message).toBe(MODERATION_MESSAGES.actionReason);
    expect((await send({ ...base, reason: 'x'.repeat(MODERATION_REASON_MAX + 1) })).body.message).toBe(
      MODERATION_MESSAGES.actionReasonTooLong,
    );
    expect((await send({ ...base, targetType: 'tweet' })).body.message).toBe(MODERATION_MESSAGES.targetType);
    expect(await decisions(h)).toEqual([]);
    expect(await logOf(h, teacher)).toEqual([]);
  });
});

describe('reveal', () => {
  test('when a teacher reveals the author of an anonymous item, then only that answer names them, and every teacher sees the reveal in the log', async () => {
    const post = await announce(h, snapshot(author, { anonymous: true, title: 'Who runs the canteen?' }));
    await report(h, student, post, 'harassment').expect(201);

    const res = await act(h, teacher, post, 'reveal', 'Threats against a student need a name.').expect(200);

    expect(res.body).toEqual({
      success: true,
      message: MODERATION_MESSAGES.done.reveal,
      data: {
        item: expect.objectContaining({ authorName: 'Anonymous User', anonymous: true }),
        author: { id: author.id, name: 'Asha Rao' },
      },
    });
    const another = person(h, 'Prof. Iyer', true);
    const log = await logOf(h, another);
    expect(log).toEqual([
      expect.objectContaining({
        action: 'reveal',
        moderator: { id: teacher.id, name: 'Dr. Mehta' },
        title: 'Who runs the canteen?',
        reason: 'Threats against a student need a name.',
      }),
    ]);
    // The log records that a reveal happened, never whom it named.
    expect(JSON.stringify(log)).not.toContain(author.id);
    expect(JSON.stringify(log)).not.toContain('Asha Rao');
    // A reveal decides nothing: the reports stay open, nothing is published.
    expect((await queueOf(h, another))[0]).toMatchObject({ reportCount: 1, item: { state: 'visible' } });
    expect(await decisions(h)).toEqual([]);
  });

  test('when a teacher reveals the author of an item that is not anonymous, then 422 NOT_ANONYMOUS and nothing is logged', async () => {
    const post = await announce(h, snapshot(author));
    const res = await act(h, teacher, post, 'reveal', 'Just curious who it is.').expect(422);
    expect(res.body).toMatchObject({ code: 'NOT_ANONYMOUS', message: MODERATION_MESSAGES.notAnonymous });
    expect(await logOf(h, teacher)).toEqual([]);
  });

  test('no other action’s answer carries the author', async () => {
    const post = await announce(h, snapshot(author, { anonymous: true }));
    await report(h, student, post).expect(201);
    for (const action of ['hide', 'restore', 'dismiss', 'delete'] as const) {
      const res = await act(h, teacher, post, action).expect(200);
      expect(res.body.data.author).toBeUndefined();
      expect(JSON.stringify(res.body)).not.toContain(author.id);
      expect(JSON.stringify(res.body)).not.toContain('Asha Rao');
      if (action === 'restore') await report(h, person(h, 'Another'), post).expect(201);
    }
  });
});
