import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@campus/service-kit/db';
import { closeTestDatabase, openTestDatabase } from '@campus/service-kit/testing/test-database';
import { housingService } from '../src/service';

/**
 * Migration 0003 (moderated content) on a database that already holds flat requests: those rows
 * get version 0 (never announced to moderation, so the announce-existing-content job announces
 * them), and rows inserted afterwards start at 1.
 */
let database: DatabaseHandle;
let before: string;
const folder = housingService.migrationsFolder;

beforeAll(async () => {
  database = await openTestDatabase();
  // From nothing (on PostgreSQL the worker's database may hold an earlier file's housing schema).
  await database.db.execute(sql`drop schema if exists housing cascade`);
  await database.db.execute(sql`drop table if exists drizzle.housing_migrations`);
  // The migrations as released before this round: up to 0002.
  before = mkdtempSync(path.join(tmpdir(), 'housing-migrations-'));
  cpSync(folder, before, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  for (const entry of journal.entries.filter((e) => e.idx >= 3))
    rmSync(path.join(before, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < 3);
  writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));
});
afterAll(async () => {
  rmSync(before, { recursive: true, force: true });
  await closeTestDatabase(database);
});

test('when 0003 runs over existing flat requests, then they are at version 0 and new ones start at 1', async () => {
  const { db } = database;
  await database.migrate({ migrationsFolder: before, service: 'housing' });
  const insert = (name: string, at: string) =>
    db.execute(sql`
      insert into housing.flats (user_id, name, description, location, rent, move_in_date, contact_info, created_at)
      values ('u1', ${name}, 'A room.', 'Kothrud', 7000, '2026-01-01', '+91 90000 00000', ${at}::timestamptz)`);
  await insert('Old room', '2025-11-01T10:00:00Z');

  await database.migrate({ migrationsFolder: folder, service: 'housing' });
  await insert('New room', '2026-03-01T10:00:00Z');

  const rows = (await db.execute(
    sql`select name, version from housing.flats order by created_at`,
  )) as unknown as {
    rows: Array<{ name: string; version: number }>;
  };
  expect(rows.rows.map((r) => [r.name, Number(r.version)])).toEqual([
    ['Old room', 0],
    ['New room', 1],
  ]);
});
