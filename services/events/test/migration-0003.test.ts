import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@campus/service-kit/db';
import { closeTestDatabase, openTestDatabase } from '@campus/service-kit/testing/test-database';

/**
 * Migration 0003 (issue 26) on a database that already holds events: those get version 0 (never
 * announced to moderation: the announce-existing-content job does it), events posted after it get 1.
 * The migrations run in a scratch schema inside a transaction that is rolled back, so the test
 * database's own `events` schema is left alone (PGlite, and PostgreSQL when DATABASE_URL is set).
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => closeTestDatabase(database));

const SCRATCH = 'events_migration_0003_check';
const statementsOf = (file: string) =>
  readFileSync(path.join(__dirname, '..', 'migrations', file), 'utf8')
    .replace(/CREATE SCHEMA "events"/g, `CREATE SCHEMA "${SCRATCH}"`)
    .replace(/"events"(?=\.)/g, `"${SCRATCH}"`)
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

class RollBack extends Error {}

test('when migration 0003 runs over events already posted, then they get version 0 and events posted after it get 1', async () => {
  let versions: Array<{ register_link: string; version: number }> = [];
  const post = (link: string) =>
    sql.raw(
      `with p as (insert into "${SCRATCH}".posters (key, uploaded_by, variants, created_at) values ('${link}', 'u', '[]', now()) returning id)
       insert into "${SCRATCH}".events (poster_id, register_link, posted_by, created_at) select id, '${link}', 'u', now() from p`,
    );
  await expect(
    database.db.transaction(async (tx) => {
      for (const file of ['0000_init.sql', '0001_idempotency_keys.sql', '0002_event_views.sql'])
        for (const statement of statementsOf(file)) await tx.execute(sql.raw(statement));
      await tx.execute(post('https://before.example.org'));
      for (const statement of statementsOf('0003_content_moderation.sql'))
        await tx.execute(sql.raw(statement));
      await tx.execute(post('https://after.example.org'));
      const rows = (await tx.execute(
        sql.raw(`select register_link, version from "${SCRATCH}".events order by register_link`),
      )) as unknown as { rows: typeof versions };
      versions = rows.rows;
      throw new RollBack();
    }),
  ).rejects.toBeInstanceOf(RollBack);

  expect(versions).toEqual([
    { register_link: 'https://after.example.org', version: 1 },
    { register_link: 'https://before.example.org', version: 0 },
  ]);
});
