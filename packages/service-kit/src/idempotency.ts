import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Request, Response } from 'express';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { index, integer, primaryKey, text, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Db } from './db';
import { AppError } from './errors';
import { createPruneJob } from './prune-job';
import type { ScheduledJob } from './scheduled-job';

/**
 * One create per intent: a client that sends `Idempotency-Key` on a create gets one item however
 * often the request arrives (a retry after a lost answer, a double tap). Semantics follow the IETF
 * draft "The Idempotency-Key HTTP Header Field" and Stripe's behaviour; ADR 0054 has the reasons.
 *
 * The table, declared by each service in its own `data/schema.ts`
 * (`export const idempotencyKeys = idempotencyKeyTable(communitySchema)`), so drizzle-kit puts it
 * in that service's migrations, like the outbox. One row per (caller, route, key): the claim while
 * the first request runs (`status` null), then its answer.
 */
export function idempotencyKeyTable(schema: PgSchema) {
  return schema.table(
    'idempotency_keys',
    {
      /** The signed-in user's id, or `guest`: a key is only ever seen by the caller who sent it. */
      caller: text('caller').notNull(),
      /** `POST /api/comments/:postId`: the route as declared, so one key serves one kind of create. */
      route: text('route').notNull(),
      key: text('key').notNull(),
      /** sha256 of the request (path parameters, query, body): the same key with other content is refused. */
      fingerprint: text('fingerprint').notNull(),
      /** Which request holds the claim: only it may record the answer or give the key back. */
      claimId: uuid('claim_id').notNull(),
      claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull(),
      /** The answer's status; null while the first request is still in flight. */
      status: integer('status'),
      /** The answer's JSON exactly as it was sent, so a replay is the same bytes. */
      body: text('body'),
      expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    },
    (table) => [
      primaryKey({ columns: [table.caller, table.route, table.key] }),
      index('idempotency_keys_expires_at_idx').on(table.expiresAt),
    ],
  );
}

export type IdempotencyKeyTable = ReturnType<typeof idempotencyKeyTable>;

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key is remembered (Stripe keeps keys 24 h): a retry comes within minutes, a double tap within a second. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** Longest key accepted (the draft leaves it to the server; Stripe allows 255). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/**
 * A claim older than this whose request never answered (its process died) may be taken over. Far
 * above any create's time: the gateway gives a service 10 s to answer.
 */
const ABANDONED_CLAIM_MS = 60_000;
/** Visible ASCII only: a key is an opaque token (a UUID in our browsers). */
const KEY_PATTERN = /^[\x21-\x7e]+$/;

export interface IdempotencyOptions {
  db: Db;
  table: IdempotencyKeyTable;
  /** The service's clock: when keys expire and claims count as abandoned. */
  now?: () => Date;
  /**
   * How long a repeat waits for the first request with its key to answer before it is told 409
   * (Retry-After). Under the gateway's 10 s upstream timeout.
   */
  waitMs?: number;
  ttlMs?: number;
}

export interface IdempotentCall {
  req: Request;
  res: Response;
  /** `POST /api/community`: the declared route, part of the key's scope. */
  route: string;
  /** The success status the handler's answer is sent with. */
  status: number;
  /** The create itself: runs at most once per key; its answer is sent and stored. */
  produce(): Promise<unknown>;
}

export interface Idempotency {
  /** Answers a create that carries a key: runs it once, or replays, or refuses (400, 409, 422). */
  answer(call: IdempotentCall): Promise<void>;
}

/** The key of a request, validated; undefined when it carries none (then nothing changes). */
export function idempotencyKeyOf(req: Request): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  // Node joins repeated headers with ', ': two keys on one request are as malformed as an empty one.
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !KEY_PATTERN.test(key))
    throw new AppError(
      400,
      'IDEMPOTENCY_KEY_INVALID',
      `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters (a UUID, for instance).`,
    );
  return key;
}

/** JSON with object keys sorted at every depth: the same content gives the same fingerprint. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function requestFingerprint(req: Request): string {
  return createHash('sha256')
    .update(canonicalJson({ params: req.params, query: req.query, body: req.body ?? null }))
    .digest('hex');
}

const inFlightError = () =>
  new AppError(
    409,
    'IDEMPOTENCY_KEY_IN_USE',
    'This request is still being processed. Please wait a moment and try again.',
  );
const mismatchError = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request. Send a new key for new content.',
  );

export function createIdempotency(options: IdempotencyOptions): Idempotency {
  const { db, table } = options;
  const clock = options.now ?? (() => new Date());
  const waitMs = options.waitMs ?? 5_000;
  const ttlMs = options.ttlMs ?? IDEMPOTENCY_KEY_TTL_MS;
  const rowOf = (caller: string, route: string, key: string) =>
    and(eq(table.caller, caller), eq(table.route, route), eq(table.key, key));

  /**
   * Claims the key: the one insert that succeeds decides which request runs the create. A row that
   * expired, or an abandoned claim, is taken over in the same statement.
   */
  async function claim(caller: string, route: string, key: string, fingerprint: string) {
    const now = clock();
    const claimId = randomUUID();
    const claimed = await db
      .insert(table)
      .values({
        caller,
        route,
        key,
        fingerprint,
        claimId,
        claimedAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
      })
      .onConflictDoUpdate({
        target: [table.caller, table.route, table.key],
        set: {
          fingerprint,
          claimId,
          claimedAt: now,
          status: null,
          body: null,
          expiresAt: new Date(now.getTime() + ttlMs),
        },
        setWhere: or(
          lt(table.expiresAt, now),
          and(isNull(table.status), lt(table.claimedAt, new Date(now.getTime() - ABANDONED_CLAIM_MS))),
        ),
      })
      .returning({ claimId: table.claimId });
    return claimed[0]?.claimId === claimId ? claimId : undefined;
  }

  async function runClaimed(call: IdempotentCall, where: ReturnType<typeof rowOf>, claimId: string) {
    let json: string;
    try {
      const answer = await call.produce();
      json = JSON.stringify(answer) ?? 'null';
    } catch (err) {
      // Not stored: an error (a 4xx the client can fix, a 5xx it may retry) leaves the key free.
      await db
        .delete(table)
        .where(and(where, eq(table.claimId, claimId)))
        .catch(() => undefined);
      throw err;
    }
    await db
      .update(table)
      .set({ status: call.status, body: json })
      .where(and(where, eq(table.claimId, claimId)));
    if (!call.res.headersSent) call.res.status(call.status).type('application/json').send(json);
  }

  return {
    async answer(call) {
      const key = idempotencyKeyOf(call.req);
      if (key === undefined) throw new Error('idempotency.answer called for a request without a key');
      const caller = call.req.user?.id ?? 'guest';
      const fingerprint = requestFingerprint(call.req);
      const where = rowOf(caller, call.route, key);
      const deadline = performance.now() + waitMs;
      for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
        const claimId = await claim(caller, call.route, key, fingerprint);
        if (claimId) return runClaimed(call, where, claimId);
        const [row] = await db.select().from(table).where(where);
        // Gone between the claim and the read (the first request failed): claim again.
        if (!row) continue;
        if (row.fingerprint !== fingerprint) throw mismatchError();
        if (row.status !== null && row.body !== null) {
          call.res
            .status(row.status)
            .set(IDEMPOTENT_REPLAYED_HEADER, 'true')
            .type('application/json')
            .send(row.body);
          return;
        }
        // The first request with this key is still running: wait for its answer, bounded.
        if (performance.now() + pause > deadline) {
          call.res.set('Retry-After', '1');
          throw inFlightError();
        }
        await sleep(pause);
      }
    },
  };
}

export interface IdempotencyPruneJobOptions {
  db: Db;
  table: IdempotencyKeyTable;
  logger: Logger;
  now?: () => Date;
  /** How often each replica prunes (default hourly). */
  everyMs?: number;
}

/**
 * Deletes expired keys, like the inbox pruning: every replica looks hourly (and at start), the
 * delete runs under a transaction-scoped advisory lock so replicas never prune at once, and pruning
 * is idempotent, so no schedule has to be recorded. `startService` runs it for every service that
 * declares an idempotency table. An expired row not yet pruned is already treated as absent.
 */
export function createIdempotencyPruneJob(options: IdempotencyPruneJobOptions): ScheduledJob {
  const { table } = options;
  return createPruneJob({
    name: 'prune-idempotency-keys',
    db: options.db,
    table,
    prune: async (tx, now) =>
      (await tx.delete(table).where(lt(table.expiresAt, now)).returning({ key: table.key })).length,
    prunedMessage: 'pruned expired idempotency keys',
    failedMessage: 'idempotency key pruning failed; the next check tries again',
    logger: options.logger,
    now: options.now,
    everyMs: options.everyMs,
  });
}
