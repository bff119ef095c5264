import { eq } from 'drizzle-orm';
import request from 'supertest';
import {
  startAnnounceExistingHarness,
  type AnnounceExistingHarness,
} from '@campus/service-kit/testing/moderated-content-harness';
import { books } from '../src/data/schema';
import { createAnnounceExistingJob } from '../src/domain/announce-existing';
import { libraryService } from '../src/service';
import { auth, makeUser, teachSubjects, upload, uploadAccepted, validBook } from './helpers';

/**
 * Books uploaded before moderation existed have version 0 (migration 0004) and were never announced;
 * the announce-existing-content job announces each once, as its create would have.
 */
let h: AnnounceExistingHarness;
beforeAll(async () => {
  h = await startAnnounceExistingHarness(libraryService, createAnnounceExistingJob);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

describe('announce-existing-content', () => {
  test('when books from before moderation exist (pending, accepted, hidden), then the job announces each once (published, version 1) and a second run announces nothing', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const teacher = makeUser(h, 'Dr. Meera Iyer', true);
    await teachSubjects(h, teacher, ['Data Structure and Algorithm']);
    const accepted = await uploadAccepted(h, asha, teacher);
    const pending = await upload(h, asha, { ...validBook, title: 'Graph notes' });
    await h.fromBeforeModeration([books, [accepted, pending]]);
    await h.database.db
      .update(books)
      .set({ moderation: 'hidden', moderationReason: 'Spam' })
      .where(eq(books.id, pending));
    const fresh = await upload(h, asha, { ...validBook, title: 'New one' });

    expect(await h.nextRun()).toBe('ran');

    const changes = await h.announced();
    expect(changes.filter((c) => c.targetId === fresh).map((c) => [c.change, c.version])).toEqual([
      ['published', 1],
    ]);
    const announced = changes.filter((c) => c.targetId !== fresh);
    expect(announced.map((c) => c.targetId).sort()).toEqual([accepted, pending].sort());
    expect(announced.find((c) => c.targetId === accepted)).toMatchObject({
      targetType: 'book',
      link: `/library/books/${accepted}`,
      authorId: asha.id,
      authorName: 'Asha Rao',
      anonymous: false,
      title: validBook.title,
      change: 'published',
      version: 1,
    });
    expect(announced.every((c) => c.change === 'published' && c.version === 1)).toBe(true);
    expect(await h.versionsOf(books, [accepted, pending, fresh])).toEqual([1, 1, 1]);

    expect(await h.nextRun()).toBe('ran');
    expect(await h.announced()).toHaveLength(changes.length);
  });

  test('when a book from before moderation was edited first, then its edit announced it and the job does not', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const id = await upload(h, asha);
    await h.fromBeforeModeration([books, [id]]);
    await request(h.url).patch(`/api/book/${id}`).set(auth(asha)).send({ title: 'Trees, fixed' }).expect(200);

    expect(await h.nextRun()).toBe('ran');

    expect((await h.announced()).map((c) => [c.change, c.version])).toEqual([['edited', 1]]);
  });

  test('when a book is uploaded now, then it starts at version 1 (the column’s default), announced by its create alone', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const id = await upload(h, asha);
    expect(await h.versionsOf(books, [id])).toEqual([1]);
    expect(await h.nextRun()).toBe('ran');
    expect((await h.announced()).map((c) => [c.targetId, c.change])).toEqual([[id, 'published']]);
  });
});
