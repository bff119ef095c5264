import { eq } from 'drizzle-orm';
import request from 'supertest';
import {
  startAnnounceExistingHarness,
  type AnnounceExistingHarness,
} from '@campus/service-kit/testing/moderated-content-harness';
import { events } from '../src/data/schema';
import { createAnnounceExistingJob } from '../src/domain/announce-existing';
import { eventsService } from '../src/service';
import { postEvent, signedIn } from './helpers';

/**
 * Events posted before moderation existed have version 0 (migration 0003) and were never announced;
 * the announce-existing-content job announces each once, as its create would have.
 */
let h: AnnounceExistingHarness;
const DAY = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  h = await startAnnounceExistingHarness(eventsService, createAnnounceExistingJob);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

describe('announce-existing-content', () => {
  test('when events from before moderation exist, then the job announces each once (published, version 1), hidden or not, and a second run announces nothing', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const fest = await postEvent(h, asha.headers, 1, { title: 'Fest', description: 'Music all night.' });
    const talk = await postEvent(h, asha.headers, 2, { title: 'Talk' });
    await h.fromBeforeModeration([events, [fest._id, talk._id]]);
    await h.database.db
      .update(events)
      .set({ moderation: 'hidden', moderationReason: 'Spam' })
      .where(eq(events.id, talk._id));
    const fresh = await postEvent(h, asha.headers, 3, { title: 'New one' });

    expect(await h.nextRun()).toBe('ran');

    const changes = await h.announced();
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
    expect(await h.versionsOf(events, [fest._id, talk._id, fresh._id])).toEqual([1, 1, 1]);

    expect(await h.nextRun()).toBe('ran');
    expect(await h.announced()).toHaveLength(changes.length);
  });

  test('when an event from before moderation was edited first, then its edit announced it and the job does not', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const fest = await postEvent(h, asha.headers, 4, { title: 'Fest' });
    await h.fromBeforeModeration([events, [fest._id]]);
    await request(h.url)
      .patch(`/api/event/events/${fest._id}`)
      .set(asha.headers)
      .send({ title: 'Fest 2026' })
      .expect(200);

    expect(await h.nextRun()).toBe('ran');

    expect((await h.announced()).map((c) => [c.change, c.version])).toEqual([['edited', 1]]);
  });

  test('when an event from before moderation is past its 30 days, then it is left to the expiry, not announced', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const old = await postEvent(h, asha.headers, 5);
    await h.fromBeforeModeration([events, [old._id]]);
    h.clock.advance(31 * DAY);

    expect(await h.nextRun()).toBe('ran');

    expect(await h.announced()).toEqual([]);
    expect(await h.versionsOf(events, [old._id])).toEqual([0]);
  });

  test('when an event is posted now, then it starts at version 1 (the column’s default), announced by its create alone', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 6);
    expect(await h.versionsOf(events, [event._id])).toEqual([1]);
    expect(await h.nextRun()).toBe('ran');
    expect((await h.announced()).map((c) => [c.targetId, c.change])).toEqual([[event._id, 'published']]);
  });
});
