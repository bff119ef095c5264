import { randomUUID } from 'node:crypto';
import { connect as connectAmqp } from 'amqplib';
import pino from 'pino';
import type { EventEnvelope } from '@campus/contracts/events';
import { consumerQueues } from '../src/bus/rabbitmq-bus';
import { loadConfig } from '../src/config';
import { truncateSchema, type DatabaseHandle } from '../src/db';
import { startService, type RunningService } from '../src/service-runtime';
import { startInMemoryTracing, type InMemoryTraces } from '../src/testing/in-memory-traces';
import { closeTestDatabase, openTestDatabase } from '../src/testing/test-database';
import { generateTestKeys } from '../src/testing/test-keys';
import { waitFor } from '../src/testing/wait-for';
import { busAdapters, TEST_RETRY, type BusAdapter } from './bus/bus-adapters';
import { relayService } from './fixtures/relay-service/relay-service';

/**
 * The trace across the broker (ADR 0122): a service consuming from RabbitMQ handles an event in a
 * consumer span under the traceparent its message header carried, and the event it emits in that
 * handling leaves with its own publish span's traceparent. Runs when AMQP_URL is set (CI sets it).
 */
const rabbit = busAdapters().find((factory) => factory.networked);
const CALLER_TRACE = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN = 'b7ad6b7169203331';
const CALLER_TRACEPARENT = `00-${CALLER_TRACE}-${CALLER_SPAN}-01`;

(rabbit ? describe : describe.skip)('on RabbitMQ, with tracing started', () => {
  let traces: InMemoryTraces;
  let adapter: BusAdapter;
  let database: DatabaseHandle;
  let service: RunningService | undefined;
  beforeAll(async () => {
    traces = startInMemoryTracing();
    adapter = rabbit!.create();
    database = await openTestDatabase();
    await truncateSchema(database.db, relayService.name);
  });
  afterAll(async () => {
    await service?.stop();
    await adapter?.teardown();
    // The service's own queues (its name) are not the adapter's: removed here.
    if (adapter?.broker) {
      const connection = await connectAmqp(adapter.broker.url);
      const channel = await connection.createChannel();
      for (const { name } of consumerQueues(relayService.name, TEST_RETRY)) await channel.deleteQueue(name);
      await connection.close();
    }
    if (database) await closeTestDatabase(database);
    await traces?.stop();
  });

  test('when a service consumes a traced event from the broker, then its handling and the event it emits continue that trace', async () => {
    const peer = await adapter.peer();
    const seen: EventEnvelope[] = [];
    await peer.bus.subscribe({
      queue: adapter.queue('follow-ups'),
      events: ['profile.completed'],
      handle: async (e) => {
        seen.push(e);
      },
    });
    service = await startService(relayService, {
      config: loadConfig(relayService.name, relayService.configSchema, {
        PORT: '0',
        JWT_PUBLIC_KEY: generateTestKeys().publicKey,
      }),
      database,
      bus: peer.bus,
      logger: pino({ level: 'silent' }),
      outboxPollMs: 50,
    });

    await peer.bus.publish({
      id: randomUUID(),
      name: 'identity.user.registered',
      occurredAt: new Date().toISOString(),
      producer: 'identity',
      traceId: 'request-over-the-broker',
      traceparent: CALLER_TRACEPARENT,
      payload: { userId: randomUUID(), name: 'Asha', email: 'asha@campus.test', isTeacher: false },
    });
    await waitFor('the follow-up event from the broker', () => seen.length === 1);
    // A span is recorded when it ends: the relay's publish span ends after the broker confirmed the
    // event, which can be after the event reached its subscriber (PostgreSQL pass).
    const spans = await waitFor(
      'the consumer and publish spans to end',
      () => traces.spans().filter((s) => s.traceId === CALLER_TRACE),
      { until: (list) => list.some((s) => s.kind === 'producer') && list.some((s) => s.kind === 'consumer') },
    );
    const consumer = spans.find((s) => s.kind === 'consumer');
    expect(consumer).toMatchObject({
      name: 'process identity.user.registered',
      service: relayService.name,
      parentSpanId: CALLER_SPAN,
    });
    const transaction = spans.find((s) => s.name === 'transaction' && s.parentSpanId === consumer!.spanId);
    expect(transaction).toBeDefined();
    const publish = spans.find((s) => s.kind === 'producer');
    expect(publish).toMatchObject({ name: 'publish profile.completed', parentSpanId: transaction!.spanId });
    expect(seen[0]).toMatchObject({
      traceId: 'request-over-the-broker',
      traceparent: `00-${CALLER_TRACE}-${publish!.spanId}-01`,
    });
  });
});
