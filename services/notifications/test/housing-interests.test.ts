import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@campus/contracts/events';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import {
  changedEvents,
  deliver,
  envelope,
  listOf,
  person,
  setPreferences,
  startNotifications,
  type Person,
} from './notifications-test-kit';

/**
 * Issue 28, contact on request: a flat request's owner hears of each student's interest
 * (housing.interest) and the student of the owner's answer (housing.answer). Never the student's
 * message, never the contact: who, and which request.
 */
let h: ServiceHarness;
beforeAll(async () => {
  ({ h } = await startNotifications());
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const FLAT = 'Sunny 2BHK near the main gate';

const interested = (owner: Person, student: Person, flatId = randomUUID()) =>
  envelope('housing.interest.created', {
    interestId: randomUUID(),
    flatId,
    ownerId: owner.id,
    studentId: student.id,
    studentName: student.name,
    flatName: FLAT,
  });

const answered = (
  owner: Person,
  student: Person,
  status: EventPayload<'housing.interest.answered'>['status'],
  flatId = randomUUID(),
) =>
  envelope('housing.interest.answered', {
    interestId: randomUUID(),
    flatId,
    ownerId: owner.id,
    ownerName: owner.name,
    studentId: student.id,
    flatName: FLAT,
    status,
  });

describe('housing.interest: students interested in my room requests', () => {
  test('when a student shows interest, then the owner alone is told who and which request, linking to it in My Room Requests', async () => {
    const asha = person(h, 'Asha Rao');
    const rahul = person(h, 'Rahul Verma');
    const event = interested(asha, rahul);
    await deliver(h, event);

    expect(await listOf(h, asha)).toEqual([
      expect.objectContaining({
        kind: 'housing.interest',
        text: `Rahul Verma is interested in your room “${FLAT}”`,
        link: `/roomfinder/myroomrequest#flat-${event.payload.flatId}`,
        actor: { name: 'Rahul Verma' },
        read: false,
        count: 1,
      }),
    ]);
    expect(await listOf(h, rahul)).toEqual([]);
    expect((await changedEvents(h)).map((e) => e.userId)).toEqual([asha.id]);
  });

  test('when several students show interest in one request, then the owner has one unread notification counting them', async () => {
    const asha = person(h, 'Asha Rao');
    const flatId = randomUUID();
    await deliver(h, interested(asha, person(h, 'Rahul Verma'), flatId));
    await deliver(h, interested(asha, person(h, 'Priya Nair'), flatId));
    await deliver(h, interested(asha, person(h, 'Sneha Patil'), flatId));
    expect(await listOf(h, asha)).toEqual([
      expect.objectContaining({
        kind: 'housing.interest',
        text: `3 students are interested in your room “${FLAT}”`,
        count: 3,
      }),
    ]);
  });

  test('when the owner turned the kind off, then nothing reaches them', async () => {
    const asha = person(h, 'Asha Rao');
    await setPreferences(h, asha, [{ kind: 'housing.interest', inApp: false, email: 'off' }]);
    await deliver(h, interested(asha, person(h, 'Rahul Verma')));
    expect(await listOf(h, asha)).toEqual([]);
  });
});

describe('housing.answer: answers to my interest in a room', () => {
  test('when the owner accepts, then the student alone is told where the contact is, linking to Rooms I Asked About (it stays there once the room is filled)', async () => {
    const asha = person(h, 'Asha Rao');
    const rahul = person(h, 'Rahul Verma');
    const event = answered(asha, rahul, 'accepted');
    await deliver(h, event);
    expect(await listOf(h, rahul)).toEqual([
      expect.objectContaining({
        kind: 'housing.answer',
        text: `Asha Rao accepted your interest in “${FLAT}”: their contact is in Rooms I Asked About`,
        link: '/roomfinder/asked',
        actor: { name: 'Asha Rao' },
      }),
    ]);
    expect(await listOf(h, asha)).toEqual([]);
  });

  test('when the owner declines, then the student is told so', async () => {
    const asha = person(h, 'Asha Rao');
    const rahul = person(h, 'Rahul Verma');
    await deliver(h, answered(asha, rahul, 'declined'));
    expect(await listOf(h, rahul)).toEqual([
      expect.objectContaining({
        kind: 'housing.answer',
        text: `Asha Rao declined your interest in “${FLAT}”`,
      }),
    ]);
  });
});
