import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { pgSchema, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import pino, { type Logger } from 'pino';
import type { z } from 'zod';
import {
  CONTENT_CHANGED_EVENTS,
  type ContentChangedPayload,
  type EventEnvelope,
  type ModerationDecisionPayload,
} from '@campus/contracts/events';
import type { ContentTargetType } from '@campus/contracts/moderation-rules';
import { ANNOUNCE_EVERY_MS } from '../announce-existing-content';
import type { Db } from '../db';
import { outboxTable } from '../outbox';
import type { ScheduledJob, TickOutcome } from '../scheduled-job';
import type { BaseServiceConfig, ServiceDefinition } from '../service-runtime';
import { startServiceForTest, type ServiceHarness } from './service-harness';
import { waitFor } from './wait-for';

/**
 * The test kit of a service that owns moderated content (community, careers, housing, events,
 * library): moderation's decisions delivered in a chosen order, an item's moderation state, and the
 * service's announce-existing-content job run by the test on its own clock, with what it announced.
 */

/** A table of user-written items: its `id` and the kit's moderatedContentColumns(). */
export type ModeratedTable = PgTable & { id: PgColumn; version: PgColumn; moderation: PgColumn };

const DECISION_EVENTS = {
  hide: 'moderation.content.hidden',
  restore: 'moderation.content.restored',
  delete: 'moderation.content.deleted',
} as const;

/** One of moderation's decisions about an item and its number (the item's `n`-th decision). */
export type NumberedDecision = readonly [keyof typeof DECISION_EVENTS, number];

/** The item a decision is about, as moderation names it. */
export interface DecisionTarget {
  targetType: ContentTargetType;
  targetId: string;
  authorId: string;
}

/** A decision as moderation publishes it, numbered: the item's `n`-th. */
export function numberedDecision(
  [kind, n]: NumberedDecision,
  target: DecisionTarget,
): EventEnvelope<ModerationDecisionPayload> {
  return {
    id: randomUUID(),
    name: DECISION_EVENTS[kind],
    occurredAt: new Date().toISOString(),
    producer: 'moderation',
    payload: {
      ...target,
      title: 'An item',
      link: '/somewhere',
      reason: 'Breaks the campus rules.',
      by: 'moderator',
      decision: n,
    },
  };
}

/**
 * Publishes moderation's decisions about one item in the order given (the bus's delivery order,
 * whatever their numbers), each handled by the service before the next goes out:
 *
 *   await deliverDecisions(h, job, ['hide', 1], ['hide', 3]);
 *   await deliverDecisions(h, job, ['restore', 2]); // late: older than the last one applied
 */
export async function deliverDecisions(
  h: ServiceHarness,
  target: DecisionTarget,
  ...decisions: NumberedDecision[]
): Promise<void> {
  for (const decision of decisions) {
    const envelope = numberedDecision(decision, target);
    await h.bus.publish(envelope);
    await h.waitForHandled(envelope.id);
  }
}

/** The item's moderation state as stored ('visible' or 'hidden'; undefined: no such row). */
export async function moderationStateOf(
  h: ServiceHarness,
  table: ModeratedTable,
  id: string,
): Promise<string | undefined> {
  const rows = await h.database.db
    .select({ moderation: table.moderation })
    .from(table)
    .where(eq(table.id, id));
  return rows[0]?.moderation as string | undefined;
}

/** The test's clock: the service and the job's replica read it; a test moves it instead of waiting. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export interface AnnounceExistingHarness extends ServiceHarness {
  clock: TestClock;
  /** One check of the job as another replica of the service runs it, at the clock's time. */
  runJob(): Promise<TickOutcome>;
  /** The next minute's run (the job runs at most once a minute): moves the clock a minute, then runs the job. */
  nextRun(): Promise<TickOutcome>;
  /** What the service has announced: its `<service>.content.changed` payloads in its outbox, oldest first. */
  announced(): Promise<ContentChangedPayload[]>;
  /**
   * Makes these items look written before moderation existed: version 0 (never announced), their
   * creates' events gone from the outbox (once the relay has published them).
   */
  fromBeforeModeration(...items: Array<readonly [ModeratedTable, readonly string[]]>): Promise<void>;
  /** Each item's version, in the order of `ids` (undefined: no such row). */
  versionsOf(table: ModeratedTable, ids: readonly string[]): Promise<unknown[]>;
}

/**
 * The service on the test's clock (from 2026-03-01 09:00 UTC; it only moves when the test moves it),
 * its own announce-existing-content job checking at its start and then rarely (every five minutes),
 * so the test runs a replica's job (`createJob`, the service's own) by hand: `runJob()` at the
 * clock's time, `nextRun()` a minute later.
 */
export async function startAnnounceExistingHarness<S extends z.ZodType<BaseServiceConfig>>(
  definition: ServiceDefinition<S>,
  createJob: (deps: { db: Db; logger: Logger; now: () => Date }) => ScheduledJob,
): Promise<AnnounceExistingHarness> {
  const event = CONTENT_CHANGED_EVENTS.find((name) => name === `${definition.name}.content.changed`);
  if (!event)
    throw new Error(`${definition.name} announces no content (no ${definition.name}.content.changed)`);
  const outbox = outboxTable(pgSchema(definition.name));
  let ms = Date.parse('2026-03-01T09:00:00Z');
  const clock: TestClock = {
    now: () => new Date(ms),
    advance: (by) => {
      ms += by;
    },
  };
  const h = await startServiceForTest(definition, { ANNOUNCE_CHECK_MS: '300000' }, { now: clock.now });
  const db = h.database.db;
  const runJob = () => createJob({ db, logger: pino({ level: 'silent' }), now: clock.now }).tick();

  return {
    ...h,
    clock,
    runJob,
    nextRun() {
      clock.advance(ANNOUNCE_EVERY_MS);
      return runJob();
    },
    async announced() {
      const rows = await db.select().from(outbox).where(eq(outbox.name, event)).orderBy(asc(outbox.position));
      return rows.map((r) => r.payload as ContentChangedPayload);
    },
    async fromBeforeModeration(...items) {
      await waitFor('the creates published', async () => {
        const pending = await db.select().from(outbox).where(isNull(outbox.publishedAt));
        return pending.length === 0;
      });
      for (const [table, ids] of items)
        if (ids.length > 0) await db.update(table).set({ version: 0 }).where(inArray(table.id, ids));
      await db.delete(outbox);
    },
    async versionsOf(table, ids) {
      const rows = await db
        .select({ id: table.id, version: table.version })
        .from(table)
        .where(inArray(table.id, [...ids]));
      return ids.map((id) => rows.find((r) => r.id === id)?.version);
    },
  };
}
