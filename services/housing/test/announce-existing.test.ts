import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { flatLink } from '@campus/contracts/housing-rules';
import { signAccessToken } from '@campus/service-kit/auth';
import {
  startAnnounceExistingHarness,
  type AnnounceExistingHarness,
} from '@campus/service-kit/testing/moderated-content-harness';
import { flats, members } from '../src/data/schema';
import { createAnnounceExistingJob } from '../src/domain/announce-existing';
import { housingService } from '../src/service';
import { validFlat } from './helpers';

/**
 * Flat requests from before moderation existed (issue 26): migration 0003 left them at version 0,
 * never announced; the announce-existing-content job announces each once, as its create would have.
 */
let h: AnnounceExistingHarness;
beforeAll(async () => {
  h = await startAnnounceExistingHarness(housingService, createAnnounceExistingJob);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const OLD = new Date('2025-11-02T10:00:00Z');
const oldFlat = (userId: string, i = 0) => ({
  userId,
  name: `Old room ${i}`,
  description: 'Posted before moderation.',
  location: 'Kothrud',
  genderPreference: 'any' as const,
  rent: 7000,
  moveInDate: '2025-12-01',
  contactInfo: '+91 91111 22222',
  createdAt: new Date(OLD.getTime() + i * 1000),
  version: 0,
});

function signedIn(id: string, name: string) {
  const user = { id, name, isTeacher: false };
  return { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` };
}

describe('announce-existing-content', () => {
  test('when requests from before moderation exist, then each is announced once as published version 1 with its owner’s name, and new requests are not announced again', async () => {
    const priyaId = randomUUID();
    await h.database.db.insert(members).values({ userId: priyaId, name: 'Priya Nair', isTeacher: false });
    const [old] = await h.database.db.insert(flats).values(oldFlat(priyaId)).returning();
    const unknownOwner = randomUUID();
    const [orphan] = await h.database.db.insert(flats).values(oldFlat(unknownOwner, 1)).returning();
    const created = await request(h.url)
      .post('/api/flat')
      .set(signedIn(randomUUID(), 'Rahul Verma'))
      .send(validFlat)
      .expect(201);
    const byCreate = await h.announced();
    expect(byCreate.map((e) => e.targetId)).toEqual([created.body.data._id]);

    expect(await h.runJob()).toBe('ran');

    const fresh = (await h.announced()).slice(byCreate.length);
    expect(fresh).toEqual([
      expect.objectContaining({
        targetType: 'flat',
        targetId: old!.id,
        link: flatLink(old!.id),
        authorId: priyaId,
        authorName: 'Priya Nair',
        anonymous: false,
        title: 'Old room 0',
        change: 'published',
        version: 1,
        at: OLD.toISOString(),
      }),
      // An owner the directory never heard of: announced all the same, with no name.
      expect.objectContaining({ targetId: orphan!.id, authorId: unknownOwner, authorName: '', version: 1 }),
    ]);
    const versions = await h.database.db.select({ version: flats.version }).from(flats);
    expect(versions.map((v) => v.version)).toEqual([1, 1, 1]);

    // The next run (a minute later, on any replica) finds nothing left to announce.
    expect(await h.nextRun()).toBe('ran');
    expect(await h.announced()).toHaveLength(byCreate.length + 2);

    // An edit afterwards follows the announced version.
    await request(h.url)
      .patch(`/api/flat/${old!.id}`)
      .set(signedIn(priyaId, 'Priya Nair'))
      .send({ rent: 7500 })
      .expect(200);
    const aboutIt = (await h.announced()).filter((e) => e.targetId === old!.id);
    expect(aboutIt.map((e) => [e.change, e.version])).toEqual([
      ['published', 1],
      ['edited', 2],
    ]);
  });

  test('when more than a batch is waiting, then a run announces 200 and the next the rest', async () => {
    const owner = randomUUID();
    await h.database.db.insert(flats).values(Array.from({ length: 205 }, (_, i) => oldFlat(owner, i)));
    expect(await h.runJob()).toBe('ran');
    expect(await h.announced()).toHaveLength(200);
    expect(await h.nextRun()).toBe('ran');
    expect(await h.announced()).toHaveLength(205);
    expect(await h.database.db.select().from(flats).where(eq(flats.version, 0))).toEqual([]);
  });
});
