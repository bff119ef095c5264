import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventEnvelope, EventName, EventPayload } from '@campus/contracts/events';
import type { BookUpload } from '@campus/contracts/profile';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { profileService } from '../src/service';
import { envelope, userWithToken } from './profile-test-kit';

/**
 * Issue 26: a book its uploader (or a moderator) deletes leaves the counts and the list of uploads
 * (library.book.deleted); a declined book corrected and resubmitted is pending again
 * (library.book.submitted once more), whichever order the events arrive in.
 */
let h: ServiceHarness;

beforeAll(async () => {
  h = await startServiceForTest(profileService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

type User = ReturnType<typeof userWithToken>;

const UPLOADED_AT = '2026-03-02T09:00:00.000Z';
const DECLINED_AT = '2026-03-04T16:30:00.000Z';
const RESUBMITTED_AT = '2026-03-05T10:00:00.000Z';
const ACCEPTED_AT = '2026-03-06T11:00:00.000Z';

const at = <N extends EventName>(occurredAt: string, name: N, payload: EventPayload<N>) => ({
  ...envelope(name, payload),
  occurredAt,
});
const submitted = (uploader: User, bookId: string, occurredAt: string, title: string) =>
  at(occurredAt, 'library.book.submitted', {
    bookId,
    uploadedBy: uploader.id,
    subject: 'Computer Networks',
    title,
  });
const reviewed = (uploader: User, bookId: string, status: 'accepted' | 'declined', occurredAt: string) =>
  at(occurredAt, 'library.book.reviewed', {
    bookId,
    uploadedBy: uploader.id,
    reviewerId: randomUUID(),
    verifiedBy: 'Dr. Meera Iyer',
    status,
    ...(status === 'declined' ? { reason: 'The link asks for access.' } : {}),
  });
const deleted = (uploader: User, bookId: string) =>
  envelope('library.book.deleted', { bookId, uploadedBy: uploader.id });

async function deliverInOrder(...events: EventEnvelope[]) {
  for (const event of events) {
    await h.bus.publish(event);
    await h.waitForHandled(event.id);
  }
}

const uploadsOf = async (user: User) =>
  (await request(h.url).get(`/api/commonData/${user.id}/uploads`).set('Authorization', user.auth).expect(200))
    .body.data as BookUpload[];
const bookCountOf = async (user: User) =>
  (await request(h.url).get(`/api/commonData/${user.id}`).set('Authorization', user.auth).expect(200)).body
    .data.bookCount as number;

describe('a deleted book (library.book.deleted)', () => {
  test('when an uploaded book is deleted, then bookCount drops by one and it leaves the list of uploads', async () => {
    const s = userWithToken(h.keys.privateKey);
    const kept = randomUUID();
    const gone = randomUUID();
    await deliverInOrder(submitted(s, kept, UPLOADED_AT, 'Kept'), submitted(s, gone, UPLOADED_AT, 'Gone'));
    expect(await bookCountOf(s)).toBe(2);

    await deliverInOrder(deleted(s, gone));
    expect(await bookCountOf(s)).toBe(1);
    expect((await uploadsOf(s)).map((u) => u.bookId)).toEqual([kept]);
  });

  test('when the deletion is delivered twice, or before its upload, then the book is counted nowhere and nothing else moves', async () => {
    const s = userWithToken(h.keys.privateKey);
    const other = randomUUID();
    const book = randomUUID();
    await deliverInOrder(submitted(s, other, UPLOADED_AT, 'Other'));
    const deletion = deleted(s, book);
    await deliverInOrder(deletion);
    await h.bus.publish(deletion);
    await h.waitForDeliveries(deletion.id, 2);
    await deliverInOrder(submitted(s, book, UPLOADED_AT, 'Late upload'));

    expect(await bookCountOf(s)).toBe(1);
    expect((await uploadsOf(s)).map((u) => u.bookId)).toEqual([other]);
  });
});

describe('a declined book corrected and resubmitted (library.book.submitted again)', () => {
  test('when a declined book is resubmitted, then it is pending again with the new title, the old verdict and reason gone; it counts once', async () => {
    const s = userWithToken(h.keys.privateKey);
    const book = randomUUID();
    await deliverInOrder(
      submitted(s, book, UPLOADED_AT, 'CN notes'),
      reviewed(s, book, 'declined', DECLINED_AT),
      submitted(s, book, RESUBMITTED_AT, 'CN notes (shared link)'),
    );
    expect(await uploadsOf(s)).toEqual([
      {
        bookId: book,
        title: 'CN notes (shared link)',
        subject: 'Computer Networks',
        status: 'pending',
        verifiedBy: null,
        declineReason: null,
        reviewedAt: null,
        uploadedAt: RESUBMITTED_AT,
      },
    ]);
    expect(await bookCountOf(s)).toBe(1);
  });

  test('when the old decline is delivered again after the resubmission, then the book stays pending', async () => {
    const s = userWithToken(h.keys.privateKey);
    const book = randomUUID();
    await deliverInOrder(
      submitted(s, book, UPLOADED_AT, 'CN notes'),
      reviewed(s, book, 'declined', DECLINED_AT),
      submitted(s, book, RESUBMITTED_AT, 'CN notes (shared link)'),
      reviewed(s, book, 'declined', DECLINED_AT),
      submitted(s, book, UPLOADED_AT, 'CN notes'),
    );
    expect(await uploadsOf(s)).toEqual([
      expect.objectContaining({
        status: 'pending',
        title: 'CN notes (shared link)',
        uploadedAt: RESUBMITTED_AT,
      }),
    ]);
  });

  test('when the new verdict arrives before the resubmission, then the new verdict stands', async () => {
    const s = userWithToken(h.keys.privateKey);
    const book = randomUUID();
    await deliverInOrder(
      submitted(s, book, UPLOADED_AT, 'CN notes'),
      reviewed(s, book, 'declined', DECLINED_AT),
      reviewed(s, book, 'accepted', ACCEPTED_AT),
      submitted(s, book, RESUBMITTED_AT, 'CN notes (shared link)'),
    );
    expect(await uploadsOf(s)).toEqual([
      expect.objectContaining({
        status: 'accepted',
        reviewedAt: ACCEPTED_AT,
        declineReason: null,
        title: 'CN notes (shared link)',
      }),
    ]);
  });
});
