import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';

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
    const db = drizzleNodePg(pool) as unknown as Db;
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
  const db = drizzlePglite(pglite) as unknown as Db;
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
