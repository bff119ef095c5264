import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { signAccessToken } from '../src/auth';
import { startServiceForTest, type ServiceHarness } from '../src/testing/service-harness';
import {
  doubleForgetService,
  forgetRuns,
  personalDataService,
} from './fixtures/personal-data-service/personal-data-service';
import { idempotencyKeys, notes, outbox } from './fixtures/personal-data-service/schema';

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(personalDataService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const person = (name: string) => {
  const user = { id: randomUUID(), name, isTeacher: false };
  return { ...user, auth: { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` } };
};

const deleted = (userId: string, contributions: 'delete' | 'anonymise' = 'delete'): EventEnvelope => ({
  id: randomUUID(),
  name: 'identity.user.deleted',
  occurredAt: new Date().toISOString(),
  producer: 'identity',
  payload: { userId, contributions },
});

const publishedRow = (payload: Record<string, unknown>, publishedAt: Date | null) => ({
  id: randomUUID(),
  name: 'profile.completed',
  payload,
  producer: 'personal_data_fixture',
  occurredAt: new Date(),
  publishedAt,
});

const keyOf = (caller: string) => ({
  caller,
  route: 'POST /api/notes',
  key: randomUUID(),
  fingerprint: 'f',
  claimId: randomUUID(),
  claimedAt: new Date(),
  status: 201,
  body: '{}',
  expiresAt: new Date(Date.now() + 60_000),
});

test('the export route answers the signed-in user their own files, never cached, and nobody else’s', async () => {
  const asha = person('Asha');
  const ravi = person('Ravi');
  await h.database.db.insert(notes).values([
    { userId: asha.id, text: 'mine' },
    { userId: ravi.id, text: 'his' },
  ]);
  const res = await request(h.url).get('/api/me/export/personal_data_fixture').set(asha.auth).expect(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.body).toMatchObject({
    service: 'personal_data_fixture',
    files: { 'notes.json': [{ text: 'mine' }] },
  });
  expect(typeof res.body.exportedAt).toBe('string');
});

test('when a guest asks for the export, then 401 and no files', async () => {
  const res = await request(h.url).get('/api/me/export/personal_data_fixture').expect(401);
  expect(res.body.files).toBeUndefined();
});

test('when identity.user.deleted arrives twice, then forget runs once and the kit scrubs its own tables of that user only', async () => {
  const asha = person('Asha');
  const ravi = person('Ravi');
  await h.database.db.insert(notes).values([
    { userId: asha.id, text: 'mine' },
    { userId: ravi.id, text: 'his' },
  ]);
  const ashaPublished = publishedRow({ userId: asha.id, isTeacher: false }, new Date());
  const raviPublished = publishedRow({ userId: ravi.id, isTeacher: false }, new Date());
  await h.database.db.insert(outbox).values([ashaPublished, raviPublished]);
  await h.database.db.insert(idempotencyKeys).values([keyOf(asha.id), keyOf(ravi.id)]);

  const event = deleted(asha.id);
  await h.bus.publish(event);
  await h.bus.publish(event);
  await h.waitForDeliveries(event.id, 2);

  expect(forgetRuns.get(asha.id)).toBe(1);
  expect(await h.database.db.select({ text: notes.text }).from(notes)).toEqual([{ text: 'his' }]);
  const rows = await h.database.db.select({ id: outbox.id, payload: outbox.payload }).from(outbox);
  const ids = rows.map((r) => r.id);
  expect(ids).not.toContain(ashaPublished.id);
  expect(ids).toContain(raviPublished.id);
  // The event forget wrote in the same transaction was still to publish when the kit scrubbed: it stays.
  expect(rows.filter((r) => (r.payload as { userId?: string }).userId === asha.id)).toHaveLength(1);
  expect(
    (await h.database.db.select({ caller: idempotencyKeys.caller }).from(idempotencyKeys)).map(
      (k) => k.caller,
    ),
  ).toEqual([ravi.id]);
});

test('a service that handles identity.user.deleted itself and returns personalData is refused at start', async () => {
  await expect(startServiceForTest(doubleForgetService)).rejects.toThrow(
    /handles identity.user.deleted itself and returns personalData/,
  );
});
