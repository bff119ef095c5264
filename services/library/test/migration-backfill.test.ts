import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@campus/service-kit/db';
import { closeTestDatabase, openTestDatabase } from '@campus/service-kit/testing/test-database';
import { libraryService } from '../src/service';

/**
 * Migration 0004 (moderated content) on a database that already holds books: those rows get
 * version 0 (never announced to moderation, so the announce-existing-content job announces them),
 * and books inserted afterwards start at 1.
 */
let database: DatabaseHandle;
let before: string;
const folder = libraryService.migrationsFolder;

beforeAll(async () => {
  database = await openTestDatabase();
  // From nothing (on PostgreSQL the worker's database may hold an earlier file's library schema).
  await database.db.execute(sql`drop schema if exists library cascade`);
  await database.db.execute(sql`drop table if exists drizzle.library_migrations`);
  // The migrations as released before this round: up to 0003.
  before = mkdtempSync(path.join(tmpdir(), 'library-migrations-'));
  cpSync(folder, before, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  for (const entry of journal.entries.filter((e) => e.idx >= 4))
    rmSync(path.join(before, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < 4);
  writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));
});
afterAll(async () => {
  rmSync(before, { recursive: true, force: true });
  await closeTestDatabase(database);
});

test('when 0004 runs over existing books, then they are at version 0 and new ones start at 1', async () => {
  const { db } = database;
  await database.migrate({ migrationsFolder: before, service: 'library' });
  const insert = (title: string, at: string) =>
    db.execute(sql`
      insert into library.books (title, subject, branch, drive_link, uploaded_by, status, created_at)
      values (${title}, 'Computer Networks', 'Computer Science', 'https://drive.google.com/file/d/1/view',
        '6f1c1a52-9a57-4a57-8a0e-6a4f9b5d2c11', 'accepted', ${at}::timestamptz)`);
  await insert('Old notes', '2025-11-01T10:00:00Z');

  await database.migrate({ migrationsFolder: folder, service: 'library' });
  await insert('New notes', '2026-03-01T10:00:00Z');

  const rows = (await db.execute(
    sql`select title, version from library.books order by created_at`,
  )) as unknown as { rows: Array<{ title: string; version: number }> };
  expect(rows.rows.map((r) => [r.title, Number(r.version)])).toEqual([
    ['Old notes', 0],
    ['New notes', 1],
  ]);
});
