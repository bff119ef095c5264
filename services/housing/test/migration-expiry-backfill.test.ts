import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@campus/service-kit/db';
import { closeTestDatabase, openTestDatabase } from '@campus/service-kit/testing/test-database';
import { housingService } from '../src/service';

/**
 * Migration 0006 (issue 28) on a database that already holds flat requests: each expires 60 days
 * after it was posted, but never sooner than 30 days from the migration (a long-lived database's
 * requests do not all leave the list at once); none is filled and none has lifestyle tags.
 */
let database: DatabaseHandle;
let before: string;
const folder = housingService.migrationsFolder;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`drop schema if exists housing cascade`);
  await database.db.execute(sql`drop table if exists drizzle.housing_migrations`);
  before = mkdtempSync(path.join(tmpdir(), 'housing-migrations-'));
  cpSync(folder, before, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  for (const entry of journal.entries.filter((e) => e.idx >= 6))
    rmSync(path.join(before, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < 6);
  writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));
});
afterAll(async () => {
  rmSync(before, { recursive: true, force: true });
  await closeTestDatabase(database);
});

test('when 0006 runs over existing requests, then a recent one expires 60 days after posting and an old one 30 days from now', async () => {
  const { db } = database;
  await database.migrate({ migrationsFolder: before, service: 'housing' });
  const insert = (name: string, at: Date) =>
    db.execute(sql`
      insert into housing.flats (user_id, name, description, location, rent, move_in_date, contact_info, created_at)
      values ('u1', ${name}, 'A room.', 'Kothrud', 7000, '2026-01-01', '+91 90000 00000', ${at.toISOString()}::timestamptz)`);
  const DAY = 86_400_000;
  const recent = new Date(Date.now() - 5 * DAY);
  await insert('Recent room', recent);
  await insert('Old room', new Date(Date.now() - 400 * DAY));

  const migratedAt = Date.now();
  await database.migrate({ migrationsFolder: folder, service: 'housing' });

  const { rows } = (await db.execute(
    sql`select name, expires_at, filled, food, smoking, sleep from housing.flats order by created_at desc`,
  )) as unknown as {
    rows: Array<{
      name: string;
      expires_at: string | Date;
      filled: boolean;
      food: null;
      smoking: null;
      sleep: null;
    }>;
  };
  const expiry = (name: string) => new Date(rows.find((r) => r.name === name)!.expires_at).getTime();
  expect(expiry('Recent room')).toBe(recent.getTime() + 60 * DAY);
  expect(Math.abs(expiry('Old room') - (migratedAt + 30 * DAY))).toBeLessThan(60_000);
  expect(rows.map((r) => [r.filled, r.food, r.smoking, r.sleep])).toEqual([
    [false, null, null, null],
    [false, null, null, null],
  ]);
});
