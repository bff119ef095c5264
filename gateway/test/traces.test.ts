import type { IncomingHttpHeaders } from 'node:http';
import { Writable } from 'node:stream';
import request from 'supertest';
import { loadConfig } from '@campus/service-kit/config';
import { createLogger } from '@campus/service-kit/logger';
import { startInMemoryTracing, type InMemoryTraces } from '@campus/service-kit/testing/in-memory-traces';
import { generateTestKeys } from '@campus/service-kit/testing/test-keys';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { GatewayConfig } from '../src/config';
import { startGateway, type RunningGateway } from '../src/start-gateway';
import { startStandIn, type StandInServer } from './support/stand-in-servers';

/**
 * The gateway starts each request's trace (or continues a caller's): its server span is named by the
 * API prefix that answers, and the service receives the gateway span's traceparent, never the
 * client's own. Without tracing, a client's traceparent is dropped, not forwarded.
 */
const keys = generateTestKeys();
const CLIENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';
const CLIENT_TRACEPARENT = `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01`;
let library: StandInServer;
/** What the library got for /api/book requests (the gateway's own calls to identity go there too). */
let received: IncomingHttpHeaders[] = [];

/** The gateway's log lines, as JSON. */
let lines: Array<Record<string, unknown>> = [];
const logger = createLogger(
  'gateway',
  'info',
  new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  }),
);

const startWith = () =>
  startGateway(
    loadConfig('gateway', GatewayConfig, {
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_PUBLIC_KEY: keys.publicKey,
      LIBRARY_SERVICE_URL: library.url,
      IDENTITY_SERVICE_URL: library.url,
    }),
    logger,
  );

beforeAll(async () => {
  library = await startStandIn((req, res) => {
    if (req.url?.startsWith('/api/book')) received.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
});
afterAll(() => library.close());
beforeEach(() => {
  received = [];
  lines = [];
});

describe('with tracing started', () => {
  let traces: InMemoryTraces;
  let gateway: RunningGateway;
  beforeAll(async () => {
    traces = startInMemoryTracing('gateway');
    gateway = await startWith();
  });
  afterAll(async () => {
    await gateway?.stop();
    await traces?.stop();
  });
  beforeEach(() => traces.reset());

  test('when a client sends no traceparent, then the gateway starts a trace and the service gets its span as the parent', async () => {
    await request(gateway.url).get('/api/book/0123456789abcdef').expect(200);
    const span = (await waitFor('the gateway span', () =>
      traces.spans().find((s) => s.service === 'gateway'),
    ))!;
    expect(span).toMatchObject({ kind: 'server', name: 'GET /api/book' });
    expect(span.parentSpanId).toBeUndefined();
    expect(span.attributes['http.response.status_code']).toBe(200);
    expect(received[0]?.traceparent).toBe(`00-${span.traceId}-${span.spanId}-01`);
    // Its access log line names the trace, so a line leads to the trace and back.
    const line = lines.find((l) => l.msg === 'request completed' && l.url === '/api/book/0123456789abcdef');
    expect(line).toMatchObject({ trace_id: span.traceId, span_id: span.spanId });
  });

  test("when a client sends a traceparent, then the gateway's span continues it and the service gets the gateway's span instead", async () => {
    await request(gateway.url)
      .get('/api/book/0123456789abcdef')
      .set('traceparent', CLIENT_TRACEPARENT)
      .set('tracestate', 'vendor=1')
      .expect(200);
    const span = (await waitFor('the gateway span', () =>
      traces.spans().find((s) => s.service === 'gateway'),
    ))!;
    expect(span).toMatchObject({ traceId: CLIENT_TRACE, parentSpanId: CLIENT_SPAN });
    expect(received[0]?.traceparent).toBe(`00-${CLIENT_TRACE}-${span.spanId}-01`);
  });

  test('when no API answers, then the span is named as the metrics label is, never by the raw path', async () => {
    await request(gateway.url).get('/api/no-such-api/7').expect(404);
    const span = (await waitFor('the gateway span', () =>
      traces.spans().find((s) => s.service === 'gateway'),
    ))!;
    expect(span.name).toBe('GET (unmatched)');
  });
});

describe('without tracing', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startWith();
  });
  afterAll(() => gateway?.stop());

  test("when a client sends a traceparent, then the service never sees the client's trace context", async () => {
    await request(gateway.url)
      .get('/api/book/0123456789abcdef')
      .set('traceparent', CLIENT_TRACEPARENT)
      .set('tracestate', 'vendor=1')
      .expect(200);
    expect(received[0]).not.toHaveProperty('traceparent');
    expect(received[0]).not.toHaveProperty('tracestate');
    const line = lines.find((l) => l.msg === 'request completed');
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty('trace_id');
  });
});
