import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { ATTR_CAMPUS_SERVICE, startTracing } from '../tracing';

/** A finished span as a test reads it: who made it, what it is, and where it hangs. */
export interface RecordedSpan {
  name: string;
  kind: 'server' | 'client' | 'producer' | 'consumer' | 'internal';
  /** campus.service: which service (or the gateway) made it; undefined for a database span. */
  service?: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, unknown>;
  /** The span's status was ERROR. */
  failed: boolean;
}

export interface InMemoryTraces {
  /** Every span ended so far, in the order they ended. */
  spans(): RecordedSpan[];
  /** Forgets the spans recorded so far. */
  reset(): void;
  /** Unregisters the provider: the process makes no spans again. */
  stop(): Promise<void>;
}

const KINDS: Record<SpanKind, RecordedSpan['kind']> = {
  [SpanKind.SERVER]: 'server',
  [SpanKind.CLIENT]: 'client',
  [SpanKind.PRODUCER]: 'producer',
  [SpanKind.CONSUMER]: 'consumer',
  [SpanKind.INTERNAL]: 'internal',
};

function record(span: ReadableSpan): RecordedSpan {
  const context = span.spanContext();
  const service = span.attributes[ATTR_CAMPUS_SERVICE];
  return {
    name: span.name,
    kind: KINDS[span.kind],
    ...(typeof service === 'string' ? { service } : {}),
    traceId: context.traceId,
    spanId: context.spanId,
    ...(span.parentSpanContext ? { parentSpanId: span.parentSpanContext.spanId } : {}),
    attributes: { ...span.attributes },
    failed: span.status.code === 2,
  };
}

/**
 * Tracing for a test: the kit's spans (tracing.ts) are kept in memory, each as soon as it ends. Start
 * it before the services, stop it after them; one per process at a time.
 */
export function startInMemoryTracing(serviceName = 'test'): InMemoryTraces {
  const exporter = new InMemorySpanExporter();
  const tracing = startTracing({ serviceName, spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  if (!tracing) throw new Error('tracing is already started in this process');
  return {
    spans: () => exporter.getFinishedSpans().map(record),
    reset: () => exporter.reset(),
    stop: () => tracing.shutdown(),
  };
}
