import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import type { ContentChangedPayload } from '@campus/contracts/events';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { interviews, jobPosts, outbox } from '../src/data/schema';
import { careersService } from '../src/service';
import {
  auth,
  decision,
  makeUser,
  postJob,
  shareInterview,
  validInterview,
  validJob,
  type TestUser,
} from './helpers';

let h: ServiceHarness;
let asha: TestUser;
let vikram: TestUser;
let clock = Date.parse('2026-03-01T09:00:00Z');

beforeAll(async () => {
  h = await startServiceForTest(careersService, {}, { now: () => new Date((clock += 1000)) });
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  asha = makeUser(h, 'Asha Rao');
  vikram = makeUser(h, 'Vikram Shah');
});

const REASON = 'Shares a recruiter’s private phone number.';

/** Publishes a moderation decision and waits until the careers service has handled it. */
async function decide(...args: Parameters<typeof decision>) {
  const event = decision(...args);
  await h.bus.publish(event);
  await h.waitForHandled(event.id);
  return event;
}

async function emitted(name: string) {
  const rows = await h.database.db.select().from(outbox).orderBy(asc(outbox.position));
  return rows.filter((r) => r.name === name).map((r) => r.payload);
}

const ids = (items: Array<{ _id: string }>) => items.map((i) => i._id);
const searchIds = async (query: string, user?: TestUser) =>
  ids(
    (
      await request(h.url)
        .get(`/api/interview/search?${query}`)
        .set(user ? auth(user) : {})
        .expect(200)
    ).body.data,
  );

describe('a hidden interview experience', () => {
  test('when a moderator hides it, then it is in no public answer (search, browse, company, detail, counts) and its author alone sees it with the reason', async () => {
    const hidden = await shareInterview(h, asha, { ...validInterview, linkedinUrl: '', isAnonymous: true });
    const shown = await shareInterview(h, vikram, { ...validInterview, role: 'Shown' });
    await decide('moderation.content.hidden', {
      targetType: 'interview',
      targetId: hidden,
      authorId: asha.id,
    });

    for (const reader of [undefined, vikram, asha]) {
      expect(await searchIds('', reader)).toEqual([shown]);
      expect(await searchIds('q=graph', reader)).toEqual([shown]);
      expect(await searchIds('company=goo', reader)).toEqual([shown]);
      expect(await searchIds('sort=date_desc', reader)).toEqual([shown]);
    }
    const browse = await request(h.url).get('/api/interview/search?company=google').expect(200);
    expect(browse.body).toMatchObject({ total: 1, pages: 1 });
    expect((await request(h.url).get('/api/interview/search').expect(200)).body.total).toBe(1);

    await request(h.url).get(`/api/interview/${hidden}`).expect(404);
    await request(h.url).get(`/api/interview/${hidden}`).set(auth(vikram)).expect(404);
    const own = await request(h.url).get(`/api/interview/${hidden}`).set(auth(asha)).expect(200);
    expect(own.body).toMatchObject({
      _id: hidden,
      mine: true,
      postedBy: null,
      uploaderName: null,
      moderation: { state: 'hidden', reason: REASON },
    });
    expect(own.headers['cache-control']).toBe('private, no-store');
  });

  test('when a moderator restores it, then it is back everywhere, the reason gone', async () => {
    const id = await shareInterview(h, asha);
    await decide('moderation.content.hidden', { targetType: 'interview', targetId: id, authorId: asha.id });
    await decide('moderation.content.restored', { targetType: 'interview', targetId: id, authorId: asha.id });
    expect(await searchIds('q=graph')).toEqual([id]);
    expect((await request(h.url).get('/api/interview/search?company=google').expect(200)).body.total).toBe(1);
    const detail = await request(h.url).get(`/api/interview/${id}`).expect(200);
    expect(detail.body).not.toHaveProperty('moderation');
    const own = await request(h.url).get(`/api/interview/${id}`).set(auth(asha)).expect(200);
    expect(own.body).not.toHaveProperty('moderation');
  });

  test('when its author edits it while hidden, then it stays hidden', async () => {
    const id = await shareInterview(h, asha);
    await decide('moderation.content.hidden', { targetType: 'interview', targetId: id, authorId: asha.id });
    await request(h.url).patch(`/api/interview/${id}`).set(auth(asha)).send({ city: 'Pune' }).expect(200);
    expect(await searchIds('')).toEqual([]);
    await request(h.url).get(`/api/interview/${id}`).expect(404);
  });

  test('when a moderator deletes it, then it is gone as its author’s delete would have it, with content.changed deleted', async () => {
    const id = await shareInterview(h, asha);
    await decide('moderation.content.deleted', { targetType: 'interview', targetId: id, authorId: asha.id });
    await request(h.url).get(`/api/interview/${id}`).set(auth(asha)).expect(404);
    expect((await request(h.url).get('/api/interview/search').expect(200)).body).toMatchObject({ total: 0 });
    const changes = (await emitted('careers.content.changed')) as ContentChangedPayload[];
    expect(changes.map((e) => [e.change, e.version])).toEqual([
      ['published', 1],
      ['deleted', 2],
    ]);
  });
});

describe('a hidden job post', () => {
  test('when a moderator hides it, then it leaves All Job Posts and its count; My Posted Job shows it to its author with the reason', async () => {
    const hidden = await postJob(h, asha, { ...validJob, companyName: 'Hidden Co' });
    const shown = await postJob(h, vikram);
    await decide('moderation.content.hidden', { targetType: 'job', targetId: hidden, authorId: asha.id });

    for (const reader of [undefined, vikram, asha]) {
      const all = await request(h.url)
        .get('/api/job/alljobpost')
        .set(reader ? auth(reader) : {})
        .expect(200);
      expect(ids(all.body)).toEqual([shown]);
      expect(all.headers['x-total-count']).toBe('1');
    }
    const mine = await request(h.url).get('/api/job/alljobpost?mine=true').set(auth(asha)).expect(200);
    expect(mine.body).toEqual([
      expect.objectContaining({ _id: hidden, moderation: { state: 'hidden', reason: REASON } }),
    ]);
  });

  test('when a moderator restores it, then it is back in the list without a reason', async () => {
    const id = await postJob(h, asha);
    await decide('moderation.content.hidden', { targetType: 'job', targetId: id, authorId: asha.id });
    await decide('moderation.content.restored', { targetType: 'job', targetId: id, authorId: asha.id });
    const all = await request(h.url).get('/api/job/alljobpost').expect(200);
    expect(ids(all.body)).toEqual([id]);
    expect(all.body[0]).not.toHaveProperty('moderation');
  });

  test('when a moderator deletes it, then it goes as its author’s delete: careers.job.deleted for the profile count and content.changed deleted', async () => {
    const id = await postJob(h, asha);
    await decide('moderation.content.deleted', { targetType: 'job', targetId: id, authorId: asha.id });
    expect(
      (await request(h.url).get('/api/job/alljobpost?mine=true').set(auth(asha)).expect(200)).body,
    ).toEqual([]);
    expect(await emitted('careers.job.deleted')).toEqual([{ jobId: id, postedBy: asha.id }]);
    const changes = (await emitted('careers.content.changed')) as ContentChangedPayload[];
    expect(changes.map((e) => [e.targetId, e.change, e.version])).toEqual([
      [id, 'published', 1],
      [id, 'deleted', 2],
    ]);
    await request(h.url).delete(`/api/job/jobpost/${id}`).set(auth(asha)).expect(404);
  });
});

describe('decisions are idempotent', () => {
  test('when a decision is delivered twice, then the second changes nothing', async () => {
    const job = await postJob(h, asha);
    const interview = await shareInterview(h, asha);
    const hideJob = decision('moderation.content.hidden', {
      targetType: 'job',
      targetId: job,
      authorId: asha.id,
    });
    const deleteInterview = decision('moderation.content.deleted', {
      targetType: 'interview',
      targetId: interview,
      authorId: asha.id,
    });
    for (const event of [hideJob, hideJob, deleteInterview, deleteInterview]) await h.bus.publish(event);
    await h.waitForDeliveries(hideJob.id, 2);
    await h.waitForDeliveries(deleteInterview.id, 2);

    const [row] = await h.database.db.select().from(jobPosts).where(eq(jobPosts.id, job));
    expect(row).toMatchObject({ moderation: 'hidden', moderationReason: REASON, version: 2 });
    const deletions = ((await emitted('careers.content.changed')) as ContentChangedPayload[]).filter(
      (e) => e.change === 'deleted',
    );
    expect(deletions).toHaveLength(1);
  });

  test('when the same hide arrives again as a new event, or a restore of a visible item, or a delete of a gone one, then nothing changes', async () => {
    const id = await shareInterview(h, asha);
    await decide('moderation.content.hidden', { targetType: 'interview', targetId: id, authorId: asha.id });
    await decide('moderation.content.hidden', { targetType: 'interview', targetId: id, authorId: asha.id });
    const [hidden] = await h.database.db.select().from(interviews).where(eq(interviews.id, id));
    expect(hidden).toMatchObject({ moderation: 'hidden', version: 2 });

    const other = await shareInterview(h, asha, { ...validInterview, role: 'Other' });
    await decide('moderation.content.restored', {
      targetType: 'interview',
      targetId: other,
      authorId: asha.id,
    });
    const [visible] = await h.database.db.select().from(interviews).where(eq(interviews.id, other));
    expect(visible).toMatchObject({ moderation: 'visible', version: 1 });

    await decide('moderation.content.deleted', { targetType: 'interview', targetId: id, authorId: asha.id });
    await decide('moderation.content.deleted', { targetType: 'interview', targetId: id, authorId: asha.id });
    const deletions = ((await emitted('careers.content.changed')) as ContentChangedPayload[]).filter(
      (e) => e.change === 'deleted',
    );
    expect(deletions).toHaveLength(1);
  });

  test("when a decision is about another service's item, then careers changes nothing", async () => {
    const id = await postJob(h, asha);
    await decide('moderation.content.hidden', { targetType: 'post', targetId: id, authorId: asha.id });
    expect(ids((await request(h.url).get('/api/job/alljobpost').expect(200)).body)).toEqual([id]);
  });
});
