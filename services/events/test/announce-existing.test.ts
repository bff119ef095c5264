import { asc, eq, inArray, isNull } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import type { ContentChangedPayload } from '@campus/contracts/events';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { events, outbox } from '../src/data/schema';
import { ANNOUNCE_EVERY_MS } from '@campus/service-kit/announce-existing-content';
import { createAnnounceExistingJob } from '../src/domain/announce-existing';
import { eventsService } from '../src/service';
import { postEvent, signedIn } from './helpers';

/**
 * Events posted before moderation existed have version 0 (migration 0003) and were never announced;
 * the announce-existing-content job announces each once, as its create would have.
 */
let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
const now = () => new Date(clock);
const DAY = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  // The service's own job checks only at its start: the test runs a replica's job by hand.
  h = await startServiceForTest(eventsService, { ANNOUNCE_CHECK_MS: '300000' }, { now });
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
    .where(eq(outbox.name, 'events.content.changed'))
    .orderBy(asc(outbox.position));
  return rows.map((r) => r.payload as ContentChangedPayload);
}

/** Makes these events look posted before this release: never announced, their creates' events gone. */
async function fromBeforeModeration(ids: string[]) {
  await waitFor('the creates published', async () => {
    const pending = await h.database.db.select().from(outbox).where(isNull(outbox.publishedAt));
    return pending.length === 0;
  });
  await h.database.db.update(events).set({ version: 0 }).where(inArray(events.id, ids));
  await h.database.db.delete(outbox);
}

const versionOf = async (id: string) =>
  (await h.database.db.select({ v: events.version }).from(events).where(eq(events.id, id)))[0]?.v;

describe('announce-existing-content', () => {
  test('when events from before moderation exist, then the job announces each once (published, version 1), hidden or not, and a second run announces nothing', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const fest = await postEvent(h, asha.headers, 1, { title: 'Fest', description: 'Music all night.' });
    const talk = await postEvent(h, asha.headers, 2, { title: 'Talk' });
    await fromBeforeModeration([fest._id, talk._id]);
    await h.database.db
      .update(events)
      .set({ moderation: 'hidden', moderationReason: 'Spam' })
      .where(eq(events.id, talk._id));
    const fresh = await postEvent(h, asha.headers, 3, { title: 'New one' });

    expect(await nextRun()).toBe('ran');

    const changes = await contentChanges();
    expect(changes.filter((c) => c.targetId === fresh._id).map((c) => [c.change, c.version])).toEqual([
      ['published', 1],
    ]);
    const announced = changes.filter((c) => c.targetId !== fresh._id);
    expect(announced.map((c) => c.targetId).sort()).toEqual([fest._id, talk._id].sort());
    expect(announced.find((c) => c.targetId === fest._id)).toMatchObject({
      targetType: 'event',
      link: `/events?event=${fest._id}`,
      authorId: asha.user.id,
      authorName: 'Asha Rao',
      anonymous: false,
      title: 'Fest',
      change: 'published',
      version: 1,
    });
    expect(announced.find((c) => c.targetId === fest._id)!.text).toContain('Music all night.');
    expect(announced.every((c) => c.change === 'published' && c.version === 1)).toBe(true);
    expect([await versionOf(fest._id), await versionOf(talk._id), await versionOf(fresh._id)]).toEqual([
      1, 1, 1,
    ]);

    expect(await nextRun()).toBe('ran');
    expect(await contentChanges()).toHaveLength(changes.length);
  });

  test('when an event from before moderation was edited first, then its edit announced it and the job does not', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const fest = await postEvent(h, asha.headers, 4, { title: 'Fest' });
    await fromBeforeModeration([fest._id]);
    await request(h.url)
      .patch(`/api/event/events/${fest._id}`)
      .set(asha.headers)
      .send({ title: 'Fest 2026' })
      .expect(200);

    expect(await nextRun()).toBe('ran');

    expect((await contentChanges()).map((c) => [c.change, c.version])).toEqual([['edited', 1]]);
  });

  test('when an event from before moderation is past its 30 days, then it is left to the expiry, not announced', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const old = await postEvent(h, asha.headers, 5);
    await fromBeforeModeration([old._id]);
    clock += 31 * DAY;

    expect(await nextRun()).toBe('ran');

    expect(await contentChanges()).toEqual([]);
    expect(await versionOf(old._id)).toBe(0);
  });

  test('when an event is posted now, then it starts at version 1 (the column’s default), announced by its create alone', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 6);
    expect(await versionOf(event._id)).toBe(1);
    expect(await nextRun()).toBe('ran');
    expect((await contentChanges()).map((c) => [c.targetId, c.change])).toEqual([[event._id, 'published']]);
  });
});
