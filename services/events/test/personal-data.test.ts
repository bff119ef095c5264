import { randomUUID } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import request from 'supertest';
import type { ContentChangedPayload, EventPayload } from '@campus/contracts/events';
import { expectNoTraceOf } from '@campus/service-kit/testing/no-trace';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { eventViews, outbox } from '../src/data/schema';
import { eventsService } from '../src/service';
import { postEvent, poster, signedIn, uploadPoster, type PostedEvent } from './helpers';

/**
 * Issue 26 §3: what the events service holds about a person is theirs to download
 * (GET /api/me/export/events) and goes when they delete their account (identity.user.deleted).
 */
let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
beforeAll(async () => {
  h = await startServiceForTest(eventsService, {}, { now: () => new Date((clock += 1000)) });
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const exportOf = (headers: Record<string, string> = {}) =>
  request(h.url).get('/api/me/export/events').set(headers);
const view = (event: PostedEvent, headers: Record<string, string>) =>
  request(h.url).patch(`/api/event/events/${event._id}/view`).set(headers).expect(200);
const viewsOf = async (event: PostedEvent) =>
  (await request(h.url).get(`/api/event/events/${event._id}`).expect(200)).body.view as number;
const posterUrls = (event: PostedEvent) => [event.posterLink, ...event.posterVariants.map((v) => v.url)];

/** Identity's word that an account was deleted, published as identity would, once handled. */
function deletion(userId: string, contributions: 'delete' | 'anonymise') {
  return {
    id: randomUUID(),
    name: 'identity.user.deleted' as const,
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    payload: { userId, contributions } satisfies EventPayload<'identity.user.deleted'>,
  };
}
async function publish(envelope: ReturnType<typeof deletion>) {
  await h.bus.publish(envelope);
  await h.waitForHandled(envelope.id);
}

/** The relay has sent every event written so far (the kit forgets a person in published rows only). */
const outboxSent = () =>
  waitFor('every outbox row published', async () => {
    const pending = await h.database.db.select().from(outbox).where(isNull(outbox.publishedAt));
    return pending.length === 0;
  });

/**
 * Asha (who will delete her account) posts two events, one with an Idempotency-Key, uploads a poster
 * she never uses and views Bela's event; Bela posts one and views Asha's first event.
 */
async function twoPeople() {
  const asha = signedIn(h, 'Asha Rao');
  const bela = signedIn(h, 'Bela Sen');
  const ashaFest = await postEvent(h, asha.headers, 1, {
    title: 'Asha Rao presents: Fest',
    description: 'Hosted by Asha Rao.',
  });
  const ashaTalk = await postEvent(h, { ...asha.headers, 'Idempotency-Key': randomUUID() }, 2, {
    title: 'Robotics talk',
  });
  const unused = (await uploadPoster(h, asha.headers, await poster(3)).expect(200)).body as {
    posterUrl: string;
    variants: Array<{ url: string }>;
  };
  const belaGig = await postEvent(h, bela.headers, 4, { title: 'Open mic' });
  await view(belaGig, asha.headers);
  await view(ashaFest, bela.headers);
  return { asha, bela, ashaFest, ashaTalk, unused, belaGig };
}

describe('GET /api/me/export/events', () => {
  test('when a guest asks, then 401', async () => {
    await exportOf().expect(401);
  });

  test('when a user asks, then their events (with poster URLs and the name kept with them), their posters and their views, and nobody else’s', async () => {
    const { asha, ashaFest, ashaTalk, unused, belaGig } = await twoPeople();

    const res = await exportOf(asha.headers).expect(200);

    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.service).toBe('events');
    const files = res.body.files as Record<string, Array<Record<string, unknown>>>;
    expect(Object.keys(files).sort()).toEqual([
      'event-rsvps.json',
      'event-views.json',
      'events.json',
      'posters.json',
    ]);
    expect(files['events.json']).toEqual([
      expect.objectContaining({
        id: ashaTalk._id,
        title: 'Robotics talk',
        posterUrl: ashaTalk.posterLink,
        posterVariants: ashaTalk.posterVariants.map((v) => expect.objectContaining({ url: v.url })),
        postedByName: 'Asha Rao',
        views: 0,
        moderation: { state: 'visible', reason: null },
      }),
      expect.objectContaining({
        id: ashaFest._id,
        title: 'Asha Rao presents: Fest',
        description: 'Hosted by Asha Rao.',
        registerLink: 'https://forms.example.org/fest',
        posterUrl: ashaFest.posterLink,
        views: 1,
      }),
    ]);
    expect(files['posters.json']!.map((p) => [p.posterUrl, p.usedByEvent])).toEqual([
      [ashaFest.posterLink, ashaFest._id],
      [ashaTalk.posterLink, ashaTalk._id],
      [unused.posterUrl, null],
    ]);
    expect(files['event-views.json']).toEqual([
      { eventId: belaGig._id, link: `/events?event=${belaGig._id}`, day: '2026-03-01' },
    ]);
    // Bela's event appears only as the one Asha viewed; who viewed Asha's event is a count.
    expect(JSON.stringify(files)).not.toContain('Open mic');
    expect(JSON.stringify(files)).not.toContain('Bela');
  });

  test('when a user holds nothing here, then four empty documents', async () => {
    const ravi = signedIn(h, 'Ravi Iyer');
    const res = await exportOf(ravi.headers).expect(200);
    expect(res.body.files).toEqual({
      'events.json': [],
      'posters.json': [],
      'event-views.json': [],
      'event-rsvps.json': [],
    });
  });
});

describe('identity.user.deleted', () => {
  test.each(['delete', 'anonymise'] as const)(
    'when a user deletes their account (contributions: %s), then their events, posters and views go, nothing names them, and Bela’s event is untouched',
    async (contributions) => {
      const { asha, bela, ashaFest, ashaTalk, unused, belaGig } = await twoPeople();
      const email = 'asha.rao@students.example.edu';
      await outboxSent();
      const changesBefore = await h.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.name, 'events.content.changed'));

      await publish(deletion(asha.user.id, contributions));

      for (const event of [ashaFest, ashaTalk]) {
        await request(h.url).get(`/api/event/events/${event._id}`).expect(404);
        for (const url of posterUrls(event)) await request(h.url).get(url).expect(404);
      }
      for (const url of [unused.posterUrl, ...unused.variants.map((v) => v.url)])
        await request(h.url).get(url).expect(404);
      const listed = (await request(h.url).get('/api/event/allevents').expect(200)).body as PostedEvent[];
      expect(listed.map((e) => e._id)).toEqual([belaGig._id]);
      // Her view of Bela's event stays counted; the row saying it was hers is gone.
      expect(await viewsOf(belaGig)).toBe(1);
      expect(
        await h.database.db.select().from(eventViews).where(eq(eventViews.eventId, belaGig._id)),
      ).toEqual([]);
      for (const url of posterUrls(belaGig)) await request(h.url).get(url).expect(200);
      expect((await exportOf(bela.headers).expect(200)).body.files['events.json']).toEqual([
        expect.objectContaining({ id: belaGig._id, postedByName: 'Bela Sen' }),
      ]);
      // Nothing announced about her: moderation forgets her on the same event.
      const changesAfter = (
        await h.database.db.select().from(outbox).where(eq(outbox.name, 'events.content.changed'))
      ).map((r) => r.payload as ContentChangedPayload);
      expect(changesAfter.filter((c) => c.change === 'deleted')).toEqual([]);
      expect(changesAfter.length).toBeLessThanOrEqual(changesBefore.length);

      await expectNoTraceOf(h.database.db, 'events', [asha.user.id, asha.user.name, email]);
      expect((await exportOf(asha.headers).expect(200)).body.files).toEqual({
        'events.json': [],
        'posters.json': [],
        'event-views.json': [],
        'event-rsvps.json': [],
      });
    },
  );

  test('when the deletion is delivered again, or announced again, then nothing more changes', async () => {
    const { asha, bela, belaGig } = await twoPeople();
    await outboxSent();
    const envelope = deletion(asha.user.id, 'delete');
    await publish(envelope);
    const tablesAfterFirst = await Promise.all([
      exportOf(bela.headers).expect(200),
      request(h.url).get('/api/event/allevents').expect(200),
    ]).then(([e, l]) => [e.body.files, l.body]);

    await h.bus.publish(envelope);
    await h.waitForDeliveries(envelope.id, 2);
    await publish(deletion(asha.user.id, 'anonymise'));

    const tablesNow = await Promise.all([
      exportOf(bela.headers).expect(200),
      request(h.url).get('/api/event/allevents').expect(200),
    ]).then(([e, l]) => [e.body.files, l.body]);
    expect(tablesNow).toEqual(tablesAfterFirst);
    expect(await viewsOf(belaGig)).toBe(1);
    await expectNoTraceOf(h.database.db, 'events', [asha.user.id, asha.user.name]);
  });
});
