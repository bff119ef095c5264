import { randomUUID } from 'node:crypto';
import { eq, isNull, sql } from 'drizzle-orm';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { FORMER_REVIEWER_NAME } from '@campus/contracts/library-rules';
import type { BookUpload } from '@campus/contracts/profile';
import { expectNoTraceOf } from '@campus/service-kit/testing/no-trace';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { contributions, outbox } from '../src/data/schema';
import { profileService } from '../src/service';
import { envelope, userWithToken } from './profile-test-kit';

/**
 * Issue 26 §3 for the profile: GET /api/me/export/profile answers what the profile holds about the
 * caller, and identity.user.deleted makes it forget them: their profile and contributions go, and a
 * teacher's name leaves the verdicts on other people's books.
 */
let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(profileService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

type User = ReturnType<typeof userWithToken> & { email: string };
const person = (name: string, isTeacher = false): User => ({
  ...userWithToken(h.keys.privateKey, { name, isTeacher }),
  email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.edu`,
});

const api = () => request(h.url);

async function deliver(...events: EventEnvelope[]) {
  for (const event of events) {
    await h.bus.publish(event);
    await h.waitForHandled(event.id);
  }
}

const registered = (u: User) =>
  envelope('identity.user.registered', {
    userId: u.id,
    name: u.name,
    email: u.email,
    isTeacher: u.isTeacher,
  });
const submitted = (u: User, bookId: string, title: string) =>
  envelope('library.book.submitted', { bookId, uploadedBy: u.id, subject: 'Computer Networks', title });
const reviewed = (
  uploader: User,
  bookId: string,
  teacher: User,
  status: 'accepted' | 'declined',
  reason?: string,
) =>
  envelope('library.book.reviewed', {
    bookId,
    uploadedBy: uploader.id,
    reviewerId: teacher.id,
    verifiedBy: teacher.name,
    status,
    ...(reason ? { reason } : {}),
  });

const countsOf = async (u: User) =>
  (await api().get(`/api/commonData/${u.id}`).set('Authorization', u.auth).expect(200)).body.data;
const uploadsOf = async (u: User): Promise<BookUpload[]> =>
  (await api().get(`/api/commonData/${u.id}/uploads`).set('Authorization', u.auth).expect(200)).body.data;
const exportOf = async (u: User) => {
  const res = await api().get('/api/me/export/profile').set('Authorization', u.auth).expect(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.body.service).toBe('profile');
  return res.body.files as Record<string, unknown>;
};

/** Identity's event, once the outbox is published (the kit forgets the user in published rows). */
async function userDeleted(u: User, choice: 'delete' | 'anonymise') {
  await waitFor('the outbox published', async () => {
    return (await h.database.db.select().from(outbox).where(isNull(outbox.publishedAt))).length === 0;
  });
  const event = envelope('identity.user.deleted', { userId: u.id, contributions: choice });
  await deliver(event);
  return event;
}

async function snapshot() {
  const read = async (table: string) =>
    (
      (await h.database.db.execute(sql.raw(`select * from profile.${table} order by 1, 2`))) as unknown as {
        rows: unknown[];
      }
    ).rows;
  return { profiles: await read('profiles'), contributions: await read('contributions') };
}

/**
 * Zara (student): her profile, a book Meera accepted, a book she deleted, a job post and a room
 * request. Vikram: a book Meera declined and one she accepted before the reviewer's id was kept.
 */
async function campus() {
  const zara = person('Zara Quillon');
  const vikram = person('Vikram Shah');
  const meera = person('Dr. Meera Iyer', true);
  const [zaraBook, zaraGone, vikramBook, vikramOld] = [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
  ];
  const zaraJob = randomUUID();
  const zaraRoom = randomUUID();
  await deliver(registered(zara), registered(vikram), registered(meera));
  await api()
    .post('/api/commonData')
    .set('Authorization', zara.auth)
    .send({ graduationYear: 2027, branch: 'Computer Engineering', enrollmentNumber: 'EN-2023-117' })
    .expect(201);
  await api()
    .post('/api/commonData')
    .set('Authorization', meera.auth)
    .send({ department: 'Computer Science', subjects: ['Computer Networks'] })
    .expect(201);
  await deliver(
    submitted(zara, zaraBook, 'Routing, explained'),
    reviewed(zara, zaraBook, meera, 'accepted'),
    submitted(zara, zaraGone, 'Old notes'),
    envelope('library.book.deleted', { bookId: zaraGone, uploadedBy: zara.id }),
    envelope('careers.job.posted', { jobId: zaraJob, postedBy: zara.id }),
    envelope('housing.flat.requested', { flatId: zaraRoom, userId: zara.id }),
    submitted(vikram, vikramBook, 'Subnetting drills'),
    reviewed(vikram, vikramBook, meera, 'declined', 'The link asks for access.'),
    submitted(vikram, vikramOld, 'TCP in pictures'),
    reviewed(vikram, vikramOld, meera, 'accepted'),
  );
  // A verdict stored before the reviewer's id was kept (migration 0003): the name alone.
  await h.database.db
    .update(contributions)
    .set({ reviewerId: null })
    .where(eq(contributions.itemId, vikramOld));
  return { zara, vikram, meera, zaraBook, zaraGone, zaraJob, zaraRoom, vikramBook, vikramOld };
}

describe('GET /api/me/export/profile', () => {
  test('when a guest asks, then 401', async () => {
    await api().get('/api/me/export/profile').expect(401);
  });

  test('when a student asks, then it answers exactly their profile row, counts and contribution rows (verdicts included)', async () => {
    const { zara, vikram, zaraBook, zaraGone, zaraJob, zaraRoom } = await campus();

    const files = await exportOf(zara);

    expect(Object.keys(files).sort()).toEqual(['contributions.json', 'counts.json', 'profile.json']);
    expect(files['profile.json']).toEqual({
      userId: zara.id,
      name: 'Zara Quillon',
      isTeacher: false,
      department: null,
      subjects: [],
      graduationYear: 2027,
      branch: 'Computer Engineering',
      enrollmentNumber: 'EN-2023-117',
      completedAt: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(files['counts.json']).toEqual({ bookCount: 1, jobPostCount: 1, fundRaisingCount: 1 });
    const rows = files['contributions.json'] as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.itemId).sort()).toEqual([zaraBook, zaraGone, zaraJob, zaraRoom].sort());
    expect(rows.find((r) => r.itemId === zaraBook)).toMatchObject({
      kind: 'book',
      title: 'Routing, explained',
      status: 'accepted',
      verifiedBy: 'Dr. Meera Iyer',
      deletedAt: null,
    });
    expect(rows.find((r) => r.itemId === zaraGone)!.deletedAt).toEqual(expect.any(String));
    expect(JSON.stringify(files)).not.toContain(vikram.id);
  });

  test('when a teacher asks, then it also answers the verdicts they gave (the book, never the uploader)', async () => {
    const { meera, vikram, zaraBook, vikramBook } = await campus();

    const files = await exportOf(meera);

    expect(files['counts.json']).toEqual({ bookCount: 0, jobPostCount: 0, fundRaisingCount: 0 });
    expect(files['contributions.json']).toEqual([]);
    const given = files['verdicts-given.json'] as Array<Record<string, unknown>>;
    expect(given.map((v) => [v.bookId, v.status]).sort()).toEqual(
      [
        [zaraBook, 'accepted'],
        [vikramBook, 'declined'],
      ].sort(),
    );
    expect(JSON.stringify(given)).not.toContain(vikram.id);
  });
});

describe('identity.user.deleted', () => {
  test.each(['delete', 'anonymise'] as const)(
    'when a student deletes their account (%s), then their profile and contributions go, no trace is left, Vikram’s are untouched, and a redelivery changes nothing',
    async (choice) => {
      const { zara, vikram, vikramBook, vikramOld } = await campus();
      const vikramBefore = await uploadsOf(vikram);

      const event = await userDeleted(zara, choice);

      expect(await countsOf(zara)).toEqual({ bookCount: 0, jobPostCount: 0, fundRaisingCount: 0 });
      expect(await uploadsOf(zara)).toEqual([]);
      await expectNoTraceOf(h.database.db, 'profile', [zara.id, zara.name, zara.email]);
      expect(await uploadsOf(vikram)).toEqual(vikramBefore);
      expect((await uploadsOf(vikram)).map((u) => u.bookId).sort()).toEqual([vikramBook, vikramOld].sort());
      expect(await countsOf(vikram)).toEqual({ bookCount: 2, jobPostCount: 0, fundRaisingCount: 0 });

      const before = await snapshot();
      await h.bus.publish(event);
      await h.waitForDeliveries(event.id, 2);
      expect(await snapshot()).toEqual(before);
    },
  );

  test('when a teacher deletes their account, then the verdicts on other people’s books stand by "A teacher" (old ones found by name too), and no trace of them is left', async () => {
    const { zara, vikram, meera, zaraBook, vikramBook, vikramOld } = await campus();

    await userDeleted(meera, 'delete');

    const vikrams = await uploadsOf(vikram);
    expect(vikrams.find((u) => u.bookId === vikramBook)).toMatchObject({
      status: 'declined',
      verifiedBy: FORMER_REVIEWER_NAME,
      declineReason: 'The link asks for access.',
    });
    expect(vikrams.find((u) => u.bookId === vikramOld)).toMatchObject({
      status: 'accepted',
      verifiedBy: FORMER_REVIEWER_NAME,
    });
    expect((await uploadsOf(zara)).find((u) => u.bookId === zaraBook)).toMatchObject({
      status: 'accepted',
      verifiedBy: FORMER_REVIEWER_NAME,
    });
    await expectNoTraceOf(h.database.db, 'profile', [meera.id, meera.name, meera.email]);
    expect(await countsOf(zara)).toEqual({ bookCount: 1, jobPostCount: 1, fundRaisingCount: 1 });
    expect((await exportOf(zara))['profile.json']).toMatchObject({ enrollmentNumber: 'EN-2023-117' });
  });
});
