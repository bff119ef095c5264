import { asc, eq, inArray, isNull } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import type { ContentChangedPayload } from '@campus/contracts/events';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { books, outbox } from '../src/data/schema';
import { ANNOUNCE_EVERY_MS } from '@campus/service-kit/announce-existing-content';
import { createAnnounceExistingJob } from '../src/domain/announce-existing';
import { libraryService } from '../src/service';
import { auth, makeUser, teachSubjects, upload, uploadAccepted, validBook } from './helpers';

/**
 * Books uploaded before moderation existed have version 0 (migration 0004) and were never announced;
 * the announce-existing-content job announces each once, as its create would have.
 */
let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
const now = () => new Date(clock);
beforeAll(async () => {
  // The service's own job checks only at its start: the test runs a replica's job by hand.
  h = await startServiceForTest(libraryService, { ANNOUNCE_CHECK_MS: '300000' }, { now });
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const replicaJob = () =>
  createAnnounceExistingJob({ db: h.database.db, logger: pino({ level: 'silent' }), now });
/** The next minute's run of the job (it runs at most once a minute). */
const nextRun = () => {
  clock += ANNOUNCE_EVERY_MS;
  return replicaJob().tick();
};

async function contentChanges(): Promise<ContentChangedPayload[]> {
  const rows = await h.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.name, 'library.content.changed'))
    .orderBy(asc(outbox.position));
  return rows.map((r) => r.payload as ContentChangedPayload);
}

/** Makes these books look uploaded before this release: never announced, their creates' events gone. */
async function fromBeforeModeration(ids: string[]) {
  await waitFor('the creates published', async () => {
    const pending = await h.database.db.select().from(outbox).where(isNull(outbox.publishedAt));
    return pending.length === 0;
  });
  await h.database.db.update(books).set({ version: 0 }).where(inArray(books.id, ids));
  await h.database.db.delete(outbox);
}

const versionOf = async (id: string) =>
  (await h.database.db.select({ v: books.version }).from(books).where(eq(books.id, id)))[0]?.v;

describe('announce-existing-content', () => {
  test('when books from before moderation exist (pending, accepted, hidden), then the job announces each once (published, version 1) and a second run announces nothing', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const teacher = makeUser(h, 'Dr. Meera Iyer', true);
    await teachSubjects(h, teacher, ['Data Structure and Algorithm']);
    const accepted = await uploadAccepted(h, asha, teacher);
    const pending = await upload(h, asha, { ...validBook, title: 'Graph notes' });
    await fromBeforeModeration([accepted, pending]);
    await h.database.db
      .update(books)
      .set({ moderation: 'hidden', moderationReason: 'Spam' })
      .where(eq(books.id, pending));
    const fresh = await upload(h, asha, { ...validBook, title: 'New one' });

    expect(await nextRun()).toBe('ran');

    const changes = await contentChanges();
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
    expect([await versionOf(accepted), await versionOf(pending), await versionOf(fresh)]).toEqual([1, 1, 1]);

    expect(await nextRun()).toBe('ran');
    expect(await contentChanges()).toHaveLength(changes.length);
  });

  test('when a book from before moderation was edited first, then its edit announced it and the job does not', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const id = await upload(h, asha);
    await fromBeforeModeration([id]);
    await request(h.url).patch(`/api/book/${id}`).set(auth(asha)).send({ title: 'Trees, fixed' }).expect(200);

    expect(await nextRun()).toBe('ran');

    expect((await contentChanges()).map((c) => [c.change, c.version])).toEqual([['edited', 1]]);
  });

  test('when a book is uploaded now, then it starts at version 1 (the column’s default), announced by its create alone', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const id = await upload(h, asha);
    expect(await versionOf(id)).toBe(1);
    expect(await nextRun()).toBe('ran');
    expect((await contentChanges()).map((c) => [c.targetId, c.change])).toEqual([[id, 'published']]);
  });
});
