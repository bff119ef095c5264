import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { BOOK_MESSAGES } from '@campus/contracts/library-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { books } from '../src/data/schema';
import { libraryService } from '../src/service';
import { auth, makeUser, teachSubjects, upload, uploadAccepted, validBook, type TestUser } from './helpers';

/** Fixes from the review of issue 26: private answers, a review of the book the teacher saw, hidden books' 404. */
let h: ServiceHarness;
let student: TestUser;
let teacher: TestUser;

beforeAll(async () => {
  h = await startServiceForTest(libraryService);
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  student = makeUser(h, 'Asha Rao');
  teacher = makeUser(h, 'Dr. Meera Iyer', true);
  await teachSubjects(h, teacher, ['Data Structure and Algorithm']);
});

const api = () => request(h.url);
const SWAPPED = 'https://drive.google.com/file/d/MALWARE/view';
const ownView = async (id: string) =>
  (await api().get(`/api/book/${id}`).set(auth(student)).expect(200)).body.data;
const seenInQueue = async (id: string) => {
  const queue = await api().get(`/api/book/pending/${teacher.id}`).set(auth(teacher)).expect(200);
  return queue.body.data.find((b: { _id: string }) => b._id === id) as { driveLink: string; version: number };
};

async function hide(id: string) {
  const eventId = randomUUID();
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
  await h.waitForHandled(eventId);
}

describe('GET /api/book/{id}: the uploader’s own view is private', () => {
  test('when the uploader reads their pending book, then the answer is Cache-Control: private, no-store', async () => {
    const id = await upload(h, student);
    const res = await api().get(`/api/book/${id}`).set(auth(student)).expect(200);
    expect(res.body.data.status).toBe('pending');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  test('when the uploader reads their hidden book, then the reason comes with Cache-Control: private, no-store', async () => {
    const id = await uploadAccepted(h, student, teacher);
    await hide(id);
    const res = await api().get(`/api/book/${id}`).set(auth(student)).expect(200);
    expect(res.body.data.moderation).toEqual({ state: 'hidden', reason: 'Links to a pirated copy.' });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  test('when a guest reads an accepted book, then the answer is not marked private (it is the same for everyone)', async () => {
    const id = await uploadAccepted(h, student, teacher);
    const res = await api().get(`/api/book/${id}`).expect(200);
    expect(res.headers['cache-control'] ?? '').not.toContain('private');
  });
});

describe('PUT /api/book/{id}/status: the verdict is for the book the teacher saw', () => {
  test('when the uploader swaps the link after the teacher opened the queue, then the review with the old version is 409 BOOK_CHANGED and the book stays pending', async () => {
    const id = await upload(h, student);
    const seen = await seenInQueue(id);
    expect(seen.driveLink).toBe(validBook.driveLink);
    expect(seen.version).toEqual(expect.any(Number));
    await api().patch(`/api/book/${id}`).set(auth(student)).send({ driveLink: SWAPPED }).expect(200);

    const res = await api()
      .put(`/api/book/${id}/status`)
      .set(auth(teacher))
      .send({ status: 1, version: seen.version })
      .expect(409);
    expect(res.body).toMatchObject({ code: 'BOOK_CHANGED', message: BOOK_MESSAGES.bookChanged });
    expect(await ownView(id)).toMatchObject({ status: 'pending', driveLink: SWAPPED });
    expect((await seenInQueue(id)).driveLink).toBe(SWAPPED);
  });

  test('when the teacher sends the version the queue shows now, then the verdict is given', async () => {
    const id = await upload(h, student);
    await api().patch(`/api/book/${id}`).set(auth(student)).send({ driveLink: SWAPPED }).expect(200);
    const seen = await seenInQueue(id);
    const res = await api()
      .put(`/api/book/${id}/status`)
      .set(auth(teacher))
      .send({ status: 2, reason: 'Not the notes the title says.', version: seen.version })
      .expect(200);
    expect(res.body.data).toMatchObject({ status: 'declined', driveLink: SWAPPED, version: seen.version });
  });

  test('when an old client sends no version, then the book is reviewed as it is now (the old behaviour)', async () => {
    const id = await upload(h, student);
    await api().patch(`/api/book/${id}`).set(auth(student)).send({ driveLink: SWAPPED }).expect(200);
    const res = await api().put(`/api/book/${id}/status`).set(auth(teacher)).send({ status: 1 }).expect(200);
    expect(res.body.data).toMatchObject({ status: 'accepted', driveLink: SWAPPED });
  });

  test('when the version is not a whole number, then 400 with the message', async () => {
    const id = await upload(h, student);
    const res = await api()
      .put(`/api/book/${id}/status`)
      .set(auth(teacher))
      .send({ status: 1, version: 'one' })
      .expect(400);
    expect(JSON.stringify(res.body)).toContain(BOOK_MESSAGES.versionInvalid);
    expect((await ownView(id)).status).toBe('pending');
  });

  // Only PostgreSQL runs the edit and the review at once (PGlite runs one transaction at a time).
  (process.env.DATABASE_URL ? test : test.skip)(
    'when the book moves to another subject while a teacher of the old one reviews it, then the review waits for the move and is refused (403), the book still pending',
    async () => {
      const id = await upload(h, student);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      // The uploader's edit under way, as the service's: the row locked, the new subject written, not committed.
      const moving = h.database.db.transaction(async (tx) => {
        await tx.select({ id: books.id }).from(books).where(eq(books.id, id)).for('update');
        await tx
          .update(books)
          .set({ subject: 'Operating System', version: sql`${books.version} + 1` })
          .where(eq(books.id, id));
        held();
        await released;
      });
      await Promise.race([holding, moving]);
      const review = api()
        .put(`/api/book/${id}/status`)
        .set(auth(teacher))
        .send({ status: 1 })
        .then((r) => r);
      try {
        await waitFor('the review waiting for the edit’s lock', async () => {
          const waiting = (await h.database.db.execute(
            sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`,
          )) as unknown as { rows: Array<{ n: number }> };
          return waiting.rows[0]!.n > 0;
        });
      } finally {
        release();
        await moving;
      }
      const res = await review;
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(BOOK_MESSAGES.notYourSubject);
      expect(await ownView(id)).toMatchObject({ status: 'pending', subject: 'Operating System' });
    },
  );
});

describe('a hidden book is not found for anyone but its uploader', () => {
  test('when a stranger edits or deletes a hidden book, then 404 (as GET answers), and the book is unchanged', async () => {
    const id = await uploadAccepted(h, student, teacher);
    await hide(id);
    const stranger = makeUser(h, 'Ravi Kumar');
    await api().get(`/api/book/${id}`).set(auth(stranger)).expect(404);
    const edit = await api()
      .patch(`/api/book/${id}`)
      .set(auth(stranger))
      .send({ title: 'Hijacked' })
      .expect(404);
    expect(edit.body.message).toBe(BOOK_MESSAGES.bookNotFound);
    await api().delete(`/api/book/${id}`).set(auth(stranger)).expect(404);
    expect(await ownView(id)).toMatchObject({ title: validBook.title, moderation: { state: 'hidden' } });
    // Its uploader still may.
    await api().patch(`/api/book/${id}`).set(auth(student)).send({ title: 'My own notes' }).expect(200);
  });
});
