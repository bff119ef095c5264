import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/**
 * OpenTelemetry traces, instrumented by hand (ADR 0122): a server span per HTTP request, a span per
 * database transaction and query, a producer span per outbox publish and a consumer span per handled
 * event, joined by W3C `traceparent` (HTTP headers, the outbox row, the message). Nothing is
 * registered unless `startTracing` is called (OTEL_EXPORTER_OTLP_ENDPOINT set, or a test's
 * exporter): the API then hands out no-op spans and every helper here returns at its first line.
 */
export const TRACER_NAME = '@campus/service-kit';
export const TRACEPARENT_HEADER = 'traceparent';
export const TRACESTATE_HEADER = 'tracestate';
/** Which service made a span, for a process that runs several (npm start, the platform tests). */
export const ATTR_CAMPUS_SERVICE = 'campus.service';

const tracer = trace.getTracer(TRACER_NAME);
let enabled = false;

/** True once a tracer provider is registered in this process (startTracing). */
export function tracingEnabled(): boolean {
  return enabled;
}

export interface TracingOptions {
  /** The resource's service.name: the registry's name of the service ('library'), or 'gateway'. */
  serviceName: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: spans are batched and sent there by OTLP/HTTP (protobuf). */
  endpoint?: string;
  /** Instead of the OTLP exporter (tests: a SimpleSpanProcessor over an InMemorySpanExporter). */
  spanProcessors?: SpanProcessor[];
}

export interface Tracing {
  /** Sends what is batched (a test reads its exporter after this). */
  forceFlush(): Promise<void>;
  /** Flushes, then unregisters everything: the process is back to no-op spans. */
  shutdown(): Promise<void>;
}

/**
 * Registers the tracer provider, the AsyncLocalStorage context manager and the W3C trace-context
 * propagator for this process, once. Returns undefined (and registers nothing) without an endpoint
 * or processors, so a process that does not export pays for no spans at all.
 */
export function startTracing(options: TracingOptions): Tracing | undefined {
  const spanProcessors =
    options.spanProcessors ??
    // The exporter reads the OTEL_EXPORTER_OTLP_* variables itself (endpoint + /v1/traces, headers).
    (options.endpoint ? [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })] : []);
  if (spanProcessors.length === 0 || enabled) return undefined;
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors,
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  enabled = true;
  return {
    forceFlush: () => provider.forceFlush(),
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
      enabled = false;
    },
  };
}

/**
 * For every log line (pino mixin): the active span's trace and span ids, nothing when none. A new
 * object each time: pino merges the line's own fields into it.
 */
export function traceLogFields(): Record<string, string> {
  if (!enabled) return {};
  const spanContext = trace.getSpan(context.active())?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/** The active context as a W3C traceparent, to store with an outbox row; undefined when not tracing. */
export function currentTraceparent(): string | undefined {
  if (!enabled) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier[TRACEPARENT_HEADER];
}

function contextFrom(traceparent: string | undefined): Context {
  return traceparent
    ? propagation.extract(ROOT_CONTEXT, { [TRACEPARENT_HEADER]: traceparent })
    : ROOT_CONTEXT;
}

function endWith(span: Span, error?: unknown): void {
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : undefined,
    });
  }
  span.end();
}

/** Runs `work` in a new active span (child of the active one), ending it when the promise settles. */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  work: () => Promise<T>,
): Promise<T> {
  if (!enabled) return work();
  const parent = options.parent ?? context.active();
  const span = tracer.startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
  try {
    const result = await context.with(trace.setSpan(parent, span), work);
    endWith(span);
    return result;
  } catch (error) {
    endWith(span, error);
    throw error;
  }
}

/**
 * Runs `work` outside any trace: background work started from a request (the outbox relay a commit
 * kicks) must not nest its polling under that request. Its transactions and queries get no span
 * (they have no parent); what it does for a traced row (publishInSpan) names its parent itself.
 */
export function untraced<T>(work: () => T): T {
  if (!enabled) return work();
  return context.with(ROOT_CONTEXT, work);
}

/**
 * Publishes an outbox row in a producer span, child of the context stored with the row; `publish`
 * gets the traceparent to send with the message (the span's, so the consumer is its child). A row
 * written without one (tracing off, or written before it) is published as it is, in no span.
 */
export function publishInSpan(
  stored: string | undefined,
  attributes: { event: string; eventId: string; producer: string },
  publish: (traceparent: string | undefined) => Promise<void>,
): Promise<void> {
  if (!enabled || !stored) return publish(stored);
  const parent = contextFrom(stored);
  return inSpan(
    `publish ${attributes.event}`,
    {
      kind: SpanKind.PRODUCER,
      parent,
      attributes: {
        'messaging.operation.type': 'send',
        'messaging.destination.name': attributes.event,
        'messaging.message.id': attributes.eventId,
        [ATTR_CAMPUS_SERVICE]: attributes.producer,
      },
    },
    () => publish(currentTraceparent()),
  );
}

/** Handles a delivered event in a consumer span, child of the publish span whose traceparent it carries. */
export function consumeInSpan<T>(
  traceparent: string | undefined,
  attributes: { event: string; eventId: string; queue: string },
  handle: () => Promise<T>,
): Promise<T> {
  if (!enabled) return handle();
  return inSpan(
    `process ${attributes.event}`,
    {
      kind: SpanKind.CONSUMER,
      parent: contextFrom(traceparent),
      attributes: {
        'messaging.operation.type': 'process',
        'messaging.destination.name': attributes.event,
        'messaging.consumer.group.name': attributes.queue,
        'messaging.message.id': attributes.eventId,
        [ATTR_CAMPUS_SERVICE]: attributes.queue,
      },
    },
    handle,
  );
}

export interface RequestTracingOptions {
  /** The process answering ('library', 'gateway'): the span's campus.service. */
  service: string;
  /** The request's bounded route (its template), read when the answer is done: the span's name. */
  routeOf: (req: IncomingMessage) => string;
  /** Requests that get no span (health probes, scrapes). */
  skip?: (req: IncomingMessage) => boolean;
  /**
   * The gateway: the request's traceparent is replaced by this span's before the proxy copies the
   * headers, so the service's span is its child (and a client's own traceparent never passes as is).
   */
  propagate?: boolean;
}

/**
 * An Express/Connect middleware: a server span per request, continuing the caller's W3C trace
 * context, named `<METHOD> <route template>` once answered, status 5xx marked as an error.
 */
export function traceRequests(options: RequestTracingOptions) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (!enabled) {
      if (options.propagate) dropTraceHeaders(req.headers);
      return next();
    }
    if (options.skip?.(req)) return next();
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const method = req.method ?? 'GET';
    const span = tracer.startSpan(
      method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': method,
          'url.path': (req.url ?? '/').split('?', 1)[0],
          [ATTR_CAMPUS_SERVICE]: options.service,
        },
      },
      parent,
    );
    const active = trace.setSpan(parent, span);
    if (options.propagate) {
      dropTraceHeaders(req.headers);
      propagation.inject(active, req.headers);
    }
    res.once('close', () => {
      const route = options.routeOf(req);
      span.updateName(`${method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(active, next);
  };
}

function dropTraceHeaders(headers: IncomingHttpHeaders): void {
  delete headers[TRACEPARENT_HEADER];
  delete headers[TRACESTATE_HEADER];
}

/** The first word of a statement (SELECT, INSERT, BEGIN): a query span's bounded name. */
function operationOf(text: string): string {
  const match = /^\s*(\w+)/.exec(text);
  return match?.[1] ? match[1].toUpperCase() : 'QUERY';
}

/** A span around one database round trip; `text` is the statement with placeholders (no values). */
export function querySpan(text: string | undefined): Span | undefined {
  if (!enabled) return undefined;
  const parent = context.active();
  // Outside any request, event or job (a pool's own checks), a query is not worth a trace of its own.
  if (!trace.getSpan(parent)) return undefined;
  const operation = text ? operationOf(text) : 'QUERY';
  return tracer.startSpan(
    operation,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        ...(text ? { 'db.query.text': text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text } : {}),
      },
    },
    parent,
  );
}

/** Ends a query span (undefined: nothing was traced). */
export function endQuerySpan(span: Span | undefined, error?: unknown): void {
  if (span) endWith(span, error ?? undefined);
}

/** Runs a database transaction in its span (a child of the request's or the event's). */
export function transactionSpan<T>(work: () => Promise<T>): Promise<T> {
  if (!enabled || !trace.getSpan(context.active())) return work();
  return inSpan(
    'transaction',
    { kind: SpanKind.INTERNAL, attributes: { 'db.system.name': 'postgresql' } },
    work,
  );
}
