import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventPayload } from '@campus/contracts/events';
import { NOTIFICATION_KINDS } from '@campus/contracts/notifications-rules';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import {
  changedEvents,
  deliver,
  envelope,
  listOf,
  person,
  register,
  setPreferences,
  startNotifications,
  unreadOf,
  type Person,
} from './notifications-test-kit';

let h: ServiceHarness;
beforeAll(async () => {
  ({ h } = await startNotifications());
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

type Decision = 'moderation.content.hidden' | 'moderation.content.deleted' | 'moderation.content.restored';

/** A moderation decision about an item of `author`, as the moderation service publishes it. */
const decision = (
  name: Decision,
  author: Person,
  fields: Partial<EventPayload<'moderation.content.hidden'>> = {},
) => {
  const targetId = fields.targetId ?? randomUUID();
  return envelope(name, {
    targetType: 'post',
    targetId,
    authorId: author.id,
    title: 'Exam timetable clash',
    link: `/post/${targetId}`,
    reason: 'Names a classmate and mocks them',
    by: 'moderator',
    ...fields,
  });
};

const only = async (p: Person) => {
  const list = await listOf(h, p);
  expect(list).toHaveLength(1);
  return list[0]!;
};

describe('moderation.outcome: a moderator acts on what I wrote', () => {
  test('when a moderator hides my post, then I alone get "Your post “T” was hidden by a moderator: <reason>" linking to it, from nobody', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    const bystander = await register(h, person(h, 'Rohan Das'));
    const hidden = decision('moderation.content.hidden', asha);
    await deliver(h, hidden);

    expect(await only(asha)).toEqual({
      _id: expect.any(String),
      kind: 'moderation.outcome',
      text: 'Your post “Exam timetable clash” was hidden by a moderator: Names a classmate and mocks them',
      link: hidden.payload.link,
      actor: null,
      createdAt: expect.any(String),
      read: false,
      count: 1,
    });
    expect(await unreadOf(h, asha)).toBe(1);
    expect(await listOf(h, bystander)).toEqual([]);
    // Only the author's notification left the service: nobody else is told, live or later.
    expect((await changedEvents(h)).map((e) => e.userId)).toEqual([asha.id]);
  });

  test('when reports hide my job post, then "Your job post “T” was hidden after several reports; a teacher will review it."', async () => {
    const asha = person(h, 'Asha Rao');
    const hidden = decision('moderation.content.hidden', asha, {
      targetType: 'job',
      title: 'Acme: Backend Intern',
      link: '/jobs?job=j1',
      reason: 'Reported by several users; a teacher will review it.',
      by: 'reports',
    });
    await deliver(h, hidden);
    expect(await only(asha)).toMatchObject({
      kind: 'moderation.outcome',
      text: 'Your job post “Acme: Backend Intern” was hidden after several reports; a teacher will review it.',
      link: '/jobs?job=j1',
      actor: null,
    });
  });

  test('when a moderator deletes my flat request, then "Your flat request “T” was removed by a moderator: <reason>", linking to the list it was in (the item is gone)', async () => {
    const asha = person(h, 'Asha Rao');
    await deliver(
      h,
      decision('moderation.content.deleted', asha, {
        targetType: 'flat',
        title: 'Koramangala, 2 BHK',
        link: '/roomfinder?flat=f1',
        reason: 'A fake listing asking for a deposit',
      }),
    );
    expect(await only(asha)).toMatchObject({
      text: 'Your flat request “Koramangala, 2 BHK” was removed by a moderator: A fake listing asking for a deposit',
      link: '/roomfinder',
      actor: null,
    });
  });

  test('when a moderator restores my comment, then "Your comment “T” is visible again." linking to it', async () => {
    const asha = person(h, 'Asha Rao');
    const postId = randomUUID();
    const restored = decision('moderation.content.restored', asha, {
      targetType: 'comment',
      title: 'Exam timetable clash',
      link: `/post/${postId}#comment-c1`,
      reason: 'The reports were mistaken',
    });
    await deliver(h, restored);
    expect(await only(asha)).toMatchObject({
      text: 'Your comment “Exam timetable clash” is visible again.',
      link: `/post/${postId}#comment-c1`,
    });
  });

  test('when the decision names no title, then the sentence leaves it out', async () => {
    const asha = person(h, 'Asha Rao');
    await deliver(
      h,
      decision('moderation.content.hidden', asha, { targetType: 'book', title: '', link: '/library' }),
    );
    expect(await only(asha)).toMatchObject({
      text: 'Your book was hidden by a moderator: Names a classmate and mocks them',
    });
  });

  test('when the same decision is delivered twice, then I have one notification', async () => {
    const asha = person(h, 'Asha Rao');
    const hidden = decision('moderation.content.hidden', asha);
    await deliver(h, hidden);
    await h.bus.publish(hidden);
    await h.waitForDeliveries(hidden.id, 2);

    expect(await listOf(h, asha)).toHaveLength(1);
    expect(await changedEvents(h)).toHaveLength(1);
  });

  test('when I turned the kind off in the app and by email, then a decision reaches me nowhere', async () => {
    const asha = await register(h, person(h, 'Asha Rao'));
    const rohan = await register(h, person(h, 'Rohan Das'));
    await setPreferences(h, asha, [{ kind: 'moderation.outcome', inApp: false, email: 'off' }]);
    await deliver(
      h,
      decision('moderation.content.hidden', asha),
      decision('moderation.content.hidden', rohan),
    );
    expect(await listOf(h, asha)).toEqual([]);
    expect(await unreadOf(h, asha)).toBe(0);
    // The same decision about someone who kept the defaults does reach them.
    expect(await only(rohan)).toMatchObject({ kind: 'moderation.outcome' });
  });

  test('when I have chosen nothing, then the kind is on in the app and by instant email, under its label', async () => {
    const asha = person(h, 'Asha Rao');
    const res = await request(h.url).get('/api/notifications/preferences').set(asha.headers).expect(200);
    expect(res.body.kinds).toContainEqual({
      kind: 'moderation.outcome',
      label: NOTIFICATION_KINDS['moderation.outcome'].label,
      inApp: true,
      email: 'instant',
    });
  });
});
