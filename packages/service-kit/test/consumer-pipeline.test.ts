import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@campus/contracts/events';
import pino from 'pino';
import { createInProcessBus } from '../src/bus/in-process-bus';
import { loadConfig } from '../src/config';
import { INBOX_RETENTION_MS } from '../src/inbox';
import { startService, type ServiceDefinition } from '../src/service-runtime';
import { startServiceForTest, type ServiceHarness } from '../src/testing/service-harness';
import { waitFor } from '../src/testing/wait-for';
import { relayService } from './fixtures/relay-service/relay-service';
import { handled, inbox, outbox } from './fixtures/relay-service/schema';

/**
 * The consumer pipeline of every service (event-handlers.ts, wired by startService): the inbox is
 * recorded for every handler, in the handler's transaction, and pruned by the service's clock.
 * The fixture service handles `identity.user.registered` by writing a row and emitting
 * `profile.completed`.
 */
let clock = new Date('2026-03-01T09:00:00Z');
let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(relayService, {}, { now: () => clock });
});
afterAll(() => h.stop());
beforeEach(async () => {
  clock = new Date('2026-03-01T09:00:00Z');
  await h.reset();
});

const registered = (name = 'Asha'): EventEnvelope => ({
  id: randomUUID(),
  name: 'identity.user.registered',
  occurredAt: new Date().toISOString(),
  producer: 'identity',
  payload: { userId: randomUUID(), name, email: 'asha@campus.test', isTeacher: false },
});

const rows = async () => ({
  inbox: await h.database.db.select({ eventId: inbox.eventId, handledAt: inbox.handledAt }).from(inbox),
  handled: await h.database.db.select().from(handled),
  outbox: await h.database.db.select({ name: outbox.name }).from(outbox),
});

describe('a service handling an event', () => {
  test('when the handler does not touch the inbox itself, then the pipeline records the id with the handler’s changes, at the service’s time', async () => {
    const event = registered();
    await h.bus.publish(event);
    await h.waitForHandled(event.id);

    const { inbox: recorded, handled: changes, outbox: emitted } = await rows();
    expect(recorded).toEqual([{ eventId: event.id, handledAt: clock }]);
    expect(changes).toHaveLength(1);
    expect(emitted).toEqual([{ name: 'profile.completed' }]);
  });

  test('when the same event arrives three times, then the handler runs once', async () => {
    const event = registered();
    for (let i = 0; i < 3; i++) await h.bus.publish(event);
    await h.waitForDeliveries(event.id, 3);

    const { inbox: recorded, handled: changes, outbox: emitted } = await rows();
    expect({ recorded: recorded.length, changes: changes.length, emitted: emitted.length }).toEqual({
      recorded: 1,
      changes: 1,
      emitted: 1,
    });
  });
});

/** Another instance of a (changed) definition on the same database, on a bus of its own that retries nothing. */
async function startVariant(definition: ServiceDefinition) {
  const logger = pino({ level: 'silent' });
  const bus = createInProcessBus({ logger, retry: { maxAttempts: 1, delaysMs: [] } });
  const config = loadConfig(definition.name, definition.configSchema, {
    PORT: '0',
    JWT_PUBLIC_KEY: h.keys.publicKey,
  });
  try {
    const service = await startService(definition, { config, database: h.database, bus, logger });
    return { bus, stop: () => service.stop().then(() => bus.close()) };
  } catch (err) {
    await bus.close();
    throw err;
  }
}

describe('a service whose declaration and code disagree', () => {
  test('when its handlers do not match what it declares it consumes, then it does not start', async () => {
    const drifted = { ...relayService, consumes: ['identity.user.registered', 'careers.job.posted'] };
    await expect(startVariant(drifted as ServiceDefinition)).rejects.toThrow(
      'relay_fixture declares it consumes [careers.job.posted, identity.user.registered] but its create() returns handlers for [identity.user.registered]',
    );
  });

  test('when a handler emits an event the service does not declare it produces, then nothing of its work commits', async () => {
    const variant = await startVariant({ ...relayService, produces: [] } as ServiceDefinition);
    try {
      await variant.bus.publish(registered());
      const [letter] = await waitFor('the failed event', () => variant.bus.deadLetters('relay_fixture'), {
        until: (letters) => letters.length > 0,
      });
      expect(letter?.reason).toBe(
        "relay_fixture emits 'profile.completed' but does not declare it in its service definition's produces",
      );
      expect(await rows()).toEqual({ inbox: [], handled: [], outbox: [] });
    } finally {
      await variant.stop();
    }
  });
});

describe('the inbox over time', () => {
  test('when ids are older than the retention by the service’s clock, then a replica starting up prunes them and keeps the recent ones', async () => {
    const old = registered('Old');
    await h.bus.publish(old);
    await h.waitForHandled(old.id);
    clock = new Date(clock.getTime() + INBOX_RETENTION_MS - 60_000);
    const recent = registered('Recent');
    await h.bus.publish(recent);
    await h.waitForHandled(recent.id);

    clock = new Date(clock.getTime() + 2 * 60_000);
    await h.startAnother();

    const remaining = await waitFor(
      'the old id pruned',
      async () => (await h.database.db.select({ eventId: inbox.eventId }).from(inbox)).map((r) => r.eventId),
      { until: (ids) => !ids.includes(old.id) },
    );
    expect(remaining).toEqual([recent.id]);
  });
});
