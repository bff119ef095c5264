import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@campus/service-kit/db';
import { closeTestDatabase, openTestDatabase } from '@campus/service-kit/testing/test-database';
import { careersService } from '../src/service';

/**
 * Migration 0005 (moderated content) on a database that already holds job posts and interview
 * experiences: those rows get version 0 (never announced to moderation, so the
 * announce-existing-content job announces them), and rows inserted afterwards start at 1.
 */
let database: DatabaseHandle;
let before: string;
const folder = careersService.migrationsFolder;

beforeAll(async () => {
  database = await openTestDatabase();
  // From nothing (on PostgreSQL the worker's database may hold an earlier file's careers schema).
  await database.db.execute(sql`drop schema if exists careers cascade`);
  await database.db.execute(sql`drop table if exists drizzle.careers_migrations`);
  // The migrations as released before this round: up to 0004.
  before = mkdtempSync(path.join(tmpdir(), 'careers-migrations-'));
  cpSync(folder, before, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  for (const entry of journal.entries.filter((e) => e.idx >= 5))
    rmSync(path.join(before, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < 5);
  writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));
});
afterAll(async () => {
  rmSync(before, { recursive: true, force: true });
  await closeTestDatabase(database);
});

test('when 0005 runs over existing job posts and experiences, then they are at version 0 and new ones start at 1', async () => {
  const { db } = database;
  await database.migrate({ migrationsFolder: before, service: 'careers' });
  await db.execute(sql`
    insert into careers.job_posts (posted_by, company_name, role, job_description, job_type, salary, created_at)
    values ('u1', 'TCS', 'Analyst', 'Old post.', 'Full-Time', '4 LPA', now())`);
  await db.execute(sql`
    insert into careers.interviews (company_name, role, salary, posted_by, uploader_name, created_at)
    values ('Wipro', 'Engineer', '3 LPA', 'u1', 'Asha Rao', now())`);

  await database.migrate({ migrationsFolder: folder, service: 'careers' });

  const versions = async () => {
    const jobs = (await db.execute(
      sql`select version from careers.job_posts order by created_at, id`,
    )) as unknown as {
      rows: Array<{ version: number }>;
    };
    const interviews = (await db.execute(
      sql`select version from careers.interviews order by created_at, id`,
    )) as unknown as { rows: Array<{ version: number }> };
    return {
      jobs: jobs.rows.map((r) => Number(r.version)),
      interviews: interviews.rows.map((r) => Number(r.version)),
    };
  };
  expect(await versions()).toEqual({ jobs: [0], interviews: [0] });

  await db.execute(sql`
    insert into careers.job_posts (posted_by, company_name, role, job_description, job_type, salary, created_at)
    values ('u2', 'Infosys', 'Engineer', 'New post.', 'Intern', '1 LPA', now() + interval '1 minute')`);
  await db.execute(sql`
    insert into careers.interviews (company_name, role, salary, posted_by, created_at)
    values ('Zoho', 'MTS', '8 LPA', 'u2', now() + interval '1 minute')`);
  expect(await versions()).toEqual({ jobs: [0, 1], interviews: [0, 1] });
});
