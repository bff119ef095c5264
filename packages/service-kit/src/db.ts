import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool, type PoolClient } from 'pg';
import { endQuerySpan, querySpan, transactionSpan } from './tracing';

/** Drizzle over either driver; services only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
/** A transaction handle: what domain code passes to the outbox so the event commits with the change. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: for functions that may run inside or outside a transaction. */
export type DbExecutor = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the service's drizzle-kit migrations; each service keeps its own journal table. */
  migrate(opts: { migrationsFolder: string; service: string }): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { url: string; poolSize?: number; applicationName?: string; onIdleError?: (err: Error) => void }
  | { pglite: PGlite; closeWithHandle?: boolean };

/**
 * Opens a service's database: a PostgreSQL server when a URL is given (production, CI integration),
 * otherwise a shared embedded PGlite instance (one per process: opening one costs seconds and memory).
 */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if ('url' in options) {
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      application_name: options.applicationName,
    });
    // An idle client that loses its server must not crash the process; the next query reconnects.
    pool.on('error', (err) => options.onIdleError?.(err));
    pool.on('connect', traceClientQueries);
    const db = traceTransactions(drizzleNodePg(pool) as unknown as Db);
    return {
      db,
      kind: 'postgres',
      migrate: ({ migrationsFolder, service }) =>
        migrateNodePg(drizzleNodePg(pool), {
          migrationsFolder,
          migrationsSchema: 'drizzle',
          migrationsTable: `${service}_migrations`,
        }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const { pglite } = options;
  const db = traceTransactions(drizzlePglite(tracedPglite(pglite)) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    migrate: ({ migrationsFolder, service }) =>
      migratePglite(drizzlePglite(pglite), {
        migrationsFolder,
        migrationsSchema: 'drizzle',
        migrationsTable: `${service}_migrations`,
      }),
    ping: async () => {
      await pglite.query('select 1');
    },
    close: async () => {
      if (options.closeWithHandle) await pglite.close();
    },
  };
}

/** Every transaction in a span (tracing.ts), so its queries nest under it. */
function traceTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => transactionSpan(() => transaction(work, config))) as Db['transaction'];
  return db;
}

type QueryArgs = [unknown, ...unknown[]];
const statementOf = (query: unknown): string | undefined =>
  typeof query === 'string'
    ? query
    : typeof (query as { text?: unknown })?.text === 'string'
      ? (query as { text: string }).text
      : undefined;

/**
 * A span per query on one node-postgres client (the pool's own `query` and drizzle's transactions
 * both go through it): callback and promise forms alike; a submittable (cursor) passes untouched.
 */
function traceClientQueries(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: QueryArgs) => unknown;
  client.query = ((...args: QueryArgs) => {
    if (typeof (args[0] as { submit?: unknown })?.submit === 'function') return query(...args);
    const span = querySpan(statementOf(args[0]));
    if (!span) return query(...args);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, ...rest: unknown[]) => {
        endQuerySpan(span, err ?? undefined);
        return (callback as (...a: unknown[]) => unknown)(err, ...rest);
      };
      return query(...args);
    }
    return (query(...args) as Promise<unknown>).then(
      (result) => {
        endQuerySpan(span);
        return result;
      },
      (error: unknown) => {
        endQuerySpan(span, error);
        throw error;
      },
    );
  }) as PoolClient['query'];
}

/** A PGlite handle (or one of its transactions) whose queries each get a span; anything else is the original. */
function tracedPglite<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      if (property === 'query' || property === 'exec')
        return async (...args: QueryArgs) => {
          const span = querySpan(statementOf(args[0]));
          try {
            const result: unknown = await (value as (...a: QueryArgs) => Promise<unknown>).apply(
              object,
              args,
            );
            endQuerySpan(span);
            return result;
          } catch (error) {
            endQuerySpan(span, error);
            throw error;
          }
        };
      if (property === 'transaction')
        return (work: (tx: object) => Promise<unknown>) =>
          (value as (w: typeof work) => Promise<unknown>).call(object, (tx) => work(tracedPglite(tx)));
      return (value as (...a: unknown[]) => unknown).bind(object);
    },
  });
}

/** Opens (or creates) the embedded PostgreSQL; `dataDir` undefined means in memory. */
export async function openEmbeddedPostgres(dataDir?: string): Promise<PGlite> {
  return PGlite.create(dataDir ? { dataDir } : {});
}

const DEADLOCK_DETECTED = '40P01';
const isDeadlock = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === DEADLOCK_DETECTED) return true;
  }
  return false;
};

/**
 * Empties every table of one schema (tests reset between cases instead of reopening the database).
 * The truncate locks every table at once, so a service's own background work (its outbox relay, a
 * scheduled job's lease row) can make PostgreSQL pick it as a deadlock victim; it is then simply run
 * again, as PostgreSQL advises for any transaction a deadlock aborted.
 */
export async function truncateSchema(db: DbExecutor, schema: string): Promise<void> {
  const result = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = ${schema} and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const names = result.rows.map((r) => `"${schema}"."${r.table_name}"`);
  if (names.length === 0) return;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.execute(sql.raw(`truncate ${names.join(', ')} restart identity cascade`));
      return;
    } catch (error) {
      if (attempt >= 5 || !isDeadlock(error)) throw error;
    }
  }
}
