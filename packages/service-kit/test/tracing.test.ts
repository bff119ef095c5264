import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { connect as connectAmqp } from 'amqplib';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import type { EventBus } from '../src/bus/event-bus';
import { createLogger } from '../src/logger';
import { readTraceColumn, traceColumnValue } from '../src/outbox';
import { startInMemoryTracing, type InMemoryTraces } from '../src/testing/in-memory-traces';
import { startServiceForTest, type ServiceHarness } from '../src/testing/service-harness';
import { waitFor } from '../src/testing/wait-for';
import { inSpan } from '../src/tracing';
import { busAdapters, type BusAdapter } from './bus/bus-adapters';
import { relayService } from './fixtures/relay-service/relay-service';
import { outbox } from './fixtures/relay-service/schema';

/**
 * The kit's traces (ADR 0122): a request's server span continues the caller's traceparent; an event
 * handled by a service runs in a consumer span under the publish that carried it, its transaction
 * and queries nest under that, and an event it emits is published in a producer span under its
 * transaction; log lines carry the active trace id. The relay fixture consumes a registration and
 * emits profile.completed in the same transaction.
 */
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const CALLER_TRACEPARENT = `00-${CALLER_TRACE}-${CALLER_SPAN}-01`;

const registered = (traceparent?: string): EventEnvelope => ({
  id: randomUUID(),
  name: 'identity.user.registered',
  occurredAt: new Date().toISOString(),
  producer: 'identity',
  traceId: 'request-from-the-gateway',
  ...(traceparent ? { traceparent } : {}),
  payload: { userId: randomUUID(), name: 'Asha', email: 'asha@campus.test', isTeacher: false },
});

async function collect(bus: EventBus, queue: string, name: EventEnvelope['name']) {
  const seen: EventEnvelope[] = [];
  await bus.subscribe({
    queue,
    events: [name as 'profile.completed'],
    handle: async (e) => {
      seen.push(e);
    },
  });
  return seen;
}

describe('with tracing started', () => {
  let traces: InMemoryTraces;
  let h: ServiceHarness;
  beforeAll(async () => {
    traces = startInMemoryTracing();
    h = await startServiceForTest(relayService);
  });
  afterAll(async () => {
    await h?.stop();
    await traces?.stop();
  });
  beforeEach(async () => {
    await h.reset();
    traces.reset();
  });

  test("when a request carries a traceparent, then the service's server span is its child, named by the route template", async () => {
    await request(h.url).get('/api/nothing-here').set('traceparent', CALLER_TRACEPARENT).expect(404);
    const span = (await waitFor('the server span', () => traces.spans().find((s) => s.kind === 'server')))!;
    expect(span).toMatchObject({
      name: 'GET (unmatched)',
      service: 'relay_fixture',
      traceId: CALLER_TRACE,
      parentSpanId: CALLER_SPAN,
    });
    expect(span.attributes['http.response.status_code']).toBe(404);
  });

  test('when a probe or a scrape asks, then no span is made', async () => {
    await request(h.url).get('/health').expect(200);
    await request(h.url).get('/ready').expect(200);
    await request(h.url).get('/metrics').expect(200);
    expect(traces.spans()).toEqual([]);
  });

  test('when an event arrives with a traceparent, then its handling, transaction, queries and the event it emits form one tree under it', async () => {
    const seen = await collect(h.bus, `traced-${randomUUID()}`, 'profile.completed');
    await h.bus.publish(registered(CALLER_TRACEPARENT));
    await waitFor('the follow-up event', () => seen.length === 1);
    const followUp = seen[0]!;

    // A span is recorded when it ends: the relay's publish span can end after its event arrived.
    const spans = await waitFor(
      'the consumer and publish spans to end',
      () => traces.spans().filter((s) => s.traceId === CALLER_TRACE),
      { until: (list) => list.some((s) => s.kind === 'producer') && list.some((s) => s.kind === 'consumer') },
    );
    const consumer = spans.find((s) => s.kind === 'consumer');
    expect(consumer).toMatchObject({
      name: 'process identity.user.registered',
      service: 'relay_fixture',
      parentSpanId: CALLER_SPAN,
    });
    const transaction = spans.find((s) => s.name === 'transaction' && s.parentSpanId === consumer!.spanId);
    expect(transaction).toBeDefined();
    const queries = spans.filter((s) => s.parentSpanId === transaction!.spanId && s.kind === 'client');
    expect(queries.map((q) => q.name)).toEqual(expect.arrayContaining(['INSERT']));
    expect(queries.map((q) => String(q.attributes['db.query.text']))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^insert into "relay_fixture"\."inbox"/),
        expect.stringMatching(/^insert into "relay_fixture"\."outbox"/),
      ]),
    );
    const publish = spans.find((s) => s.kind === 'producer');
    expect(publish).toMatchObject({
      name: 'publish profile.completed',
      service: 'relay_fixture',
      parentSpanId: transaction!.spanId,
    });
    // The message carries the publish span's context: the next consumer hangs under it.
    expect(followUp.traceparent).toBe(`00-${CALLER_TRACE}-${publish!.spanId}-01`);
    // The request id travels on unchanged beside it.
    expect(followUp.traceId).toBe('request-from-the-gateway');
  });

  test('when the outbox row was written traced, then its trace_id column keeps the request id and adds the traceparent', async () => {
    await h.bus.publish(registered(CALLER_TRACEPARENT));
    const [row] = await waitFor('the follow-up row', () => h.database.db.select().from(outbox), {
      until: (rows) => rows.length === 1,
    });
    expect(readTraceColumn(row!.traceId)).toEqual({
      traceId: 'request-from-the-gateway',
      traceparent: expect.stringMatching(new RegExp(`^00-${CALLER_TRACE}-[0-9a-f]{16}-01$`)),
    });
  });

  test('when a span is active, then log lines carry its trace_id and span_id', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    const logger = createLogger('relay_fixture', 'info', sink);
    logger.info({ step: 1 }, 'outside');
    await inSpan('work', {}, async () => logger.info({ step: 2 }, 'inside'));
    const [outside, inside] = lines;
    expect(outside).toMatchObject({ step: 1, msg: 'outside' });
    expect(outside).not.toHaveProperty('trace_id');
    const span = traces.spans().find((s) => s.name === 'work')!;
    expect(inside).toMatchObject({ step: 2, trace_id: span.traceId, span_id: span.spanId, msg: 'inside' });
  });

  describe.each(busAdapters().map((factory) => [factory.name, factory] as const))(
    'on the %s bus',
    (_name, factory) => {
      let adapter: BusAdapter;
      beforeAll(() => {
        adapter = factory.create();
      });
      afterAll(() => adapter.teardown());

      test('when an event is published with a traceparent, then its consumer gets it, the first delivery and a retry alike', async () => {
        const peer = await adapter.peer();
        const seen: EventEnvelope[] = [];
        await peer.bus.subscribe({
          queue: adapter.queue('traceparent'),
          events: ['identity.user.registered'],
          handle: async (e) => {
            seen.push(e);
            if (seen.length === 1) throw new Error('fails once');
          },
        });
        const event = registered(CALLER_TRACEPARENT);
        await peer.bus.publish(event);
        await waitFor('the retried delivery', () => seen.length === 2);
        expect(seen.map((e) => e.traceparent)).toEqual([CALLER_TRACEPARENT, CALLER_TRACEPARENT]);
      });

      // The in-process bus keeps it on the envelope: there is no message beside it.
      (factory.networked ? test : test.skip)(
        'when the broker carries it, then the traceparent is a message header and the body is the envelope without it',
        async () => {
          const { url, exchange } = adapter.broker!;
          const connection = await connectAmqp(url);
          try {
            const channel = await connection.createChannel();
            await channel.assertExchange(exchange, 'topic', { durable: true });
            const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
            await channel.bindQueue(queue, exchange, 'identity.user.registered');
            const peer = await adapter.peer();
            await waitFor('the peer connected', () => peer.bus.isHealthy());
            const event = registered(CALLER_TRACEPARENT);
            await peer.bus.publish(event);
            const message = await waitFor('the raw message', () => channel.get(queue, { noAck: true }));
            if (!message) throw new Error('no message');
            expect(String(message.properties.headers?.traceparent)).toBe(CALLER_TRACEPARENT);
            const body = JSON.parse(message.content.toString('utf8')) as Record<string, unknown>;
            expect(body).not.toHaveProperty('traceparent');
            expect(body).toMatchObject({ id: event.id, traceId: 'request-from-the-gateway' });
          } finally {
            await connection.close();
          }
        },
      );
    },
  );
});

describe('without tracing', () => {
  test('when a line is logged with fields of its own, then it has them and no trace ids', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('relay_fixture', 'info', sink);
    logger.error({ err: new Error('boom') }, 'first');
    logger.info({ step: 2 }, 'second');
    const [first, second] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(first).toMatchObject({ msg: 'first', err: { message: 'boom' } });
    expect(second).toMatchObject({ msg: 'second', step: 2 });
    expect(second).not.toHaveProperty('trace_id');
  });

  let h: ServiceHarness;
  beforeAll(async () => {
    h = await startServiceForTest(relayService);
  });
  afterAll(() => h.stop());

  test('when an event is handled and another emitted, then its row holds the request id alone, as before tracing', async () => {
    const seen = await collect(h.bus, `untraced-${randomUUID()}`, 'profile.completed');
    await h.bus.publish(registered(CALLER_TRACEPARENT));
    await waitFor('the follow-up event', () => seen.length === 1);
    expect(seen[0]!.traceparent).toBeUndefined();
    const rows = await h.database.db.select({ traceId: outbox.traceId }).from(outbox);
    expect(rows).toEqual([{ traceId: 'request-from-the-gateway' }]);
  });
});

test('a trace_id column written before tracing reads back as the request id alone; a traced one splits in two', () => {
  expect(readTraceColumn('request-1')).toEqual({ traceId: 'request-1' });
  expect(readTraceColumn(null)).toEqual({});
  expect(traceColumnValue('request-1', undefined)).toBe('request-1');
  expect(readTraceColumn(traceColumnValue('request-1', CALLER_TRACEPARENT))).toEqual({
    traceId: 'request-1',
    traceparent: CALLER_TRACEPARENT,
  });
  expect(readTraceColumn(traceColumnValue(undefined, CALLER_TRACEPARENT))).toEqual({
    traceparent: CALLER_TRACEPARENT,
  });
});
