import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@campus/service-kit/db';
import { closeTestDatabase, openTestDatabase } from '@campus/service-kit/testing/test-database';
import { careersService } from '../src/service';

/**
 * Migration 0008 (company pages) on a database that already holds job posts and experiences under
 * several spellings of one company: every existing row gets its company's key as the column is
 * added, so the company's page gathers them at once.
 */
let database: DatabaseHandle;
let before: string;
const folder = careersService.migrationsFolder;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`drop schema if exists careers cascade`);
  await database.db.execute(sql`drop table if exists drizzle.careers_migrations`);
  // The migrations as released before company pages: up to 0007.
  before = mkdtempSync(path.join(tmpdir(), 'careers-migrations-'));
  cpSync(folder, before, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  for (const entry of journal.entries.filter((e) => e.idx >= 8))
    rmSync(path.join(before, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < 8);
  writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));
});
afterAll(async () => {
  rmSync(before, { recursive: true, force: true });
  await closeTestDatabase(database);
});

test('when 0008 runs over existing rows, then every spelling of a company gets one key', async () => {
  const { db } = database;
  await database.migrate({ migrationsFolder: before, service: 'careers' });
  await db.execute(sql`
    insert into careers.job_posts (posted_by, company_name, role, job_description, job_type, salary, created_at)
    values ('u1', 'GOOGLE ', 'SRE', 'Old post.', 'Full-Time', '30 LPA', now())`);
  await db.execute(sql`
    insert into careers.interviews (company_name, role, salary, posted_by, uploader_name, created_at)
    values ('google', 'SDE', '1 L', 'u1', 'Asha Rao', now()), ('Société  Générale', 'Analyst', '9 LPA', 'u1', 'Asha Rao', now())`);

  await database.migrate({ migrationsFolder: folder, service: 'careers' });

  const slugs = async (table: 'job_posts' | 'interviews') =>
    (
      (await db.execute(
        sql`select company_slug from ${sql.raw(`careers.${table}`)} order by company_slug`,
      )) as unknown as { rows: Array<{ company_slug: string }> }
    ).rows.map((r) => r.company_slug);
  expect(await slugs('job_posts')).toEqual(['google']);
  expect(await slugs('interviews')).toEqual(['google', 'societe-generale']);
});
