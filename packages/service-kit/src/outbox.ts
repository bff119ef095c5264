import { randomUUID } from 'node:crypto';
import {
  parseEventPayload,
  type EventEnvelope,
  type EventName,
  type EventPayload,
} from '@campus/contracts/events';
import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  bigint,
  getTableConfig,
  index,
  integer,
  jsonb,
  text,
  timestamp,
  uuid,
  type PgSchema,
} from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { EventBus } from './bus/event-bus';
import type { Db, DbExecutor } from './db';
import { publishInSpan, untraced } from './tracing';

/**
 * The outbox table, declared by each service in its own `data/schema.ts`
 * (`export const outbox = outboxTable(librarySchema)`) so drizzle-kit puts it in that service's
 * migrations. `position` is the commit-independent order in which rows were written.
 */
export function outboxTable(schema: PgSchema) {
  return schema.table(
    'outbox',
    {
      id: uuid('id').primaryKey(),
      position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
      name: text('name').notNull(),
      payload: jsonb('payload').notNull(),
      producer: text('producer').notNull(),
      traceId: text('trace_id'),
      occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
      publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
      attempts: integer('attempts').notNull().default(0),
      lastError: text('last_error'),
    },
    (table) => [
      // Only the rows still to publish: the relay's scan stays small however long the history is.
      index('outbox_unpublished_idx')
        .on(table.position)
        .where(sql`${table.publishedAt} is null`),
      index('outbox_published_at_idx')
        .on(table.publishedAt)
        .where(sql`${table.publishedAt} is not null`),
    ],
  );
}

export type OutboxTable = ReturnType<typeof outboxTable>;

export interface OutboxEvent<N extends EventName> {
  name: N;
  payload: EventPayload<N>;
  /** The service writing the event, e.g. 'identity'. */
  producer: string;
  /** The request id, so consumer logs join the request that caused the event. */
  traceId?: string;
  /** The W3C traceparent of the span that wrote it (tracing.ts), so its publish and consumers join that trace. */
  traceparent?: string;
}

/**
 * What the `trace_id` column holds: the request id, then, when the request was traced, a space and
 * its W3C traceparent (a request id never has a space). Rows written before tracing, or while it is
 * off, hold the request id alone and read back unchanged (ADR 0122: no migration, old rows valid).
 */
export function traceColumnValue(
  traceId: string | undefined,
  traceparent: string | undefined,
): string | null {
  if (!traceparent) return traceId ?? null;
  return `${traceId ?? ''} ${traceparent}`;
}

/** The request id and the traceparent stored in a row's `trace_id` column (traceColumnValue). */
export function readTraceColumn(value: string | null | undefined): {
  traceId?: string;
  traceparent?: string;
} {
  if (!value) return {};
  const space = value.indexOf(' ');
  if (space < 0) return { traceId: value };
  const traceId = value.slice(0, space);
  const traceparent = value.slice(space + 1).trim();
  return { ...(traceId ? { traceId } : {}), ...(traceparent ? { traceparent } : {}) };
}

/**
 * Records an event in the caller's transaction, so it is published if and only if the change
 * commits. Throws (ZodError) when the payload does not match the catalogue: the transaction then
 * rolls back, as it should for a bug in the producer. Call `relay.kick()` after the commit.
 */
export async function addToOutbox<N extends EventName>(
  tx: DbExecutor,
  table: OutboxTable,
  event: OutboxEvent<N>,
): Promise<EventEnvelope<EventPayload<N>>> {
  const payload = parseEventPayload(event.name, event.payload);
  const envelope: EventEnvelope<EventPayload<N>> = {
    id: randomUUID(),
    name: event.name,
    occurredAt: new Date().toISOString(),
    producer: event.producer,
    ...(event.traceId ? { traceId: event.traceId } : {}),
    ...(event.traceparent ? { traceparent: event.traceparent } : {}),
    payload,
  };
  await tx.insert(table).values({
    id: envelope.id,
    name: envelope.name,
    payload,
    producer: envelope.producer,
    traceId: traceColumnValue(event.traceId, event.traceparent),
    occurredAt: new Date(envelope.occurredAt),
  });
  return envelope;
}

/**
 * What waits to be published: how many rows and when the oldest was written. One query on the
 * partial index of unpublished rows, cheap enough for every metrics scrape.
 */
export async function readOutboxBacklog(
  db: DbExecutor,
  table: OutboxTable,
): Promise<{ waiting: number; oldestOccurredAt: Date | null }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      oldest: sql<number | null>`extract(epoch from min(${table.occurredAt}))::float8`,
    })
    .from(table)
    .where(isNull(table.publishedAt));
  const oldest = row?.oldest;
  return {
    waiting: Number(row?.waiting ?? 0),
    oldestOccurredAt: oldest === null || oldest === undefined ? null : new Date(Number(oldest) * 1000),
  };
}

export interface OutboxRelayOptions {
  db: Db;
  table: OutboxTable;
  bus: EventBus;
  logger: Logger;
  /** How often the relay looks for rows nobody kicked it for (another replica's, or after a failure). */
  pollIntervalMs?: number;
  /** Rows claimed per transaction. */
  batchSize?: number;
  /** After a failed publish the relay waits this long, doubling per failure up to `maxBackoffMs`. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** Published rows older than this are deleted (they are only kept to investigate). */
  retentionMs?: number;
  /** How long `stop` keeps flushing. */
  stopTimeoutMs?: number;
}

export interface OutboxRelay {
  start(): void;
  /** Stops polling and makes one last attempt (bounded) to publish what is waiting. */
  stop(): Promise<void>;
  /** Publish now: call right after committing a transaction that added events. */
  kick(): void;
  /** One pass: publishes every waiting row it can; resolves with how many were published. */
  flush(): Promise<number>;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Publishes outbox rows in the order they were written, marking each as published in the same
 * transaction that claimed it. Rows are claimed with `FOR UPDATE SKIP LOCKED` under a transaction-scoped
 * advisory lock, so of several replicas exactly one publishes at a time (no double publishing, and
 * order is kept across replicas). A publish that fails leaves its row (attempts + 1, last_error) and
 * everything after it waiting; the relay backs off and tries again. Delivery is at least once: a
 * crash between the broker's confirm and the commit publishes that row again, which the
 * consumers' inbox absorbs.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, table, bus, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const batchSize = options.batchSize ?? 100;
  const initialBackoffMs = options.initialBackoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const retentionMs = options.retentionMs ?? 7 * 24 * 60 * 60 * 1000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
  const { schema, name } = getTableConfig(table);
  const lockKey = `${schema}.${name}`;

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let cycle: Promise<void> | undefined;
  let again = false;
  let failures = 0;
  let lastPrune = 0;

  /** Claims and publishes one batch: how many were published, whether it stopped on a failure, whether more may wait. */
  function publishBatch(): Promise<{ published: number; failed: boolean; full: boolean }> {
    return db.transaction(async (tx) => {
      const locked = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtext(${lockKey})) as locked`,
      )) as {
        rows: Array<{ locked: boolean }>;
      };
      if (!locked.rows[0]?.locked) return { published: 0, failed: false, full: false };
      const rows = await tx
        .select()
        .from(table)
        .where(isNull(table.publishedAt))
        .orderBy(asc(table.position))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      let published = 0;
      for (const row of rows) {
        const { traceId, traceparent } = readTraceColumn(row.traceId);
        try {
          await publishInSpan(
            traceparent,
            { event: row.name, eventId: row.id, producer: row.producer },
            (sent) =>
              bus.publish({
                id: row.id,
                name: row.name,
                occurredAt: row.occurredAt.toISOString(),
                producer: row.producer,
                ...(traceId ? { traceId } : {}),
                ...(sent ? { traceparent: sent } : {}),
                payload: row.payload,
              }),
          );
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await tx
            .update(table)
            .set({ attempts: sql`${table.attempts} + 1`, lastError: message.slice(0, 1_000) })
            .where(eq(table.id, row.id));
          logger.warn(
            { err: error, eventId: row.id, event: row.name, waiting: rows.length - published },
            'outbox publish failed',
          );
          return { published, failed: true, full: false };
        }
        await tx.update(table).set({ publishedAt: new Date(), lastError: null }).where(eq(table.id, row.id));
        published++;
      }
      return { published, failed: false, full: rows.length === batchSize };
    });
  }

  async function prune(): Promise<void> {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    await db
      .delete(table)
      .where(and(isNotNull(table.publishedAt), lt(table.publishedAt, new Date(Date.now() - retentionMs))));
  }

  async function drain(): Promise<{ published: number; failed: boolean }> {
    let total = 0;
    for (;;) {
      const { published, failed, full } = await publishBatch();
      total += published;
      if (failed || !full) return { published: total, failed };
    }
  }

  async function flush(): Promise<number> {
    const { published, failed } = await drain();
    if (failed) throw new Error(`outbox publish failed after ${published} events; the rest wait`);
    return published;
  }

  function schedule(delayMs: number): void {
    clearTimeout(timer);
    if (running) timer = setTimeout(run, delayMs);
  }

  function run(): void {
    if (cycle) {
      again = true;
      return;
    }
    clearTimeout(timer);
    // A commit's kick runs here in its request's context: the relay's polling is no part of that trace.
    cycle = untraced(async () => {
      let delayMs = pollIntervalMs;
      let failed: boolean;
      try {
        ({ failed } = await drain());
        if (!failed) await prune();
      } catch (err) {
        // The database, not the bus: same backoff, the rows are safe where they are.
        logger.error({ err }, 'outbox relay cycle failed');
        failed = true;
      }
      if (failed) {
        failures++;
        delayMs = Math.min(maxBackoffMs, initialBackoffMs * 2 ** (failures - 1));
      } else failures = 0;
      cycle = undefined;
      if (again && failures === 0) {
        again = false;
        run();
      } else {
        again = false;
        schedule(delayMs);
      }
    });
  }

  return {
    start() {
      if (running) return;
      running = true;
      run();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      if (cycle) await cycle;
      let stopTimer: NodeJS.Timeout | undefined;
      await Promise.race([
        flush().catch((err) =>
          logger.warn({ err }, 'outbox not fully flushed at stop; the rows wait for the next start'),
        ),
        new Promise((resolve) => {
          stopTimer = setTimeout(resolve, stopTimeoutMs);
        }),
      ]);
      clearTimeout(stopTimer);
    },
    kick() {
      // While backing off from a failure, a kick would only hammer the broker: the timer retries.
      if (running && failures === 0) run();
    },
    flush,
  };
}
