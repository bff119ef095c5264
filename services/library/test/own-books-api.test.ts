import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import type { EventEnvelope, EventName, ModerationDecisionPayload } from '@campus/contracts/events';
import { defineConsumer } from '@campus/service-kit/bus/event-bus';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { libraryService } from '../src/service';
import { auth, makeUser, teachSubjects, upload, uploadAccepted, validBook, type TestUser } from './helpers';

/**
 * Issue 26 for books: the uploader edits and deletes their own (a declined book corrected goes back
 * to review), the moderators' decisions hide, restore and delete, and every change is an event.
 */
let h: ServiceHarness;
const seen: EventEnvelope[] = [];
let student: TestUser;
let stranger: TestUser;
let dsaTeacher: TestUser;
let dbmsTeacher: TestUser;

const WATCHED: EventName[] = [
  'library.book.submitted',
  'library.book.reviewed',
  'library.book.deleted',
  'library.content.changed',
];

beforeAll(async () => {
  h = await startServiceForTest(libraryService);
  await h.bus.subscribe(
    defineConsumer(
      'library-own-books-observer',
      Object.fromEntries(WATCHED.map((name) => [name, async (e: EventEnvelope) => void seen.push(e)])),
    ),
  );
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  seen.length = 0;
  student = makeUser(h, 'Asha Rao');
  stranger = makeUser(h, 'Vikram Shah');
  dsaTeacher = makeUser(h, 'Dr. Meera Iyer', true);
  dbmsTeacher = makeUser(h, 'Prof. Anil Kumar', true);
  await teachSubjects(h, dsaTeacher, ['Data Structure and Algorithm']);
  await teachSubjects(h, dbmsTeacher, ['Database Management System']);
});

const api = () => request(h.url);
const eventsNamed = (name: EventName, bookId: string) =>
  seen.filter((e) => e.name === name && JSON.stringify(e.payload).includes(bookId));
const contentEvents = (bookId: string) =>
  eventsNamed('library.content.changed', bookId).map(
    (e) => e.payload as { change: string; version: number; targetId: string },
  );

/** The book as its uploader reads it (any state). */
const ownView = async (id: string, user: TestUser = student) =>
  (await api().get(`/api/book/${id}`).set(auth(user)).expect(200)).body.data;
const searchTitles = async (q = '') =>
  (
    await api()
      .get('/api/book/search')
      .query(q ? { q } : {})
      .expect(200)
  ).body.data.map((b: { title: string }) => b.title);
const pendingIds = async (teacher: TestUser) =>
  (await api().get(`/api/book/pending/${teacher.id}`).set(auth(teacher)).expect(200)).body.data.map(
    (b: { _id: string }) => b._id,
  );
const storedVersion = async (id: string) => {
  const result = await h.database.db.execute(sql`select version from library.books where id = ${id}`);
  return Number((result as unknown as { rows: Array<{ version: number }> }).rows[0]?.version);
};

async function decide(
  name: 'moderation.content.hidden' | 'moderation.content.restored' | 'moderation.content.deleted',
  payload: Partial<ModerationDecisionPayload> & { targetId: string },
  eventId = randomUUID(),
) {
  await h.bus.publish({
    id: eventId,
    name,
    occurredAt: new Date().toISOString(),
    producer: 'moderation',
    payload: {
      targetType: 'book',
      authorId: student.id,
      title: validBook.title,
      link: `/library/books/${payload.targetId}`,
      reason: 'Links to a pirated copy.',
      by: 'moderator',
      ...payload,
    },
  });
  await h.waitForHandled(eventId);
  return eventId;
}

describe('editing a book (PATCH /api/book/{id})', () => {
  test('when a guest edits a book, then 401 and the book is unchanged', async () => {
    const id = await upload(h, student);
    await api().patch(`/api/book/${id}`).send({ title: 'Hijacked' }).expect(401);
    expect((await ownView(id)).title).toBe(validBook.title);
  });

  test('when a stranger edits a book, then 403 NOT_OWNER and the book is unchanged', async () => {
    const id = await upload(h, student);
    const res = await api()
      .patch(`/api/book/${id}`)
      .set(auth(stranger))
      .send({ title: 'Hijacked' })
      .expect(403);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_OWNER' });
    expect(await ownView(id)).toMatchObject({ title: validBook.title, editedAt: null });
  });

  test('when a teacher of the subject who did not upload it edits it, then 403 NOT_OWNER too', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    const res = await api()
      .patch(`/api/book/${id}`)
      .set(auth(dsaTeacher))
      .send({ driveLink: 'https://drive.google.com/file/d/other/view' })
      .expect(403);
    expect(res.body.code).toBe('NOT_OWNER');
    expect(await ownView(id)).toMatchObject({ driveLink: validBook.driveLink, status: 'accepted' });
  });

  test('when the uploader edits a pending book, then 200 "Book updated" with the change, editedAt set, and content.changed (edited, version 2)', async () => {
    const id = await upload(h, student);
    const res = await api()
      .patch(`/api/book/${id}`)
      .set(auth(student))
      .send({
        title: '  Trees, Graphs and Heaps ',
        tags: 'trees, heaps',
        semester: '',
        uploadedBy: stranger.id,
      })
      .expect(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Book updated',
      data: { _id: id, title: 'Trees, Graphs and Heaps', tags: ['trees', 'heaps'], uploadedBy: student.id },
    });
    expect(res.body.data).not.toHaveProperty('semester');
    expect(Date.parse(res.body.data.editedAt)).not.toBeNaN();
    expect(await ownView(id)).toMatchObject({ title: 'Trees, Graphs and Heaps', status: 'pending' });
    await waitFor('the edit published', () => contentEvents(id).some((e) => e.change === 'edited'));
    expect(contentEvents(id)).toEqual([
      expect.objectContaining({ change: 'published', version: 1, targetId: id }),
      expect.objectContaining({ change: 'edited', version: 2 }),
    ]);
    expect(eventsNamed('library.content.changed', id)[1]!.payload).toMatchObject({
      targetType: 'book',
      link: `/library/books/${id}`,
      authorId: student.id,
      authorName: 'Asha Rao',
      anonymous: false,
      title: 'Trees, Graphs and Heaps',
    });
  });

  test.each([
    ['nothing to change', 'Nothing to change: send at least one field', {}],
    ['only identity fields', 'Nothing to change: send at least one field', { uploadedBy: randomUUID() }],
    ['a link off Google Drive', 'Invalid Google Drive link', { driveLink: 'https://example.com/notes.pdf' }],
    ['an unknown subject', 'Please choose a subject from the list', { subject: 'Astrology' }],
    ['a blank title', 'Title is required', { title: '   ' }],
    ['a semester of 11', 'Semester must be a whole number from 1 to 10', { semester: 11 }],
  ])('when the uploader sends %s, then 400 "%s" and the book is unchanged', async (_case, message, body) => {
    const id = await upload(h, student);
    const res = await api().patch(`/api/book/${id}`).set(auth(student)).send(body).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await ownView(id)).toMatchObject({ title: validBook.title, editedAt: null });
  });

  test('when the book does not exist (or the id is not a book id), then 404', async () => {
    await api().patch(`/api/book/${randomUUID()}`).set(auth(student)).send({ title: 'X' }).expect(404);
    await api().patch('/api/book/not-a-book').set(auth(student)).send({ title: 'X' }).expect(404);
  });

  test('when a declined book is corrected, then it is pending again (verdict and reason cleared), re-announced, and back in the teacher’s queue', async () => {
    const id = await upload(h, student);
    await api()
      .put(`/api/book/${id}/status`)
      .set(auth(dsaTeacher))
      .send({ status: 2, reason: 'The link asks for access.' })
      .expect(200);
    expect(await pendingIds(dsaTeacher)).toEqual([]);

    const res = await api()
      .patch(`/api/book/${id}`)
      .set(auth(student))
      .send({ driveLink: 'https://drive.google.com/file/d/shared/view' })
      .expect(200);
    expect(res.body.message).toBe('Book updated and sent back for review');
    expect(res.body.data.status).toBe('pending');
    expect(res.body.data).not.toHaveProperty('declineReason');
    expect(res.body.data).not.toHaveProperty('verifiedBy');
    expect(await pendingIds(dsaTeacher)).toEqual([id]);
    await waitFor('submitted again', () => eventsNamed('library.book.submitted', id).length === 2);

    // The teacher can give a new verdict.
    await api().put(`/api/book/${id}/status`).set(auth(dsaTeacher)).send({ status: 1 }).expect(200);
  });

  test('when a declined book is resubmitted under another subject, then the teachers of the new subject review it, not the old ones', async () => {
    const id = await upload(h, student);
    await api().put(`/api/book/${id}/status`).set(auth(dsaTeacher)).send({ status: 2 }).expect(200);
    await api()
      .patch(`/api/book/${id}`)
      .set(auth(student))
      .send({ subject: 'Database Management System' })
      .expect(200);
    expect(await pendingIds(dbmsTeacher)).toEqual([id]);
    expect(await pendingIds(dsaTeacher)).toEqual([]);
    await waitFor('submitted again', () => eventsNamed('library.book.submitted', id).length === 2);
    expect(eventsNamed('library.book.submitted', id)[1]!.payload).toMatchObject({
      subject: 'Database Management System',
    });
  });

  test('when an accepted book’s title is edited, then it stays accepted and the library shows the new title; nothing is re-announced', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    const res = await api()
      .patch(`/api/book/${id}`)
      .set(auth(student))
      .send({ title: 'Graph Notes' })
      .expect(200);
    expect(res.body).toMatchObject({
      message: 'Book updated',
      data: { status: 'accepted', verifiedBy: dsaTeacher.name },
    });
    expect(await searchTitles('graph')).toEqual(['Graph Notes']);
    await waitFor('the edit published', () => contentEvents(id).some((e) => e.change === 'edited'));
    expect(eventsNamed('library.book.submitted', id)).toHaveLength(1);
  });

  test('when an accepted book’s link is changed, then it goes back to review: out of the library, in the queue', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    const res = await api()
      .patch(`/api/book/${id}`)
      .set(auth(student))
      .send({ driveLink: 'https://docs.google.com/document/d/new/edit' })
      .expect(200);
    expect(res.body.data).toMatchObject({ status: 'pending' });
    expect(res.body.data).not.toHaveProperty('verifiedBy');
    expect(await searchTitles()).toEqual([]);
    expect((await api().get('/api/book/search').expect(200)).body.total).toBe(0);
    expect(await pendingIds(dsaTeacher)).toEqual([id]);
  });
});

describe('deleting a book (DELETE /api/book/{id})', () => {
  test('when a guest, a stranger or a teacher who did not upload it deletes it, then 401, 403 NOT_OWNER, 403 NOT_OWNER, and it stays', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    await api().delete(`/api/book/${id}`).expect(401);
    for (const other of [stranger, dsaTeacher]) {
      const res = await api().delete(`/api/book/${id}`).set(auth(other)).expect(403);
      expect(res.body.code).toBe('NOT_OWNER');
    }
    expect(await searchTitles()).toEqual([validBook.title]);
  });

  test('when the book does not exist, then 404', async () => {
    await api().delete(`/api/book/${randomUUID()}`).set(auth(student)).expect(404);
  });

  test('when the uploader deletes it, then it is gone for everyone with its likes and bookmarks, and content.changed (deleted) and library.book.deleted go out', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    await api().patch(`/api/book/${id}/like`).set(auth(stranger)).expect(200);
    await api().patch('/api/book/bookmark').set(auth(stranger)).send({ bookId: id }).expect(200);

    const res = await api().delete(`/api/book/${id}`).set(auth(student)).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Book deleted', data: { bookId: id } });

    await api().get(`/api/book/${id}`).set(auth(student)).expect(404);
    expect(await searchTitles()).toEqual([]);
    const bookmarks = await api()
      .get(`/api/commonData/bookmarks/${stranger.id}`)
      .set(auth(stranger))
      .expect(200);
    expect(bookmarks.body.data.total).toBe(0);
    const likes = await h.database.db.execute(sql`select count(*)::int as n from library.book_likes`);
    expect((likes as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    await api().delete(`/api/book/${id}`).set(auth(student)).expect(404);

    await waitFor('the delete published', () => eventsNamed('library.book.deleted', id).length === 1);
    expect(eventsNamed('library.book.deleted', id)[0]!.payload).toEqual({
      bookId: id,
      uploadedBy: student.id,
    });
    expect(contentEvents(id).at(-1)).toMatchObject({ change: 'deleted' });
  });
});

describe('one book (GET /api/book/{id})', () => {
  test('when a book is accepted, then anyone (a guest too) gets it, with editedAt null and no moderation field', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    const res = await api().get(`/api/book/${id}`).expect(200);
    expect(res.body.data).toMatchObject({ _id: id, status: 'accepted', editedAt: null });
    expect(res.body.data).not.toHaveProperty('moderation');
  });

  test('when a book is pending or declined, then only its uploader gets it; others get 404', async () => {
    const id = await upload(h, student);
    await api().get(`/api/book/${id}`).expect(404);
    await api().get(`/api/book/${id}`).set(auth(stranger)).expect(404);
    expect((await ownView(id)).status).toBe('pending');
  });
});

describe('moderators’ decisions (moderation.content.hidden / restored / deleted)', () => {
  test('when a book is hidden, then it is in no public answer, and its uploader sees it with the reason', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    await api().patch('/api/book/bookmark').set(auth(stranger)).send({ bookId: id }).expect(200);
    await decide('moderation.content.hidden', { targetId: id });

    expect(await searchTitles()).toEqual([]);
    expect(await searchTitles('trees')).toEqual([]);
    const browse = await api().get('/api/book/search').query({ subject: validBook.subject }).expect(200);
    expect(browse.body).toMatchObject({ total: 0, data: [] });
    await api().get(`/api/book/${id}`).set(auth(stranger)).expect(404);
    await api().patch(`/api/book/${id}/like`).set(auth(stranger)).expect(404);
    await api().patch('/api/book/bookmark').set(auth(stranger)).send({ bookId: id }).expect(404);
    const bookmarks = await api()
      .get(`/api/commonData/bookmarks/${stranger.id}`)
      .set(auth(stranger))
      .expect(200);
    expect(bookmarks.body.data).toMatchObject({ booksBookmark: [], total: 0 });

    expect(await ownView(id)).toMatchObject({
      _id: id,
      moderation: { state: 'hidden', reason: 'Links to a pirated copy.' },
    });
  });

  test('when a pending book is hidden, then the teachers’ review queue leaves it out and it cannot be reviewed', async () => {
    const id = await upload(h, student);
    await decide('moderation.content.hidden', { targetId: id, by: 'reports' });
    expect(await pendingIds(dsaTeacher)).toEqual([]);
    await api().put(`/api/book/${id}/status`).set(auth(dsaTeacher)).send({ status: 1 }).expect(404);
  });

  test('when a hidden book is restored, then it is back everywhere and the uploader’s view has no moderation field', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    await api().patch('/api/book/bookmark').set(auth(stranger)).send({ bookId: id }).expect(200);
    await decide('moderation.content.hidden', { targetId: id });
    await decide('moderation.content.restored', { targetId: id, reason: 'It is the author’s own notes.' });

    expect(await searchTitles()).toEqual([validBook.title]);
    expect((await api().get('/api/book/search').expect(200)).body.total).toBe(1);
    const bookmarks = await api()
      .get(`/api/commonData/bookmarks/${stranger.id}`)
      .set(auth(stranger))
      .expect(200);
    expect(bookmarks.body.data.total).toBe(1);
    expect(await ownView(id)).not.toHaveProperty('moderation');
  });

  test('when a decision is redelivered or repeated, then nothing changes a second time', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    const eventId = await decide('moderation.content.hidden', { targetId: id });
    expect(await storedVersion(id)).toBe(2);
    await h.bus.publish({
      id: eventId,
      name: 'moderation.content.hidden',
      occurredAt: new Date().toISOString(),
      producer: 'moderation',
      payload: {
        targetType: 'book',
        targetId: id,
        authorId: student.id,
        title: validBook.title,
        link: `/library/books/${id}`,
        reason: 'Links to a pirated copy.',
        by: 'moderator',
      },
    });
    await h.waitForDeliveries(eventId, 2);
    await decide('moderation.content.hidden', { targetId: id });
    expect(await storedVersion(id)).toBe(2);
    expect((await ownView(id)).moderation).toEqual({ state: 'hidden', reason: 'Links to a pirated copy.' });
  });

  test('when a moderator deletes a book, then it is deleted as the uploader’s delete is (events included); a repeat does nothing', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    await decide('moderation.content.deleted', { targetId: id });
    await api().get(`/api/book/${id}`).set(auth(student)).expect(404);
    expect(await searchTitles()).toEqual([]);
    await waitFor('the delete published', () => eventsNamed('library.book.deleted', id).length === 1);
    expect(contentEvents(id).at(-1)).toMatchObject({ change: 'deleted' });

    await decide('moderation.content.deleted', { targetId: id });
    // The outbox holds what was emitted, whether or not the relay has sent it yet.
    const outbox = await h.database.db.execute(
      sql`select count(*)::int as n from library.outbox where name = 'library.book.deleted'`,
    );
    expect((outbox as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
  });

  test('when a decision names another kind of item with the same id, then the book is untouched', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    await decide('moderation.content.hidden', { targetId: id, targetType: 'post' });
    expect(await searchTitles()).toEqual([validBook.title]);
  });
});

describe('uploads are announced to moderation', () => {
  test('when a book is uploaded, then library.content.changed (published, version 1) carries it with its link', async () => {
    const id = await upload(h, student);
    await waitFor('published', () => contentEvents(id).length === 1);
    expect(eventsNamed('library.content.changed', id)[0]!.payload).toMatchObject({
      targetType: 'book',
      targetId: id,
      link: `/library/books/${id}`,
      authorId: student.id,
      change: 'published',
      version: 1,
      title: validBook.title,
      text: expect.stringContaining(validBook.driveLink),
    });
  });
});
