import { randomUUID } from 'node:crypto';
import { integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { openDatabase, truncateSchema, type DatabaseHandle, type Db } from '../../src/db';
import { openTestPglite } from '../../src/testing/test-database';
import { inboxTable } from '../../src/inbox';
import { outboxTable } from '../../src/outbox';

/**
 * A service-like schema for bus tests: its outbox, its inbox, and `effects`, the rows a consumer's
 * work writes (one per handled event, so "handled once" is a row count).
 */
function testTables(schemaName: string) {
  const schema = pgSchema(schemaName);
  return {
    schema,
    outbox: outboxTable(schema),
    inbox: inboxTable(schema),
    effects: schema.table('effects', {
      eventId: uuid('event_id').notNull(),
      queue: text('queue').notNull(),
      seq: integer('seq'),
      at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    }),
  };
}

export type TestTables = ReturnType<typeof testTables>;

export interface TestDatabase {
  db: Db;
  kind: DatabaseHandle['kind'];
  tables: TestTables;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite in memory, or the PostgreSQL server of DATABASE_URL in a schema of its own (so parallel
 * runs do not collide). The tables are created from the same drizzle definitions services migrate
 * with, through drizzle-kit's generator, so the DDL under test is the DDL services get.
 */
export async function openTestDatabase(prefix: string): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  const schemaName = url ? `${prefix}_${randomUUID().slice(0, 8)}` : prefix;
  const tables = testTables(schemaName);
  const handle = url
    ? openDatabase({ url, poolSize: 8, applicationName: 'service-kit-bus-tests' })
    : openDatabase({ pglite: await openTestPglite(), closeWithHandle: true });
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(tables));
  for (const statement of statements) await handle.db.execute(sql.raw(statement));
  return {
    db: handle.db,
    kind: handle.kind,
    tables,
    reset: () => truncateSchema(handle.db, schemaName),
    async close() {
      if (url) await handle.db.execute(sql.raw(`drop schema "${schemaName}" cascade`));
      await handle.close();
    },
  };
}
