import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventEnvelope, EventName, EventPayload } from '@campus/contracts/events';
import type { BookUpload } from '@campus/contracts/profile';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { profileService } from '../src/service';
import { envelope, userWithToken } from './profile-test-kit';

let h: ServiceHarness;

beforeAll(async () => {
  h = await startServiceForTest(profileService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

type User = ReturnType<typeof userWithToken>;

const UPLOADED_AT = '2026-03-02T09:00:00.000Z';
const REVIEWED_AT = '2026-03-04T16:30:00.000Z';

/** An event that happened at `occurredAt`, as the library's relay publishes it. */
const at = <N extends EventName>(occurredAt: string, name: N, payload: EventPayload<N>) => ({
  ...envelope(name, payload),
  occurredAt,
});

const submitted = (uploader: User, bookId: string, occurredAt = UPLOADED_AT, title = 'CN notes') =>
  at(occurredAt, 'library.book.submitted', {
    bookId,
    uploadedBy: uploader.id,
    subject: 'Computer Networks',
    title,
  });

const reviewed = (
  uploader: User,
  bookId: string,
  status: 'accepted' | 'declined',
  occurredAt = REVIEWED_AT,
  verifiedBy = 'Dr. Meera Iyer',
  reason?: string,
) =>
  at(occurredAt, 'library.book.reviewed', {
    bookId,
    uploadedBy: uploader.id,
    reviewerId: randomUUID(),
    verifiedBy,
    status,
    ...(reason ? { reason } : {}),
  });

/** Publishes each event and waits until it is handled before the next: the order is the one given. */
async function deliverInOrder(...events: EventEnvelope[]) {
  for (const event of events) {
    await h.bus.publish(event);
    await h.waitForHandled(event.id);
  }
}

const uploadsOf = async (user: User, query = '') => {
  const res = await request(h.url)
    .get(`/api/commonData/${user.id}/uploads${query}`)
    .set('Authorization', user.auth)
    .expect(200);
  return res.body as { data: BookUpload[]; page: number; pages: number; total: number; message: string };
};

const bookCountOf = async (user: User) =>
  (await request(h.url).get(`/api/commonData/${user.id}`).set('Authorization', user.auth).expect(200)).body
    .data.bookCount as number;

describe('the uploader sees the verdict (library.book.submitted, library.book.reviewed)', () => {
  test('when a book is uploaded, then it is listed pending with its title, subject and upload time', async () => {
    const s = userWithToken(h.keys.privateKey);
    const bookId = randomUUID();
    await deliverInOrder(submitted(s, bookId));

    const page = await uploadsOf(s);
    expect(page.data).toEqual([
      {
        bookId,
        title: 'CN notes',
        subject: 'Computer Networks',
        status: 'pending',
        verifiedBy: null,
        declineReason: null,
        reviewedAt: null,
        uploadedAt: UPLOADED_AT,
      },
    ]);
    expect(page).toMatchObject({ page: 1, pages: 1, total: 1 });
  });

  test('when a teacher accepts it, then it is listed accepted with the teacher’s name and the verdict’s time', async () => {
    const s = userWithToken(h.keys.privateKey);
    const bookId = randomUUID();
    await deliverInOrder(submitted(s, bookId), reviewed(s, bookId, 'accepted'));

    expect((await uploadsOf(s)).data).toEqual([
      expect.objectContaining({
        bookId,
        title: 'CN notes',
        status: 'accepted',
        verifiedBy: 'Dr. Meera Iyer',
        reviewedAt: REVIEWED_AT,
        uploadedAt: UPLOADED_AT,
      }),
    ]);
  });

  test('when a teacher declines it with a reason, then the uploader sees declined, who declined it and why', async () => {
    const s = userWithToken(h.keys.privateKey);
    const bookId = randomUUID();
    await deliverInOrder(
      submitted(s, bookId),
      reviewed(s, bookId, 'declined', REVIEWED_AT, 'Dr. Meera Iyer', 'The Drive link asks for access.'),
    );

    expect((await uploadsOf(s)).data).toEqual([
      expect.objectContaining({
        bookId,
        status: 'declined',
        verifiedBy: 'Dr. Meera Iyer',
        declineReason: 'The Drive link asks for access.',
        reviewedAt: REVIEWED_AT,
      }),
    ]);
  });

  test('when a teacher declines it without a reason, then the reason is null', async () => {
    const s = userWithToken(h.keys.privateKey);
    const bookId = randomUUID();
    await deliverInOrder(submitted(s, bookId), reviewed(s, bookId, 'declined'));
    expect((await uploadsOf(s)).data).toEqual([
      expect.objectContaining({ bookId, status: 'declined', declineReason: null }),
    ]);
  });

  test('when the verdict arrives before the upload, then the book ends as in order, and counts once', async () => {
    const s = userWithToken(h.keys.privateKey);
    const bookId = randomUUID();

    await deliverInOrder(reviewed(s, bookId, 'declined'));
    // Only the verdict is known so far: the book is listed and counted, its title not yet known.
    expect((await uploadsOf(s)).data).toEqual([
      expect.objectContaining({ bookId, title: null, status: 'declined', verifiedBy: 'Dr. Meera Iyer' }),
    ]);
    expect(await bookCountOf(s)).toBe(1);

    await deliverInOrder(submitted(s, bookId));
    expect((await uploadsOf(s)).data).toEqual([
      {
        bookId,
        title: 'CN notes',
        subject: 'Computer Networks',
        status: 'declined',
        verifiedBy: 'Dr. Meera Iyer',
        declineReason: null,
        reviewedAt: REVIEWED_AT,
        uploadedAt: UPLOADED_AT,
      },
    ]);
    expect(await bookCountOf(s)).toBe(1);
  });

  test('when the library replays the upload after the verdict, then the verdict stays', async () => {
    const s = userWithToken(h.keys.privateKey);
    const bookId = randomUUID();
    await deliverInOrder(submitted(s, bookId), reviewed(s, bookId, 'accepted'), submitted(s, bookId));

    expect((await uploadsOf(s)).data).toEqual([
      expect.objectContaining({ bookId, status: 'accepted', verifiedBy: 'Dr. Meera Iyer' }),
    ]);
    expect(await bookCountOf(s)).toBe(1);
  });

  test('when two verdicts name one book, then the later verdict stands whichever is handled last', async () => {
    const s = userWithToken(h.keys.privateKey);
    const bookId = randomUUID();
    const earlier = reviewed(s, bookId, 'declined', '2026-03-04T10:00:00.000Z', 'Dr. Rao');
    const later = reviewed(s, bookId, 'accepted', '2026-03-05T10:00:00.000Z', 'Dr. Iyer');
    await deliverInOrder(submitted(s, bookId), later, earlier);

    expect((await uploadsOf(s)).data).toEqual([
      expect.objectContaining({
        status: 'accepted',
        verifiedBy: 'Dr. Iyer',
        reviewedAt: '2026-03-05T10:00:00.000Z',
      }),
    ]);
  });

  test('when the same verdict is delivered twice, then the book is listed once, with that verdict', async () => {
    const s = userWithToken(h.keys.privateKey);
    const bookId = randomUUID();
    const verdict = reviewed(s, bookId, 'accepted');
    await deliverInOrder(submitted(s, bookId));
    await h.bus.publish(verdict);
    await h.bus.publish(verdict);
    await h.waitForDeliveries(verdict.id, 2);

    expect((await uploadsOf(s)).data).toEqual([expect.objectContaining({ bookId, status: 'accepted' })]);
  });
});

describe('GET /api/commonData/{userId}/uploads', () => {
  test('when a user has uploads on several pages, then each page holds the next newest ones', async () => {
    const s = userWithToken(h.keys.privateKey);
    const books = ['2026-03-01', '2026-03-02', '2026-03-03'].map((day, i) => ({
      bookId: randomUUID(),
      event: (bookId: string) => submitted(s, bookId, `${day}T08:00:00.000Z`, `Notes ${i + 1}`),
    }));
    await deliverInOrder(...books.map((b) => b.event(b.bookId)));

    const first = await uploadsOf(s, '?limit=2');
    expect(first.data.map((u) => u.title)).toEqual(['Notes 3', 'Notes 2']);
    expect(first).toMatchObject({ page: 1, pages: 2, total: 3, message: 'Uploads fetched successfully' });
    const second = await uploadsOf(s, '?limit=2&page=2');
    expect(second.data.map((u) => u.title)).toEqual(['Notes 1']);
  });

  test('when a user has uploaded nothing, then the page is empty and says so', async () => {
    const s = userWithToken(h.keys.privateKey);
    expect(await uploadsOf(s)).toMatchObject({ data: [], total: 0, pages: 0, message: 'No uploads yet' });
  });

  test("when another user uploads, then it is not in this user's list", async () => {
    const s = userWithToken(h.keys.privateKey);
    const other = userWithToken(h.keys.privateKey);
    await deliverInOrder(submitted(other, randomUUID()));
    expect((await uploadsOf(s)).total).toBe(0);
    expect((await uploadsOf(other)).total).toBe(1);
  });

  test("when someone asks for another user's uploads, then 403; without a session, 401", async () => {
    const s = userWithToken(h.keys.privateKey);
    const other = userWithToken(h.keys.privateKey);
    await request(h.url).get(`/api/commonData/${s.id}/uploads`).set('Authorization', other.auth).expect(403);
    await request(h.url).get(`/api/commonData/${s.id}/uploads`).expect(401);
  });

  test('when the limit is above the cap or the page is not a number, then 400 with the shared paging message', async () => {
    const s = userWithToken(h.keys.privateKey);
    const tooMany = await request(h.url)
      .get(`/api/commonData/${s.id}/uploads?limit=51`)
      .set('Authorization', s.auth)
      .expect(400);
    expect(tooMany.body.message).toBe('Limit must be a whole number from 1 to 50');
    const notANumber = await request(h.url)
      .get(`/api/commonData/${s.id}/uploads?page=two`)
      .set('Authorization', s.auth)
      .expect(400);
    expect(notANumber.body.message).toBe('Page must be a whole number from 1 to 10000');
  });
});
