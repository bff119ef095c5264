import { randomUUID } from 'node:crypto';
import { isNull, sql } from 'drizzle-orm';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import {
  DELETED_UPLOADER_ID,
  DELETED_UPLOADER_NAME,
  FORMER_REVIEWER_NAME,
} from '@campus/contracts/library-rules';
import { expectNoTraceOf } from '@campus/service-kit/testing/no-trace';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { outbox } from '../src/data/schema';
import { libraryService } from '../src/service';
import { auth, makeUser, teachSubjects, upload, uploadAccepted, validBook, type TestUser } from './helpers';

/**
 * Issue 26 §3 for the library: GET /api/me/export/library answers what the library holds about the
 * caller, and identity.user.deleted makes it forget them (their books go, or stay accepted as
 * "Deleted user"; their likes, bookmarks, verdicts' names and review subjects go).
 */
let h: ServiceHarness;
let zara: TestUser;
let vikram: TestUser;
let meera: TestUser;
const ZARA_EMAIL = 'zara.quillon@example.edu';

beforeAll(async () => {
  h = await startServiceForTest(libraryService);
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  zara = makeUser(h, 'Zara Quillon');
  vikram = makeUser(h, 'Vikram Shah');
  meera = makeUser(h, 'Dr. Meera Iyer', true);
  await teachSubjects(h, meera, ['Data Structure and Algorithm', 'Database Management System']);
});

const api = () => request(h.url);
const DBMS = { ...validBook, subject: 'Database Management System', title: 'Normal forms, worked' };

const exportOf = async (user: TestUser) => {
  const res = await api().get('/api/me/export/library').set(auth(user)).expect(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.body.service).toBe('library');
  return res.body.files as Record<string, Array<Record<string, unknown>>>;
};
const like = (user: TestUser, id: string) => api().patch(`/api/book/${id}/like`).set(auth(user)).expect(200);
const bookmark = (user: TestUser, bookId: string) =>
  api().patch('/api/book/bookmark').set(auth(user)).send({ bookId }).expect(200);
const bookmarkIds = async (user: TestUser) =>
  (
    await api().get(`/api/commonData/bookmarks/${user.id}`).set(auth(user)).expect(200)
  ).body.data.booksBookmark.map((b: { _id: string }) => b._id);
const catalogue = async (subject?: string) => {
  const body = (
    await api()
      .get('/api/book/search')
      .query(subject ? { subject } : {})
      .expect(200)
  ).body;
  return { ids: body.data.map((b: { _id: string }) => b._id).sort(), total: body.total, books: body.data };
};
const view = (id: string, user: TestUser = vikram) => api().get(`/api/book/${id}`).set(auth(user));

/** Identity's event, as its relay publishes it; waits until the library handled it. */
async function userDeleted(user: TestUser, contributions: 'delete' | 'anonymise') {
  // The kit forgets the user in the outbox rows already published: let the relay catch up first.
  await waitFor('the outbox published', async () => {
    return (await h.database.db.select().from(outbox).where(isNull(outbox.publishedAt))).length === 0;
  });
  const envelope: EventEnvelope = {
    id: randomUUID(),
    name: 'identity.user.deleted',
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    payload: { userId: user.id, contributions },
  };
  await h.bus.publish(envelope);
  await h.waitForHandled(envelope.id);
  return envelope;
}

/** Everything in the library's tables but the kit's bookkeeping, to compare before and after a redelivery. */
async function snapshot() {
  const read = async (table: string) =>
    (
      (await h.database.db.execute(sql.raw(`select * from library.${table} order by 1, 2`))) as unknown as {
        rows: unknown[];
      }
    ).rows;
  return {
    books: await read('books'),
    likes: await read('book_likes'),
    bookmarks: await read('bookmarks'),
    reviewers: await read('reviewers'),
    counts: await read('accepted_counts'),
  };
}

/** Zara's library: an accepted, a pending and a declined book; a like and a bookmark of Vikram's; Vikram likes and bookmarks hers. */
async function zaraLibrary() {
  const accepted = await uploadAccepted(h, zara, meera);
  const pending = await upload(h, zara, { ...validBook, title: 'Heaps, draft' });
  const declined = await upload(h, zara, DBMS);
  await api()
    .put(`/api/book/${declined}/status`)
    .set(auth(meera))
    .send({ status: 2, reason: 'The link asks for access.' })
    .expect(200);
  const vikrams = await uploadAccepted(h, vikram, meera, { ...validBook, title: 'Sorting cheat sheet' });
  await like(zara, vikrams);
  await bookmark(zara, vikrams);
  await like(vikram, accepted);
  await bookmark(vikram, accepted);
  await bookmark(vikram, vikrams);
  return { accepted, pending, declined, vikrams };
}

describe('GET /api/me/export/library', () => {
  test('when a guest asks, then 401', async () => {
    await api().get('/api/me/export/library').expect(401);
  });

  test('when a student asks, then it answers exactly their uploads (every state, the verdict, counts not likers), likes and bookmarks', async () => {
    const { accepted, pending, declined, vikrams } = await zaraLibrary();

    const files = await exportOf(zara);

    expect(Object.keys(files).sort()).toEqual([
      'bookmarks.json',
      'books-uploaded.json',
      'likes.json',
      'pdf-uploads.json',
    ]);
    const uploads = files['books-uploaded.json']!;
    expect(uploads.map((b) => b.id)).toEqual([accepted, pending, declined]);
    expect(uploads[0]).toMatchObject({
      title: validBook.title,
      status: 'accepted',
      verifiedBy: 'Dr. Meera Iyer',
      likesCount: 1,
      uploaderName: 'Zara Quillon',
      moderation: 'visible',
    });
    expect(uploads[1]).toMatchObject({ status: 'pending', verifiedBy: null, reviewedAt: null });
    expect(uploads[2]).toMatchObject({ status: 'declined', declineReason: 'The link asks for access.' });
    // Who liked her book is Vikram's to tell: a count only.
    expect(JSON.stringify(files)).not.toContain(vikram.id);
    expect(files['likes.json']).toEqual([
      { bookId: vikrams, title: 'Sorting cheat sheet', likedAt: expect.any(String) },
    ]);
    expect(files['bookmarks.json']).toEqual([
      { bookId: vikrams, title: 'Sorting cheat sheet', bookmarkedAt: expect.any(String) },
    ]);
  });

  test('when a teacher asks, then it also answers the verdicts they gave and their review subjects', async () => {
    const { accepted, declined, vikrams } = await zaraLibrary();

    const files = await exportOf(meera);

    expect(files['books-uploaded.json']).toEqual([]);
    expect(
      files['reviews-given.json']!.map((r) => [r.bookId, r.verdict, r.declineReason ?? null]).sort(),
    ).toEqual(
      [
        [accepted, 'accepted', null],
        [declined, 'declined', 'The link asks for access.'],
        [vikrams, 'accepted', null],
      ].sort(),
    );
    expect(files['review-subjects.json']).toMatchObject({
      name: 'Dr. Meera Iyer',
      subjects: ['Data Structure and Algorithm', 'Database Management System'],
    });
  });
});

describe('identity.user.deleted', () => {
  test('when a student deletes their account choosing delete, then their books, likes and bookmarks go, Vikram’s counts and lists follow, no trace is left, and a redelivery changes nothing', async () => {
    const { accepted, pending, declined, vikrams } = await zaraLibrary();
    expect((await catalogue()).total).toBe(2);

    const event = await userDeleted(zara, 'delete');

    for (const id of [accepted, pending, declined]) await view(id).expect(404);
    const vikramsBook = (await view(vikrams).expect(200)).body.data;
    expect(vikramsBook).toMatchObject({ likesCount: 0, likes: [] });
    expect(await bookmarkIds(vikram)).toEqual([vikrams]);
    expect(await catalogue()).toMatchObject({ ids: [vikrams], total: 1 });
    await expectNoTraceOf(h.database.db, 'library', [zara.id, zara.name, ZARA_EMAIL]);

    const before = await snapshot();
    await h.bus.publish(event);
    await h.waitForDeliveries(event.id, 2);
    expect(await snapshot()).toEqual(before);
  });

  test('when a student deletes their account choosing anonymise, then their accepted book stays (by Deleted user, Vikram’s like kept), the pending and declined ones go, and no trace is left', async () => {
    const { accepted, pending, declined, vikrams } = await zaraLibrary();

    await userDeleted(zara, 'anonymise');

    const kept = (await view(accepted).expect(200)).body.data;
    expect(kept).toMatchObject({
      title: validBook.title,
      status: 'accepted',
      uploadedBy: DELETED_UPLOADER_ID,
      uploaderName: DELETED_UPLOADER_NAME,
      likesCount: 1,
      likes: [vikram.id],
      verifiedBy: 'Dr. Meera Iyer',
    });
    for (const id of [pending, declined]) await view(id).expect(404);
    expect((await view(vikrams).expect(200)).body.data).toMatchObject({ likesCount: 0, likes: [] });
    expect((await bookmarkIds(vikram)).sort()).toEqual([accepted, vikrams].sort());
    expect(await catalogue()).toMatchObject({ ids: [accepted, vikrams].sort(), total: 2 });
    await expectNoTraceOf(h.database.db, 'library', [zara.id, zara.name, ZARA_EMAIL]);
    // Nobody owns it any more: not even an edit by someone holding the placeholder id.
    await api().patch(`/api/book/${accepted}`).set(auth(vikram)).send({ title: 'Mine now' }).expect(403);

    const again = await userDeleted(zara, 'anonymise');
    expect(again.id).toBeDefined();
    expect((await view(accepted).expect(200)).body.data.title).toBe(validBook.title);
  });

  test('when a teacher deletes their account, then their verdicts stand by "A teacher" (the decline’s reason kept), their review subjects go, and no trace is left', async () => {
    const { accepted, declined, vikrams } = await zaraLibrary();
    const meeraEmail = 'meera.iyer@example.edu';

    await userDeleted(meera, 'delete');

    expect((await view(vikrams).expect(200)).body.data).toMatchObject({
      status: 'accepted',
      verifiedBy: FORMER_REVIEWER_NAME,
    });
    expect((await view(accepted, zara).expect(200)).body.data.verifiedBy).toBe(FORMER_REVIEWER_NAME);
    expect((await view(declined, zara).expect(200)).body.data).toMatchObject({
      status: 'declined',
      verifiedBy: FORMER_REVIEWER_NAME,
      declineReason: 'The link asks for access.',
    });
    await api()
      .get(`/api/book/pending/${meera.id}`)
      .set(auth(meera))
      .expect(200, /"total":0/);
    await expectNoTraceOf(h.database.db, 'library', [meera.id, meera.name, meeraEmail]);
    // Zara's data is hers still.
    expect((await exportOf(zara))['books-uploaded.json']).toHaveLength(3);
  });
});
