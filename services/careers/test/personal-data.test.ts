import { randomUUID } from 'node:crypto';
import { isNull, max } from 'drizzle-orm';
import request from 'supertest';
import type { EventPayload } from '@campus/contracts/events';
import { expectNoTraceOf } from '@campus/service-kit/testing/no-trace';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { interviewCounts, interviews, jobPosts, outbox } from '../src/data/schema';
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
const ASHA_EMAIL = 'asha.rao@campus.example.edu';

beforeAll(async () => {
  h = await startServiceForTest(careersService);
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  asha = makeUser(h, 'Asha Rao');
  vikram = makeUser(h, 'Vikram Shah');
});

const anonymousInterview = {
  ...validInterview,
  role: 'SDE Intern (anonymous)',
  linkedinUrl: '',
  isAnonymous: true,
};

/** Identity's word that an account was deleted, delivered as the broker would; its envelope, for a redelivery. */
async function accountDeleted(who: TestUser, contributions: 'delete' | 'anonymise') {
  const envelope = {
    id: randomUUID(),
    name: 'identity.user.deleted' as const,
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    payload: { userId: who.id, contributions } satisfies EventPayload<'identity.user.deleted'>,
  };
  await h.bus.publish(envelope);
  await h.waitForHandled(envelope.id);
  return envelope;
}

/** Every create's events are on the bus (the kit scrubs published rows; unpublished ones are the relay's). */
const allPublished = () =>
  waitFor('every outbox row published', async () => {
    const rows = await h.database.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.publishedAt));
    return rows.length === 0;
  });

const lastOutboxPosition = async () =>
  Number((await h.database.db.select({ last: max(outbox.position) }).from(outbox))[0]?.last ?? 0);

const exportOf = async (user: TestUser) => {
  const res = await request(h.url).get('/api/me/export/careers').set(auth(user)).expect(200);
  return res;
};

const jobIds = async () =>
  ((await request(h.url).get('/api/job/alljobpost').expect(200)).body as Array<{ _id: string }>).map(
    (j) => j._id,
  );
const interviewSearch = async (query = '') =>
  (await request(h.url).get(`/api/interview/search?${query}`).expect(200)).body as {
    data: Array<{ _id: string; uploaderName: string | null; postedBy: string | null }>;
    total: number;
  };

/** Everything the service holds, for "nothing else changed" comparisons. */
async function snapshot() {
  const db = h.database.db;
  return {
    jobs: await db.select().from(jobPosts).orderBy(jobPosts.id),
    interviews: await db.select().from(interviews).orderBy(interviews.id),
    counts: await db.select().from(interviewCounts).orderBy(interviewCounts.scope),
  };
}

describe('GET /api/me/export/careers', () => {
  test('when a guest asks, then 401', async () => {
    await request(h.url).get('/api/me/export/careers').expect(401);
  });

  test('when a user asks, then they get exactly their job posts and interview experiences (anonymous and hidden ones too), privately, and nothing of anyone else', async () => {
    const job = await postJob(h, asha);
    const named = await shareInterview(h, asha);
    const anonymous = await shareInterview(h, asha, anonymousInterview);
    await postJob(h, vikram, { ...validJob, role: 'Vikram’s role' });
    const vikramsInterview = await shareInterview(h, vikram, {
      ...validInterview,
      role: 'Vikram’s interview',
    });
    const hide = decision('moderation.content.hidden', {
      targetType: 'job',
      targetId: job,
      authorId: asha.id,
    });
    await h.bus.publish(hide);
    await h.waitForHandled(hide.id);

    const res = await exportOf(asha);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatchObject({ service: 'careers' });
    const files = res.body.files as Record<string, Array<Record<string, unknown>>>;
    expect(Object.keys(files).sort()).toEqual([
      'interview-experiences.json',
      'job-posts.json',
      'job-tracker.json', // issue 28
    ]);
    expect(files['job-posts.json']).toEqual([
      expect.objectContaining({
        id: job,
        role: 'Systems Engineer',
        authorName: 'Asha Rao',
        moderation: { state: 'hidden', reason: hide.payload.reason },
      }),
    ]);
    expect(files['interview-experiences.json']).toEqual([
      expect.objectContaining({
        id: named,
        anonymous: false,
        uploaderName: 'Asha Rao',
        authorName: 'Asha Rao',
      }),
      expect.objectContaining({ id: anonymous, anonymous: true, uploaderName: null, authorName: 'Asha Rao' }),
    ]);
    const text = JSON.stringify(res.body);
    for (const other of [vikram.id, vikram.name, vikramsInterview, 'Vikram’s'])
      expect(text).not.toContain(other);

    const theirs = (await exportOf(vikram)).body.files as Record<string, Array<{ id: string }>>;
    expect(theirs['interview-experiences.json']!.map((i) => i.id)).toEqual([vikramsInterview]);
    expect(JSON.stringify(theirs)).not.toContain(asha.id);
  });
});

describe('identity.user.deleted', () => {
  async function ashaAndVikramWrote() {
    const ashaJob = await postJob(h, asha);
    const named = await shareInterview(h, asha);
    const anonymous = await shareInterview(h, asha, anonymousInterview);
    const vikramJob = await postJob(h, vikram);
    const vikramsInterview = await shareInterview(h, vikram, { ...validInterview, role: 'Backend Engineer' });
    await allPublished();
    const vikramsBefore = (await request(h.url).get(`/api/interview/${vikramsInterview}`).expect(200)).body;
    return { ashaJob, named, anonymous, vikramJob, vikramsInterview, vikramsBefore };
  }

  test("when the author chose 'delete', then their job posts and experiences are gone, the counts follow, no trace of them is left, nothing is emitted, and Vikram's are untouched", async () => {
    const w = await ashaAndVikramWrote();
    expect((await interviewSearch()).total).toBe(3);
    const before = await lastOutboxPosition();

    const event = await accountDeleted(asha, 'delete');

    expect(await jobIds()).toEqual([w.vikramJob]);
    const left = await interviewSearch();
    expect(left.data.map((i) => i._id)).toEqual([w.vikramsInterview]);
    expect(left.total).toBe(1);
    expect((await interviewSearch('company=google')).total).toBe(1);
    await request(h.url).get(`/api/interview/${w.named}`).expect(404);
    await request(h.url).get(`/api/interview/${w.anonymous}`).expect(404);
    expect((await request(h.url).get(`/api/interview/${w.vikramsInterview}`).expect(200)).body).toEqual(
      w.vikramsBefore,
    );
    await expectNoTraceOf(h.database.db, 'careers', [asha.id, asha.name, ASHA_EMAIL]);
    // Nothing emitted: every other service forgets them on the same event.
    expect(await lastOutboxPosition()).toBe(before);
    // Vikram's events are still in the outbox (only Asha's were scrubbed).
    expect(JSON.stringify(await h.database.db.select().from(outbox))).toContain(vikram.id);

    // A redelivery finds nothing left to do.
    const after = await snapshot();
    await h.bus.publish(event);
    await h.waitForDeliveries(event.id, 2);
    expect(await snapshot()).toEqual(after);
    expect(await lastOutboxPosition()).toBe(before);
  });

  test('when the author chose \'anonymise\', then their job posts go but their experiences stay, by "Deleted user" (an anonymous one still anonymous), with no id, name or profile of theirs, the counts unchanged', async () => {
    const w = await ashaAndVikramWrote();
    const before = await lastOutboxPosition();

    const event = await accountDeleted(asha, 'anonymise');

    expect(await jobIds()).toEqual([w.vikramJob]);
    const left = await interviewSearch();
    expect(left.total).toBe(3);
    expect((await interviewSearch('company=google')).total).toBe(3);
    const named = (await request(h.url).get(`/api/interview/${w.named}`).expect(200)).body;
    expect(named).toMatchObject({
      companyName: validInterview.companyName,
      interviewRoundsDescription: validInterview.interviewRoundsDescription,
      uploaderName: 'Deleted user',
      postedBy: null,
      linkedinUrl: '',
    });
    expect((await request(h.url).get(`/api/interview/${w.anonymous}`).expect(200)).body).toMatchObject({
      role: anonymousInterview.role,
      uploaderName: null,
      postedBy: null,
    });
    expect((await request(h.url).get(`/api/interview/${w.vikramsInterview}`).expect(200)).body).toEqual(
      w.vikramsBefore,
    );
    await expectNoTraceOf(h.database.db, 'careers', [asha.id, asha.name, ASHA_EMAIL]);
    expect(await lastOutboxPosition()).toBe(before);

    // Nobody owns them now: the old session cannot edit them, and the export names nothing.
    await request(h.url)
      .patch(`/api/interview/${w.named}`)
      .set(auth(asha))
      .send({ role: 'Back again' })
      .expect(403);
    expect((await exportOf(asha)).body.files).toEqual({
      'job-posts.json': [],
      'interview-experiences.json': [],
      'job-tracker.json': [],
    });

    const after = await snapshot();
    await h.bus.publish(event);
    await h.waitForDeliveries(event.id, 2);
    expect(await snapshot()).toEqual(after);
  });

  test('when a moderator deletes an experience kept after its author left, then it goes and no event names anyone', async () => {
    const w = await ashaAndVikramWrote();
    await accountDeleted(asha, 'anonymise');
    const before = await lastOutboxPosition();
    const remove = decision('moderation.content.deleted', {
      targetType: 'interview',
      targetId: w.named,
      authorId: randomUUID(),
    });
    await h.bus.publish(remove);
    await h.waitForHandled(remove.id);
    await request(h.url).get(`/api/interview/${w.named}`).expect(404);
    expect((await interviewSearch()).total).toBe(2);
    expect(await lastOutboxPosition()).toBe(before);
  });
});
