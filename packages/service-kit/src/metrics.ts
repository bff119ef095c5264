import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { EventConsumer, FailedDelivery } from './bus/event-bus';

/**
 * Prometheus metrics (text exposition format at `GET /metrics`, ADR 0120). Each service (and the
 * gateway) has its own registry, so the services `npm start` runs in one process never mix their
 * counts; the process's own metrics (CPU, memory, event loop, GC) are collected once per process and
 * added to every scrape. Labels are bounded: a route is its template (`/api/book/:id`), never the
 * path a client sent; an event is its catalogue name.
 */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** The route label of a request no route answered (a 404, a probe): one value, whatever was asked. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Seconds; from a cached read to an upload with its preview (the gateway allows 120 s for those). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

let processRegistry: Registry | undefined;

/** The process's metrics (prom-client's defaults, `process_` and `nodejs_`), collected once per process. */
export function processMetricsRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface OutboxBacklog {
  /** Rows not yet published. */
  waiting: number;
  /** When the oldest of them was written; null when none waits. */
  oldestOccurredAt: Date | null;
}

export interface Metrics {
  registry: Registry;
  /** Counts and times every request by method, route template and status (mount first). */
  httpRequests(routeOf?: (req: Request) => string): RequestHandler;
  /** The same consumer, counting what it handled and what the bus retried or dead-lettered. */
  instrumentConsumer(consumer: EventConsumer): EventConsumer;
  /** Outbox gauges, read on each scrape (one indexed query). */
  watchOutbox(read: () => Promise<OutboxBacklog>, now?: () => Date): void;
  /** The open event streams gauge, read on each scrape. */
  watchOpenStreams(count: () => number): void;
  /** The text a scrape gets: this registry's metrics, then the process's. */
  scrape(): Promise<string>;
  /** `GET /metrics`. */
  handler: RequestHandler;
}

/**
 * The route a request matched, as declared (`/api/book/:id`), under the router's mount path
 * (`/internal`); UNMATCHED_ROUTE when no route answered it.
 */
export function routeTemplateOf(req: Request): string {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string') return UNMATCHED_ROUTE;
  return `${req.baseUrl ?? ''}${path}`;
}

export interface MetricsOptions {
  /**
   * The event and outbox metrics (a service's); false for a process that has neither (the gateway):
   * its scrape then shows only requests and the process.
   */
  events?: boolean;
}

/** Creates a registry with the kit's metrics (all of them, so a scrape shows every series it may have). */
export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  const serviceOnly = options.events === false ? [] : [registry];
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer finished, by method, route template and status code (event streams are not timed).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const handled = new Counter({
    name: 'events_handled_total',
    help: 'Events the service finished handling (its inbox recorded them, or they were duplicates), by event name.',
    labelNames: ['event'] as const,
    registers: serviceOnly,
  });
  const retried = new Counter({
    name: 'events_retried_total',
    help: 'Event deliveries whose handler failed and that will be delivered again, by event name.',
    labelNames: ['event'] as const,
    registers: serviceOnly,
  });
  const deadLettered = new Counter({
    name: 'events_dead_lettered_total',
    help: 'Messages moved to the dead-letter queue (retries exhausted, or unusable), by event name ("unknown" when unreadable).',
    labelNames: ['event'] as const,
    registers: serviceOnly,
  });

  let outbox: { read: () => Promise<OutboxBacklog>; now: () => Date } | undefined;
  let reading: Promise<OutboxBacklog | undefined> | undefined;
  // Both outbox gauges come from one query per scrape.
  const readOutbox = () => {
    if (!outbox) return Promise.resolve(undefined);
    reading ??= outbox
      .read()
      .catch(() => undefined)
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  new Gauge({
    name: 'outbox_events_waiting',
    help: 'Events written to the outbox and not yet published to the broker (NaN when the database did not answer).',
    registers: serviceOnly,
    async collect() {
      if (!outbox) return;
      const backlog = await readOutbox();
      this.set(backlog ? backlog.waiting : Number.NaN);
    },
  });
  new Gauge({
    name: 'outbox_oldest_event_age_seconds',
    help: 'Age of the oldest event not yet published (0 when none waits, NaN when the database did not answer).',
    registers: serviceOnly,
    async collect() {
      if (!outbox) return;
      const backlog = await readOutbox();
      if (!backlog) return this.set(Number.NaN);
      const oldest = backlog.oldestOccurredAt;
      this.set(oldest ? Math.max(0, (outbox.now().getTime() - oldest.getTime()) / 1000) : 0);
    },
  });
  let openStreams: (() => number) | undefined;
  new Gauge({
    name: 'event_streams_open',
    help: 'Event streams (server-sent events, live notifications) open on this process.',
    registers: serviceOnly,
    collect() {
      this.set(openStreams ? openStreams() : 0);
    },
  });

  const scrape = async () => {
    const [own, process] = await Promise.all([registry.metrics(), processMetricsRegistry().metrics()]);
    return `${own}\n${process}`;
  };

  return {
    registry,
    httpRequests(routeOf = routeTemplateOf) {
      return (req, res, next) => {
        const started = process.hrtime.bigint();
        res.once('close', () => {
          const labels = { method: req.method, route: routeOf(req), status: String(res.statusCode) };
          requests.inc(labels);
          // A stream's life is not a latency: it would fill the top bucket and hide the real answers.
          if (!isEventStream(res)) duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
        });
        next();
      };
    },
    instrumentConsumer(consumer) {
      return {
        ...consumer,
        handle: async (envelope) => {
          await consumer.handle(envelope);
          handled.inc({ event: envelope.name });
        },
        failed(delivery: FailedDelivery) {
          const labels = { event: delivery.event ?? 'unknown' };
          if (delivery.deadLettered) deadLettered.inc(labels);
          else retried.inc(labels);
          consumer.failed?.(delivery);
        },
      };
    },
    watchOutbox(read, now = () => new Date()) {
      outbox = { read, now };
    },
    watchOpenStreams(count) {
      openStreams = count;
    },
    scrape,
    handler: (_req, res, next) => {
      scrape().then((text) => {
        res.set('Content-Type', METRICS_CONTENT_TYPE).set('Cache-Control', 'no-store').send(text);
      }, next);
    },
  };
}

function isEventStream(res: ServerResponse<IncomingMessage>): boolean {
  return String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');
}
