import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pgSchema, type PgSchema } from 'drizzle-orm/pg-core';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { openDatabase, truncateSchema, type DatabaseHandle, type Db } from '../src/db';
import { openTestPglite } from '../src/testing/test-database';

export interface KitTestDatabase<T> {
  db: Db;
  kind: DatabaseHandle['kind'];
  tables: T;
  /** Another connection pool to the same database, as a second replica of a service has. */
  openReplica(): Db;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The tables a kit piece gives services (blobs, scheduled jobs, ...) in a schema of their own, on
 * PGlite in memory or on the PostgreSQL server of DATABASE_URL (a uniquely named schema, so parallel
 * runs never collide). The DDL comes from the same drizzle definitions services migrate with.
 */
export async function openKitTestDatabase<T extends Record<string, unknown>>(
  prefix: string,
  tablesIn: (schema: PgSchema) => T,
): Promise<KitTestDatabase<T>> {
  const url = process.env.DATABASE_URL;
  const schemaName = url ? `${prefix}_${randomUUID().slice(0, 8)}` : prefix;
  const schema = pgSchema(schemaName);
  const tables = tablesIn(schema);
  const handles: DatabaseHandle[] = [];
  const pglite = url ? undefined : await openTestPglite();
  const open = () => {
    const handle = pglite
      ? openDatabase({ pglite })
      : openDatabase({ url: url!, poolSize: 4, applicationName: `service-kit-${prefix}` });
    handles.push(handle);
    return handle;
  };
  const main = open();
  const statements = await generateMigration(
    generateDrizzleJson({}),
    generateDrizzleJson({ schema, ...tables }),
  );
  for (const statement of statements) await main.db.execute(sql.raw(statement));
  return {
    db: main.db,
    kind: main.kind,
    tables,
    openReplica: () => open().db,
    reset: () => truncateSchema(main.db, schemaName),
    async close() {
      if (url) await main.db.execute(sql.raw(`drop schema "${schemaName}" cascade`));
      await Promise.all(handles.map((h) => h.close()));
      await pglite?.close();
    },
  };
}
