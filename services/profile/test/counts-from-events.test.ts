import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { profileService } from '../src/service';
import { envelope, userWithToken } from './profile-test-kit';

let h: ServiceHarness;

beforeAll(async () => {
  h = await startServiceForTest(profileService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const countsOf = async (user: { id: string; auth: string }) =>
  (await request(h.url).get(`/api/commonData/${user.id}`).set('Authorization', user.auth).expect(200)).body
    .data as {
    bookCount: number;
    jobPostCount: number;
    fundRaisingCount: number;
  };
const bookSubmitted = (uploadedBy: string, bookId = randomUUID()) =>
  envelope('library.book.submitted', { bookId, uploadedBy, subject: 'Computer Networks', title: 'CN notes' });

describe('counts kept from other domains’ events', () => {
  test('when a book is uploaded, then bookCount rises by one', async () => {
    const s = userWithToken(h.keys.privateKey);
    const submitted = bookSubmitted(s.id);
    await h.bus.publish(submitted);
    await h.waitForHandled(submitted.id);
    expect(await countsOf(s)).toEqual({ bookCount: 1, jobPostCount: 0, fundRaisingCount: 0 });
  });

  test('when the same book event is delivered twice, then bookCount rises once', async () => {
    const s = userWithToken(h.keys.privateKey);
    const event = bookSubmitted(s.id);
    const another = bookSubmitted(s.id);
    await h.bus.publish(event);
    await h.bus.publish(event);
    await h.bus.publish(another);
    // The repeat records nothing in the inbox: wait for both deliveries of it to be over.
    await h.waitForDeliveries(event.id, 2);
    await h.waitForHandled(another.id);
    expect((await countsOf(s)).bookCount).toBe(2);
  });

  test('when two different events name the same book (a producer replaying), then the book counts once', async () => {
    const s = userWithToken(h.keys.privateKey);
    const bookId = randomUUID();
    const first = bookSubmitted(s.id, bookId);
    const replayed = bookSubmitted(s.id, bookId);
    await h.bus.publish(first);
    await h.bus.publish(replayed);
    await h.waitForHandled(first.id, replayed.id);
    expect((await countsOf(s)).bookCount).toBe(1);
  });

  test('when jobs are posted and one is deleted, then jobPostCount is the live count', async () => {
    const s = userWithToken(h.keys.privateKey);
    const [a, b] = [randomUUID(), randomUUID()];
    const events = [
      envelope('careers.job.posted', { jobId: a, postedBy: s.id }),
      envelope('careers.job.posted', { jobId: b, postedBy: s.id }),
      envelope('careers.job.deleted', { jobId: a, postedBy: s.id }),
    ];
    for (const event of events) await h.bus.publish(event);
    await h.waitForHandled(...events.map((e) => e.id));
    expect(await countsOf(s)).toEqual({ bookCount: 0, jobPostCount: 1, fundRaisingCount: 0 });
  });

  test('when room requests are made and one deleted, then fundRaisingCount (room requests) is the live count', async () => {
    const s = userWithToken(h.keys.privateKey);
    const flats = [randomUUID(), randomUUID(), randomUUID()];
    const events = [
      ...flats.map((flatId) => envelope('housing.flat.requested', { flatId, userId: s.id })),
      envelope('housing.flat.deleted', { flatId: flats[1] as string, userId: s.id }),
    ];
    for (const event of events) await h.bus.publish(event);
    await h.waitForHandled(...events.map((e) => e.id));
    expect((await countsOf(s)).fundRaisingCount).toBe(2);
  });

  test('when a delete arrives before its create (redelivery after a retry), then the item is not counted', async () => {
    const s = userWithToken(h.keys.privateKey);
    const flatId = randomUUID();
    // One at a time, each handled before the next is sent, so the order is the one the title says.
    const deleted = envelope('housing.flat.deleted', { flatId, userId: s.id });
    await h.bus.publish(deleted);
    await h.waitForHandled(deleted.id);
    const requestedLate = envelope('housing.flat.requested', { flatId, userId: s.id });
    await h.bus.publish(requestedLate);
    await h.waitForHandled(requestedLate.id);
    expect((await countsOf(s)).fundRaisingCount).toBe(0);

    const deletedAgain = envelope('housing.flat.deleted', { flatId, userId: s.id });
    await h.bus.publish(deletedAgain);
    await h.waitForHandled(deletedAgain.id);
    expect((await countsOf(s)).fundRaisingCount).toBe(0);
  });

  test("when another user uploads, then this user's counts do not move", async () => {
    const s = userWithToken(h.keys.privateKey);
    const other = userWithToken(h.keys.privateKey);
    const submitted = bookSubmitted(other.id);
    await h.bus.publish(submitted);
    await h.waitForHandled(submitted.id);
    expect((await countsOf(other)).bookCount).toBe(1);
    expect((await countsOf(s)).bookCount).toBe(0);
  });
});

describe('the profile row from registration', () => {
  test('when identity publishes a registration, then the profile exists with that name and role, not yet completed', async () => {
    const t = userWithToken(h.keys.privateKey, { name: 'Dr. Meera Iyer', isTeacher: true });
    const registered = envelope('identity.user.registered', {
      userId: t.id,
      name: 'Dr. Meera Iyer',
      email: 'm@campus.test',
      isTeacher: true,
    });
    await h.bus.publish(registered);
    await h.waitForHandled(registered.id);
    const res = await request(h.url)
      .get(`/api/commonData/${t.id}/profile`)
      .set('Authorization', t.auth)
      .expect(200);
    expect(res.body.data).toMatchObject({
      userId: t.id,
      name: 'Dr. Meera Iyer',
      isTeacher: true,
      completed: false,
      subjects: [],
    });
  });

  test('when the registration arrives after the user saved, then the saved data stays', async () => {
    const s = userWithToken(h.keys.privateKey);
    await request(h.url)
      .post('/api/commonData')
      .set('Authorization', s.auth)
      .send({ graduationYear: 2027, branch: 'ECE', enrollmentNumber: 'EN-9' })
      .expect(201);
    const registered = envelope('identity.user.registered', {
      userId: s.id,
      name: s.name,
      email: 'a@campus.test',
      isTeacher: false,
    });
    await h.bus.publish(registered);
    await h.waitForHandled(registered.id);
    const res = await request(h.url)
      .get(`/api/commonData/${s.id}/profile`)
      .set('Authorization', s.auth)
      .expect(200);
    expect(res.body.data).toMatchObject({ completed: true, branch: 'ECE', graduationYear: 2027 });
  });
});
