import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import type { ContentChangedPayload, ModerationDecisionPayload } from '@campus/contracts/events';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { events, outbox } from '../src/data/schema';
import { eventsService } from '../src/service';
import { postEvent, poster, signedIn, storedCounts, uploadPoster, type PostedEvent } from './helpers';

let h: ServiceHarness;
let clock = Date.parse('2026-03-01T09:00:00Z');
beforeAll(async () => {
  h = await startServiceForTest(eventsService, {}, { now: () => new Date((clock += 1000)) });
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const getEvent = (id: string, headers: Record<string, string> = {}) =>
  request(h.url).get(`/api/event/events/${id}`).set(headers);
const patch = (id: string, headers: Record<string, string>, body: unknown) =>
  request(h.url)
    .patch(`/api/event/events/${id}`)
    .set(headers)
    .send(body as object);
const del = (id: string, headers: Record<string, string>) =>
  request(h.url).delete(`/api/event/events/${id}`).set(headers);
const listIds = async (headers: Record<string, string> = {}) =>
  (
    (await request(h.url).get('/api/event/allevents?page=1&limit=50').set(headers).expect(200))
      .body as PostedEvent[]
  ).map((e) => e._id);
const posterUrls = (event: PostedEvent) => [event.posterLink, ...event.posterVariants.map((v) => v.url)];

/** What events.content.changed the service put in its outbox, oldest first. */
async function contentChanges(): Promise<ContentChangedPayload[]> {
  const rows = await h.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.name, 'events.content.changed'))
    .orderBy(asc(outbox.position));
  return rows.map((r) => r.payload as ContentChangedPayload);
}

/** Publishes one moderation decision about an event (as moderation would) and waits until it is handled. */
async function decide(
  name: 'moderation.content.hidden' | 'moderation.content.restored' | 'moderation.content.deleted',
  event: PostedEvent,
  authorId: string,
  change: Partial<ModerationDecisionPayload> = {},
  times = 1,
) {
  const envelope = {
    id: randomUUID(),
    name,
    occurredAt: new Date().toISOString(),
    producer: 'moderation',
    payload: {
      targetType: 'event' as const,
      targetId: event._id,
      authorId,
      title: 'Hack Night',
      link: `/events?event=${event._id}`,
      reason: 'Misleading registration link',
      by: 'moderator' as const,
      ...change,
    },
  };
  for (let i = 0; i < times; i++) await h.bus.publish(envelope);
  await h.waitForDeliveries(envelope.id, times);
}

const row = async (id: string) => (await h.database.db.select().from(events).where(eq(events.id, id)))[0];

describe('PATCH /api/event/events/:id', () => {
  test('when the author edits the text fields, then 200 with the event as it is now, editedAt set, and the list shows it', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 1, {
      title: 'Hack Nite',
      description: 'Bring a laptop.',
      instagramLink: 'https://instagram.com/hack',
    });

    const res = await patch(event._id, asha.headers, {
      title: ' Hack Night ',
      registerLink: 'https://forms.example.org/hack-night',
      instagramLink: '',
      userid: 'someone-else',
    }).expect(200);

    expect(res.body).toMatchObject({ success: true, message: EVENTS_MESSAGES.updated });
    expect(res.body.data).toMatchObject({
      _id: event._id,
      title: 'Hack Night',
      description: 'Bring a laptop.',
      registerLink: 'https://forms.example.org/hack-night',
      instagramLink: null,
      postedBy: asha.user.id,
      posterLink: event.posterLink,
      createdAt: (event as PostedEvent & { createdAt: string }).createdAt,
    });
    expect(Date.parse(res.body.data.editedAt)).toBeGreaterThan(Date.parse(res.body.data.createdAt));
    expect(res.body.data.moderation).toBeUndefined();
    const listed = (await request(h.url).get('/api/event/allevents').expect(200)).body as Array<
      Record<string, unknown>
    >;
    expect(listed).toEqual([res.body.data]);
  });

  test('when an event was never edited, then its answers carry editedAt null', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 2);
    expect((await getEvent(event._id).expect(200)).body.editedAt).toBeNull();
    expect((await request(h.url).get('/api/event/allevents').expect(200)).body[0].editedAt).toBeNull();
  });

  test('when the author sends a new poster they uploaded, then the event shows it and the old poster is deleted (404)', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 3);
    const uploaded = await uploadPoster(h, asha.headers, await poster(4)).expect(200);

    const res = await patch(event._id, asha.headers, { posterLink: uploaded.body.posterUrl }).expect(200);

    expect(res.body.data.posterLink).toBe(uploaded.body.posterUrl);
    expect(res.body.data.posterVariants).toEqual(uploaded.body.variants);
    for (const url of posterUrls(event)) await request(h.url).get(url).expect(404);
    await request(h.url).get(uploaded.body.posterUrl).expect(200);
    expect(await storedCounts(h)).toMatchObject({ posters: 1, events: 1 });
  });

  test('when the author sends the poster the event already has, then nothing about the poster changes', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 5);
    const res = await patch(event._id, asha.headers, {
      posterLink: event.posterLink,
      title: 'Same poster',
    }).expect(200);
    expect(res.body.data.posterLink).toBe(event.posterLink);
    await request(h.url).get(event.posterLink).expect(200);
  });

  test('when the new poster is someone else’s upload, then 400 POSTER_UNKNOWN on posterLink and the event is unchanged', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 6);
    const theirs = await uploadPoster(h, signedIn(h, 'Ravi').headers, await poster(7)).expect(200);
    const res = await patch(event._id, asha.headers, { posterLink: theirs.body.posterUrl }).expect(400);
    expect(res.body).toMatchObject({
      code: 'POSTER_UNKNOWN',
      issues: [{ path: 'posterLink', message: EVENTS_MESSAGES.posterUnknown }],
    });
    expect((await getEvent(event._id).expect(200)).body.posterLink).toBe(event.posterLink);
  });

  test('when the new poster is used by another event, then 409 POSTER_USED', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const first = await postEvent(h, asha.headers, 8);
    const second = await postEvent(h, asha.headers, 9);
    const res = await patch(first._id, asha.headers, { posterLink: second.posterLink }).expect(409);
    expect(res.body.code).toBe('POSTER_USED');
  });

  test('when a guest edits, then 401 and the event is unchanged', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 10, { title: 'Original' });
    await patch(event._id, {}, { title: 'Defaced' }).expect(401);
    expect((await getEvent(event._id).expect(200)).body).toMatchObject({ title: 'Original', editedAt: null });
  });

  test('when a stranger edits, then 403 NOT_OWNER and the event is unchanged', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 11, { title: 'Original' });
    const res = await patch(event._id, signedIn(h, 'Mallory').headers, { title: 'Defaced' }).expect(403);
    expect(res.body).toMatchObject({ code: 'NOT_OWNER', message: EVENTS_MESSAGES.notOwner });
    expect((await getEvent(event._id).expect(200)).body).toMatchObject({ title: 'Original', editedAt: null });
    expect((await contentChanges()).map((c) => c.change)).toEqual(['published']);
  });

  test('when a teacher who is not the author edits, then 403 NOT_OWNER too (teachers act through moderation)', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 12);
    const teacher = { id: randomUUID(), name: 'Dr. Iyer', isTeacher: true };
    const headers = { Authorization: `Bearer ${signAccessToken(teacher, h.keys.privateKey, 900)}` };
    expect((await patch(event._id, headers, { title: 'x' }).expect(403)).body.code).toBe('NOT_OWNER');
  });

  test('when the event does not exist (or the id is no uuid), then 404', async () => {
    const asha = signedIn(h, 'Asha Rao');
    await patch(randomUUID(), asha.headers, { title: 'Ghost' }).expect(404);
    await patch('not-an-id', asha.headers, { title: 'Ghost' }).expect(404);
  });

  test.each([
    [{}, '', EVENTS_MESSAGES.nothingToChange],
    [{ userid: 'x' }, '', EVENTS_MESSAGES.nothingToChange],
    [{ registerLink: '' }, 'registerLink', EVENTS_MESSAGES.registerRequired],
    [{ registerLink: 'ftp://forms.example.org' }, 'registerLink', EVENTS_MESSAGES.registerInvalid],
    [{ instagramLink: 'https://evil.example.org/x' }, 'instagramLink', EVENTS_MESSAGES.instagramInvalid],
    [{ title: 'x'.repeat(121) }, 'title', 'Title must be at most 120 characters.'],
    [{ description: 42 }, 'description', 'Description must be text.'],
  ])('when the body is %j, then 400 naming %j and the event is unchanged', async (body, path, message) => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 13, { title: 'Original' });
    const res = await patch(event._id, asha.headers, body).expect(400);
    expect(res.body.issues).toEqual(expect.arrayContaining([{ path, message }]));
    expect((await getEvent(event._id).expect(200)).body).toMatchObject({ title: 'Original', editedAt: null });
  });
});

describe('DELETE /api/event/events/:id', () => {
  test('when the author deletes, then it leaves every list, its detail and view are 404, and its poster is deleted (404)', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 20);
    const other = await postEvent(h, asha.headers, 21);
    await request(h.url).get(event.posterLink).expect(200);

    const res = await del(event._id, asha.headers).expect(200);

    expect(res.body).toEqual({ success: true, message: EVENTS_MESSAGES.deleted });
    expect(await listIds()).toEqual([other._id]);
    await getEvent(event._id, asha.headers).expect(404);
    await request(h.url).patch(`/api/event/events/${event._id}/view`).expect(404);
    for (const url of posterUrls(event)) await request(h.url).get(url).expect(404);
    await request(h.url).get(other.posterLink).expect(200);
    expect(await storedCounts(h)).toMatchObject({ events: 1, posters: 1 });
    await del(event._id, asha.headers).expect(404);
  });

  test('when the same image is another event’s poster too, then deleting one keeps the other’s poster', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const first = await postEvent(h, asha.headers, 22);
    const second = await postEvent(h, asha.headers, 22);
    expect(second.posterLink).toBe(first.posterLink);
    await del(first._id, asha.headers).expect(200);
    await request(h.url).get(second.posterLink).expect(200);
  });

  test('when a guest deletes, then 401 and the event stays', async () => {
    const event = await postEvent(h, signedIn(h, 'Asha Rao').headers, 23);
    await del(event._id, {}).expect(401);
    expect(await listIds()).toEqual([event._id]);
  });

  test('when a stranger deletes, then 403 NOT_OWNER and the event and its poster stay', async () => {
    const event = await postEvent(h, signedIn(h, 'Asha Rao').headers, 24);
    const res = await del(event._id, signedIn(h, 'Mallory').headers).expect(403);
    expect(res.body.code).toBe('NOT_OWNER');
    expect(await listIds()).toEqual([event._id]);
    await request(h.url).get(event.posterLink).expect(200);
  });

  test('when the event does not exist, then 404', async () => {
    await del(randomUUID(), signedIn(h, 'Asha Rao').headers).expect(404);
  });
});

describe('events.content.changed', () => {
  test('when an event is posted, edited and deleted, then one event each, in order, with its version and its author', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 30, {
      title: 'Hack Night',
      description: '<b>Bring</b> a laptop.',
      instagramLink: 'https://instagram.com/hack',
    });
    await patch(event._id, asha.headers, { title: 'Hack Night 2' }).expect(200);
    await del(event._id, asha.headers).expect(200);

    const changes = await contentChanges();
    expect(changes.map((c) => [c.change, c.version, c.title])).toEqual([
      ['published', 1, 'Hack Night'],
      ['edited', 2, 'Hack Night 2'],
      ['deleted', 3, 'Hack Night 2'],
    ]);
    expect(changes[0]).toMatchObject({
      targetType: 'event',
      targetId: event._id,
      link: `/events?event=${event._id}`,
      authorId: asha.user.id,
      authorName: 'Asha Rao',
      anonymous: false,
    });
    expect(changes[0]?.text).toContain('Bring a laptop.');
    expect(changes[0]?.text).toContain('Registration: https://forms.example.org/fest');
    expect(changes[0]?.text).toContain('Instagram: https://instagram.com/hack');
    expect(changes[0]?.text).toContain(`Poster: ${event.posterLink}`);
  });

  test('when an event has no title, then its snapshot is headed "Campus event"', async () => {
    await postEvent(h, signedIn(h, 'Asha Rao').headers, 31);
    expect((await contentChanges())[0]?.title).toBe(EVENTS_MESSAGES.untitled);
  });
});

describe('moderation decisions', () => {
  test('when a moderator hides an event, then it is in no public answer, its poster is 404 to others, and its author reads why', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const mallory = signedIn(h, 'Mallory');
    const event = await postEvent(h, asha.headers, 40, { title: 'Hack Night' });
    const other = await postEvent(h, asha.headers, 41);

    await decide('moderation.content.hidden', event, asha.user.id);

    expect(await listIds()).toEqual([other._id]);
    expect(await listIds(asha.headers)).toEqual([other._id]);
    await getEvent(event._id).expect(404);
    await getEvent(event._id, mallory.headers).expect(404);
    await request(h.url).patch(`/api/event/events/${event._id}/view`).set(mallory.headers).expect(404);
    for (const url of posterUrls(event)) await request(h.url).get(url).set(mallory.headers).expect(404);
    await request(h.url).get(event.posterLink).expect(404);

    const own = await getEvent(event._id, asha.headers).expect(200);
    expect(own.body).toMatchObject({
      _id: event._id,
      title: 'Hack Night',
      moderation: { state: 'hidden', reason: 'Misleading registration link' },
    });
    const poster = await request(h.url).get(event.posterLink).set(asha.headers).expect(200);
    expect(poster.headers['cache-control']).toBe('private, no-store');
    // Hide and restore are moderation's own decisions: no content.changed for them.
    expect((await contentChanges()).map((c) => c.change)).toEqual(['published', 'published']);
  });

  test('when the author edits a hidden event, then it stays hidden and the answer says why', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 42);
    await decide('moderation.content.hidden', event, asha.user.id);
    const res = await patch(event._id, asha.headers, { title: 'Fixed' }).expect(200);
    expect(res.body.data.moderation).toEqual({ state: 'hidden', reason: 'Misleading registration link' });
    expect(await listIds()).toEqual([]);
  });

  test('when a moderator restores a hidden event, then it is back in every answer without a moderation field', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 43);
    await decide('moderation.content.hidden', event, asha.user.id);
    await decide('moderation.content.restored', event, asha.user.id);

    expect(await listIds()).toEqual([event._id]);
    const res = await getEvent(event._id, signedIn(h, 'Ravi').headers).expect(200);
    expect(res.body.moderation).toBeUndefined();
    expect((await getEvent(event._id, asha.headers).expect(200)).body.moderation).toBeUndefined();
    await request(h.url).get(event.posterLink).expect(200);
    expect(await row(event._id)).toMatchObject({ moderation: 'visible', moderationReason: null, version: 3 });
  });

  test('when a decision is delivered twice, then the second changes nothing', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 44);
    await decide('moderation.content.hidden', event, asha.user.id, {}, 2);
    expect(await row(event._id)).toMatchObject({ moderation: 'hidden', version: 2 });

    // The same decision again under a new id (a second reporter's threshold, say): still no change.
    await decide('moderation.content.hidden', event, asha.user.id);
    expect(await row(event._id)).toMatchObject({ version: 2 });
  });

  test('when a decision is about another kind of item with the same id, then the event is untouched', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 45);
    await decide('moderation.content.hidden', event, asha.user.id, { targetType: 'post' });
    await decide('moderation.content.deleted', event, asha.user.id, { targetType: 'book' });
    expect(await listIds()).toEqual([event._id]);
  });

  test('when a moderator deletes an event, then it is the author’s delete: gone, poster 404, content.changed deleted; twice is no error', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const event = await postEvent(h, asha.headers, 46, { title: 'Hack Night' });

    await decide('moderation.content.deleted', event, asha.user.id, {}, 2);

    expect(await listIds()).toEqual([]);
    await getEvent(event._id, asha.headers).expect(404);
    for (const url of posterUrls(event)) await request(h.url).get(url).expect(404);
    expect(await storedCounts(h)).toEqual({ blobs: 0, posters: 0, events: 0 });
    const changes = await contentChanges();
    expect(changes.map((c) => [c.change, c.version])).toEqual([
      ['published', 1],
      ['deleted', 2],
    ]);
    expect(changes[1]).toMatchObject({ authorId: asha.user.id, authorName: 'Asha Rao', title: 'Hack Night' });
    await del(event._id, asha.headers).expect(404);
  });
});
