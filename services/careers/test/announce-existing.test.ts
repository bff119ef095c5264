import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { signAccessToken } from '@campus/service-kit/auth';
import {
  startAnnounceExistingHarness,
  type AnnounceExistingHarness,
} from '@campus/service-kit/testing/moderated-content-harness';
import { interviews, jobPosts } from '../src/data/schema';
import { createAnnounceExistingJob } from '../src/domain/announce-existing';
import { interviewLink, jobLink } from '../src/domain/careers';
import { careersService } from '../src/service';
import { auth, makeUser, postJob, shareInterview } from './helpers';

/**
 * Items from before moderation existed (issue 26): migration 0005 left them at version 0, never
 * announced; the announce-existing-content job announces each once, as its create would have.
 */
let h: AnnounceExistingHarness;
beforeAll(async () => {
  h = await startAnnounceExistingHarness(careersService, createAnnounceExistingJob);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const OLD = new Date('2025-11-02T10:00:00Z');

/** Rows as they were before this release: version 0, the author's name as migration 0005 filled it. */
async function oldItems() {
  const db = h.database.db;
  const ashaId = randomUUID();
  const [oldJob] = await db
    .insert(jobPosts)
    .values({
      postedBy: ashaId,
      companyName: 'TCS',
      role: 'Analyst',
      jobDescription: 'Posted long ago.',
      jobType: 'Full-Time',
      salary: '4 LPA',
      createdAt: OLD,
      version: 0,
    })
    .returning();
  const [named, anonymous] = await db
    .insert(interviews)
    .values([
      {
        companyName: 'Wipro',
        role: 'Project Engineer',
        salary: '3.5 LPA',
        postedBy: ashaId,
        uploaderName: 'Asha Rao',
        authorName: 'Asha Rao',
        createdAt: OLD,
        version: 0,
      },
      {
        companyName: 'Zoho',
        role: 'Member Technical Staff',
        salary: '8 LPA',
        postedBy: ashaId,
        uploaderName: null,
        createdAt: OLD,
        version: 0,
      },
    ])
    .returning();
  return { ashaId, oldJob: oldJob!, named: named!, anonymous: anonymous! };
}

describe('announce-existing-content', () => {
  test('when items from before moderation exist, then each is announced once as published version 1, and new items are not announced again', async () => {
    const old = await oldItems();
    const newer = makeUser(h, 'Vikram Shah');
    const newJob = await postJob(h, newer);
    const newInterview = await shareInterview(h, newer);
    const byCreates = await h.announced();
    expect(byCreates.map((e) => e.targetId).sort()).toEqual([newInterview, newJob].sort());

    expect(await h.runJob()).toBe('ran');

    const fresh = (await h.announced()).slice(byCreates.length);
    expect(fresh).toHaveLength(3);
    expect(fresh).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          targetType: 'job',
          targetId: old.oldJob.id,
          link: jobLink(old.oldJob.id),
          authorId: old.ashaId,
          anonymous: false,
          title: 'Analyst at TCS',
          change: 'published',
          version: 1,
          at: OLD.toISOString(),
        }),
        expect.objectContaining({
          targetType: 'interview',
          targetId: old.named.id,
          link: interviewLink(old.named),
          authorId: old.ashaId,
          authorName: 'Asha Rao',
          anonymous: false,
          change: 'published',
          version: 1,
        }),
        expect.objectContaining({
          targetType: 'interview',
          targetId: old.anonymous.id,
          authorId: old.ashaId,
          anonymous: true,
          change: 'published',
          version: 1,
        }),
      ]),
    );
    const versions = await h.database.db.select({ version: jobPosts.version }).from(jobPosts);
    expect(versions.map((v) => v.version)).toEqual([1, 1]);
    const interviewVersions = await h.database.db.select({ version: interviews.version }).from(interviews);
    expect(interviewVersions.map((v) => v.version)).toEqual([1, 1, 1]);

    // The next run (a minute later, on any replica) finds nothing left to announce.
    expect(await h.nextRun()).toBe('ran');
    expect(await h.announced()).toHaveLength(byCreates.length + 3);
  });

  test('when an announced old item is then edited, then moderation gets version 2 after the announced version 1', async () => {
    const old = await oldItems();
    expect(await h.runJob()).toBe('ran');
    // The old post's author, signed in (a token naming the id the old row holds).
    const user = { id: old.ashaId, name: 'Asha Rao', isTeacher: false };
    await request(h.url)
      .patch(`/api/job/jobpost/${old.oldJob.id}`)
      .set(auth({ ...user, token: signAccessToken(user, h.keys.privateKey, 900) }))
      .send({ role: 'Senior Analyst' })
      .expect(200);
    const aboutIt = (await h.announced()).filter((e) => e.targetId === old.oldJob.id);
    expect(aboutIt.map((e) => [e.change, e.version])).toEqual([
      ['published', 1],
      ['edited', 2],
    ]);
  });

  test('when more than a batch is waiting, then a run announces 200 and the next the rest', async () => {
    const db = h.database.db;
    await db.insert(jobPosts).values(
      Array.from({ length: 205 }, (_, i) => ({
        postedBy: randomUUID(),
        companyName: `Company ${i}`,
        role: 'Role',
        jobDescription: 'Old.',
        jobType: 'Intern' as const,
        salary: '1',
        createdAt: new Date(OLD.getTime() + i * 1000),
        version: 0,
      })),
    );
    expect(await h.runJob()).toBe('ran');
    expect(await h.announced()).toHaveLength(200);
    expect(await h.nextRun()).toBe('ran');
    expect(await h.announced()).toHaveLength(205);
    expect(await db.select().from(jobPosts).where(eq(jobPosts.version, 0))).toEqual([]);
  });

  test('an experience kept after its author deleted their account (no author) is left unannounced, and the rest still go', async () => {
    const old = await oldItems();
    await h.database.db
      .update(interviews)
      .set({ postedBy: null, authorName: '' })
      .where(eq(interviews.id, old.anonymous.id));
    expect(await h.runJob()).toBe('ran');
    expect((await h.announced()).map((e) => e.targetId).sort()).toEqual([old.oldJob.id, old.named.id].sort());
  });
});
