import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import request from 'supertest';
import type { ContentChangedPayload } from '@campus/contracts/events';
import { CAREERS_MESSAGES } from '@campus/contracts/careers-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { outbox } from '../src/data/schema';
import { careersService } from '../src/service';
import { auth, makeUser, postJob, shareInterview, validInterview, validJob, type TestUser } from './helpers';

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

/** What the service wrote to its outbox, in order (published in the same transaction as each change). */
async function emitted(name: string) {
  const rows = await h.database.db.select().from(outbox).orderBy(asc(outbox.position));
  return rows.filter((r) => r.name === name).map((r) => r.payload);
}
const contentEvents = async () => (await emitted('careers.content.changed')) as ContentChangedPayload[];

const anonymousInterview = { ...validInterview, linkedinUrl: '', isAnonymous: true };
const jobOf = async (id: string) =>
  ((await request(h.url).get('/api/job/alljobpost').expect(200)).body as Array<{ _id: string }>).find(
    (j) => j._id === id,
  );

describe('PATCH /api/job/jobpost/:id', () => {
  test('when a guest edits a post, then 401 and the post is unchanged', async () => {
    const id = await postJob(h, asha);
    await request(h.url).patch(`/api/job/jobpost/${id}`).send({ role: 'Hacked' }).expect(401);
    expect(await jobOf(id)).toMatchObject({ role: validJob.role, editedAt: null });
  });

  test('when a stranger edits a post, then 403 NOT_OWNER and the post is unchanged', async () => {
    const id = await postJob(h, asha);
    const res = await request(h.url)
      .patch(`/api/job/jobpost/${id}`)
      .set(auth(vikram))
      .send({ role: 'Hacked' })
      .expect(403);
    expect(res.body).toMatchObject({ code: 'NOT_OWNER', message: CAREERS_MESSAGES.jobNotYoursToEdit });
    expect(await jobOf(id)).toMatchObject({ role: validJob.role, editedAt: null });
    expect(await contentEvents()).toHaveLength(1); // only its publication
  });

  test('when its author edits a post, then 200 with the post as the list shows it, editedAt set, the rest kept, and content.changed edited', async () => {
    const id = await postJob(h, asha);
    const res = await request(h.url)
      .patch(`/api/job/jobpost/${id}`)
      .set(auth(asha))
      .send({ role: '  SDE 1 ', salary: '9 LPA', city: '', postedBy: vikram.id })
      .expect(200);
    expect(res.body).toMatchObject({
      _id: id,
      postedBy: asha.id,
      role: 'SDE 1',
      salary: '9 LPA',
      city: '',
      companyName: validJob.companyName,
      jobLink: validJob.jobLink,
      editedAt: expect.any(String),
    });
    expect(res.body.editedAt > res.body.createdAt).toBe(true);
    expect(await jobOf(id)).toEqual(res.body);
    const [published, edited] = await contentEvents();
    expect(published).toMatchObject({ targetType: 'job', targetId: id, change: 'published', version: 1 });
    expect(edited).toMatchObject({
      targetType: 'job',
      targetId: id,
      link: `/jobs#job-${id}`,
      authorId: asha.id,
      authorName: 'Asha Rao',
      anonymous: false,
      title: `SDE 1 at ${validJob.companyName}`,
      change: 'edited',
      version: 2,
    });
    expect(edited!.text).toContain('Salary: 9 LPA');
  });

  test('when the body is bad, then 400 with the message and the post is unchanged', async () => {
    const id = await postJob(h, asha);
    const cases: Array<[object, string]> = [
      [{ companyName: '  ' }, CAREERS_MESSAGES.companyRequired],
      [{ role: '' }, CAREERS_MESSAGES.roleRequired],
      [{ jobType: 'Gig' }, CAREERS_MESSAGES.jobTypeInvalid],
      [{ jobLink: 'javascript:alert(1)' }, CAREERS_MESSAGES.linkInvalid],
      [{}, CAREERS_MESSAGES.nothingToChange],
      [{ postedBy: vikram.id }, CAREERS_MESSAGES.nothingToChange],
    ];
    for (const [body, message] of cases) {
      const res = await request(h.url).patch(`/api/job/jobpost/${id}`).set(auth(asha)).send(body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect(await jobOf(id)).toMatchObject({ ...validJob, postedBy: asha.id, editedAt: null });
  });

  test('when the post does not exist (or the id is not one), then 404', async () => {
    for (const id of [randomUUID(), 'not-an-id'])
      await request(h.url).patch(`/api/job/jobpost/${id}`).set(auth(asha)).send({ role: 'X' }).expect(404);
  });
});

describe('DELETE /api/job/jobpost/:id', () => {
  test('when its author deletes, then the same answer as before, and careers.job.deleted and content.changed deleted go out', async () => {
    const id = await postJob(h, asha);
    const res = await request(h.url).delete(`/api/job/jobpost/${id}`).set(auth(asha)).expect(200);
    expect(res.body).toEqual({ success: true, message: CAREERS_MESSAGES.jobDeleted, data: { _id: id } });
    expect(await emitted('careers.job.deleted')).toEqual([{ jobId: id, postedBy: asha.id }]);
    expect((await contentEvents()).map((e) => [e.change, e.version])).toEqual([
      ['published', 1],
      ['deleted', 2],
    ]);
    await request(h.url).patch(`/api/job/jobpost/${id}`).set(auth(asha)).send({ role: 'X' }).expect(404);
  });

  test('when a stranger deletes, then 403 NOT_OWNER (the old message) and nothing is announced', async () => {
    const id = await postJob(h, asha);
    const res = await request(h.url).delete(`/api/job/jobpost/${id}`).set(auth(vikram)).expect(403);
    expect(res.body).toMatchObject({ code: 'NOT_OWNER', message: CAREERS_MESSAGES.jobNotYours });
    expect(await jobOf(id)).toBeDefined();
    expect(await emitted('careers.job.deleted')).toEqual([]);
  });
});

describe('PATCH /api/interview/:id', () => {
  test('when a guest edits, then 401 and the experience is unchanged', async () => {
    const id = await shareInterview(h, asha);
    await request(h.url).patch(`/api/interview/${id}`).send({ role: 'Hacked' }).expect(401);
    const detail = await request(h.url).get(`/api/interview/${id}`).expect(200);
    expect(detail.body).toMatchObject({ role: validInterview.role, editedAt: null });
  });

  test('when a stranger edits, then 403 NOT_OWNER and the experience is unchanged', async () => {
    const id = await shareInterview(h, asha, anonymousInterview);
    const res = await request(h.url)
      .patch(`/api/interview/${id}`)
      .set(auth(vikram))
      .send({ role: 'Hacked' })
      .expect(403);
    expect(res.body).toMatchObject({ code: 'NOT_OWNER', message: CAREERS_MESSAGES.interviewNotYoursToEdit });
    const detail = await request(h.url).get(`/api/interview/${id}`).set(auth(vikram)).expect(200);
    expect(detail.body).toMatchObject({ role: validInterview.role, editedAt: null });
    expect(detail.body).not.toHaveProperty('mine');
  });

  test('when its author edits, then 200 with the record as its detail shows it: rich text sanitized as on create, editedAt set, content.changed edited', async () => {
    const id = await shareInterview(h, asha);
    const res = await request(h.url)
      .patch(`/api/interview/${id}`)
      .set(auth(asha))
      .send({
        interviewRoundsDescription:
          '<p onclick="steal()">Round 2 <a href="javascript:alert(1)">link</a><script>alert(1)</script><b>DP</b></p>',
        interviewRounds: '',
        interviewDifficulty: 'Medium',
        uploaderName: 'Someone Else',
      })
      .expect(200);
    expect(res.body).toMatchObject({
      _id: id,
      interviewRoundsDescription: '<p>Round 2 link<b>DP</b></p>',
      interviewRounds: null,
      interviewDifficulty: 'Medium',
      companyName: validInterview.companyName,
      uploaderName: 'Asha Rao',
      postedBy: asha.id,
      mine: true,
      editedAt: expect.any(String),
    });
    const detail = await request(h.url).get(`/api/interview/${id}`).expect(200);
    const { mine: _mine, ...forEveryone } = res.body;
    expect(detail.body).toEqual(forEveryone);
    const edited = (await contentEvents()).at(-1)!;
    expect(edited).toMatchObject({
      targetType: 'interview',
      targetId: id,
      link: `/interviews/Google/${id}`,
      authorId: asha.id,
      change: 'edited',
      version: 2,
    });
    expect(edited.text).toContain('Round 2 linkDP');
    expect(edited.text).not.toContain('<');
  });

  test('when the body is bad, then 400 with the message and the experience is unchanged', async () => {
    const id = await shareInterview(h, asha);
    const cases: Array<[object, string]> = [
      [{ companyName: '' }, CAREERS_MESSAGES.companyRequired],
      [{ salary: ' ' }, CAREERS_MESSAGES.salaryRequired],
      [{ interviewRounds: 21 }, CAREERS_MESSAGES.roundsInvalid],
      [{ interviewDifficulty: 'Trivial' }, CAREERS_MESSAGES.difficultyInvalid],
      [{ interviewDate: '2026-02-30' }, CAREERS_MESSAGES.dateInvalid],
      [{ interviewDate: '2099-01-01' }, CAREERS_MESSAGES.dateInFuture],
      [{ linkedinUrl: 'ftp://x' }, CAREERS_MESSAGES.linkInvalid],
      [{}, CAREERS_MESSAGES.nothingToChange],
    ];
    for (const [body, message] of cases) {
      const res = await request(h.url).patch(`/api/interview/${id}`).set(auth(asha)).send(body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    const detail = await request(h.url).get(`/api/interview/${id}`).expect(200);
    expect(detail.body).toMatchObject({ ...validInterview, editedAt: null });
  });

  test('when the experience does not exist, then 404', async () => {
    for (const id of [randomUUID(), 'not-an-id'])
      await request(h.url).patch(`/api/interview/${id}`).set(auth(asha)).send({ role: 'X' }).expect(404);
  });
});

describe('anonymous experiences: their author edits and deletes them, and nobody learns who that is', () => {
  test('when the author edits an anonymous experience, then it stays anonymous, only they see mine, and no other answer carries their id or name', async () => {
    const id = await shareInterview(h, asha, anonymousInterview);
    const res = await request(h.url)
      .patch(`/api/interview/${id}`)
      .set(auth(asha))
      .send({ role: 'SDE Intern', isAnonymous: false })
      .expect(200);
    expect(res.body).toMatchObject({ role: 'SDE Intern', postedBy: null, uploaderName: null, mine: true });
    expect(res.headers['cache-control']).toBe('private, no-store');

    // Their own reads say mine, privately; nobody else's carries mine, their id or their name.
    const own = await request(h.url).get(`/api/interview/${id}`).set(auth(asha)).expect(200);
    expect(own.body).toMatchObject({ mine: true, postedBy: null, uploaderName: null });
    expect(own.headers['cache-control']).toBe('private, no-store');
    const ownSearch = await request(h.url).get('/api/interview/search').set(auth(asha)).expect(200);
    expect(ownSearch.body.data[0]).toMatchObject({ _id: id, mine: true });
    for (const reader of [undefined, vikram]) {
      const headers = reader ? auth(reader) : {};
      const answers = [
        await request(h.url).get(`/api/interview/${id}`).set(headers).expect(200),
        await request(h.url).get('/api/interview/search').set(headers).expect(200),
        await request(h.url).get('/api/interview/search?q=sde').set(headers).expect(200),
      ];
      for (const answer of answers) {
        const text = JSON.stringify(answer.body);
        expect(text).toContain(id);
        expect(text).not.toContain(asha.id);
        expect(text).not.toContain('Asha');
        expect(text).not.toContain('"mine"');
      }
    }
  });

  test('when the author adds a LinkedIn profile to an anonymous experience, then 400 (it would name them)', async () => {
    const id = await shareInterview(h, asha, anonymousInterview);
    const res = await request(h.url)
      .patch(`/api/interview/${id}`)
      .set(auth(asha))
      .send({ linkedinUrl: 'https://www.linkedin.com/in/asha' })
      .expect(400);
    expect(res.body).toMatchObject({ message: CAREERS_MESSAGES.anonymousWithProfile });
  });

  test('when an anonymous experience is published, edited and deleted, then its content events name the author for moderation alone', async () => {
    const id = await shareInterview(h, asha, anonymousInterview);
    await request(h.url).patch(`/api/interview/${id}`).set(auth(asha)).send({ city: 'Pune' }).expect(200);
    await request(h.url).delete(`/api/interview/${id}`).set(auth(asha)).expect(200);
    const changes = await contentEvents();
    expect(changes.map((e) => [e.change, e.version])).toEqual([
      ['published', 1],
      ['edited', 2],
      ['deleted', 3],
    ]);
    for (const e of changes)
      expect(e).toMatchObject({ targetId: id, anonymous: true, authorId: asha.id, authorName: 'Asha Rao' });
    // The domain event everyone may read still names nobody.
    expect(await emitted('careers.interview.shared')).toEqual([
      { interviewId: id, postedBy: null, companyName: validInterview.companyName },
    ]);
  });
});

describe('DELETE /api/interview/:id', () => {
  test('when a guest deletes, then 401 and it stays', async () => {
    const id = await shareInterview(h, asha);
    await request(h.url).delete(`/api/interview/${id}`).expect(401);
    await request(h.url).get(`/api/interview/${id}`).expect(200);
  });

  test('when a stranger deletes, then 403 NOT_OWNER and it stays', async () => {
    const id = await shareInterview(h, asha, anonymousInterview);
    const res = await request(h.url).delete(`/api/interview/${id}`).set(auth(vikram)).expect(403);
    expect(res.body).toMatchObject({
      code: 'NOT_OWNER',
      message: CAREERS_MESSAGES.interviewNotYoursToDelete,
    });
    await request(h.url).get(`/api/interview/${id}`).expect(200);
    expect((await contentEvents()).map((e) => e.change)).toEqual(['published']);
  });

  test('when its author deletes, then 200, it is gone from the detail, the search and its count, and content.changed deleted goes out', async () => {
    const id = await shareInterview(h, asha);
    await shareInterview(h, vikram, { ...validInterview, role: 'Other' });
    const res = await request(h.url).delete(`/api/interview/${id}`).set(auth(asha)).expect(200);
    expect(res.body).toEqual({
      success: true,
      message: CAREERS_MESSAGES.interviewDeleted,
      data: { _id: id },
    });
    await request(h.url).get(`/api/interview/${id}`).expect(404);
    const browse = await request(h.url).get('/api/interview/search?company=goo').expect(200);
    expect(browse.body).toMatchObject({ total: 1, data: [expect.objectContaining({ role: 'Other' })] });
    const found = await request(h.url).get('/api/interview/search?q=graph').expect(200);
    expect(found.body.data.map((i: { _id: string }) => i._id)).not.toContain(id);
    expect((await contentEvents()).filter((e) => e.targetId === id).map((e) => e.change)).toEqual([
      'published',
      'deleted',
    ]);
    await request(h.url).delete(`/api/interview/${id}`).set(auth(asha)).expect(404);
  });

  test('when the experience does not exist, then 404', async () => {
    for (const id of [randomUUID(), 'not-an-id'])
      await request(h.url).delete(`/api/interview/${id}`).set(auth(asha)).expect(404);
  });
});

describe('editing the company moves the experience between company counts', () => {
  test('when the company is renamed, then the company filter and its total follow', async () => {
    const id = await shareInterview(h, asha);
    await request(h.url)
      .patch(`/api/interview/${id}`)
      .set(auth(asha))
      .send({ companyName: 'Société Générale' });
    const google = await request(h.url).get('/api/interview/search?company=google').expect(200);
    expect(google.body).toMatchObject({ total: 0, data: [] });
    const societe = await request(h.url).get('/api/interview/search?company=societe').expect(200);
    expect(societe.body).toMatchObject({ total: 1, data: [expect.objectContaining({ _id: id })] });
    const all = await request(h.url).get('/api/interview/search').expect(200);
    expect(all.body.total).toBe(1);
  });
});
