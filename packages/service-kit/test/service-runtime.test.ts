import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { startServiceForTest, type ServiceHarness } from '../src/testing/service-harness';
import { waitFor } from '../src/testing/wait-for';
import { relayService } from './fixtures/relay-service/relay-service';
import { outbox } from './fixtures/relay-service/schema';

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(relayService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

const registered = (traceId?: string): EventEnvelope => ({
  id: randomUUID(),
  name: 'identity.user.registered',
  occurredAt: new Date().toISOString(),
  producer: 'identity',
  ...(traceId ? { traceId } : {}),
  payload: { userId: randomUUID(), name: 'Asha', email: 'asha@campus.test', isTeacher: false },
});

async function collect(queue: string, name: EventEnvelope['name']) {
  const seen: EventEnvelope[] = [];
  await h.bus.subscribe({
    queue,
    events: [name as 'profile.completed'],
    handle: async (e) => {
      seen.push(e);
    },
  });
  return seen;
}

test('when a consumer emits an event while handling one, then the new event carries the same trace id', async () => {
  const seen = await collect(`trace-${randomUUID()}`, 'profile.completed');
  await h.bus.publish(registered('trace-from-the-gateway'));
  await waitFor('the follow-up event', () => seen.length === 1);
  expect(seen[0]).toMatchObject({ producer: 'relay_fixture', traceId: 'trace-from-the-gateway' });
});

test('when the cause had no trace id, then the cause event id becomes the trace', async () => {
  const seen = await collect(`trace-${randomUUID()}`, 'profile.completed');
  const cause = registered();
  await h.bus.publish(cause);
  await waitFor('the follow-up event', () => seen.length === 1);
  expect(seen[0]!.traceId).toBe(cause.id);
});

test('when the same event is delivered twice, then the follow-up is emitted once', async () => {
  const seen = await collect(`once-${randomUUID()}`, 'profile.completed');
  const cause = registered('trace-twice');
  await h.bus.publish(cause);
  await h.bus.publish(cause);
  await h.waitForDeliveries(cause.id, 2);
  // The follow-up is written to the outbox in the handler's transaction: both deliveries are over, so one row is all there will be.
  expect(await h.database.db.select({ name: outbox.name }).from(outbox)).toEqual([
    { name: 'profile.completed' },
  ]);
  await waitFor('the follow-up event', () => seen.length === 1);
  expect(seen[0]).toMatchObject({ name: 'profile.completed', traceId: 'trace-twice' });
});

test('readiness reports the database and the bus; liveness needs neither', async () => {
  await request(h.url)
    .get('/ready')
    .expect(200, { status: 'ready', checks: { database: 'ok', bus: 'ok' } });
  await request(h.url).get('/health').expect(200);
});

test('an unknown route is a JSON 404 in the platform error shape', async () => {
  const res = await request(h.url).get('/api/nothing-here').expect(404);
  expect(res.body).toEqual({
    success: false,
    code: 'NOT_FOUND',
    message: 'No route for GET /api/nothing-here.',
  });
});

test('when a second instance stops gracefully, then requests in flight on the first are unaffected', async () => {
  const other = await h.startAnother();
  await request(other.url).get('/health').expect(200);
  await other.stop();
  await expect(fetch(`${other.url}/health`)).rejects.toThrow();
  await request(h.url).get('/health').expect(200);
});
