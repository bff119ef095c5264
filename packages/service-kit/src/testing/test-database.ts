import type { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { openDatabase, openEmbeddedPostgres, type DatabaseHandle } from '../db';

let pglite: Promise<PGlite> | undefined;

/**
 * The database a test file runs on: PostgreSQL when DATABASE_URL is set (CI's integration pass,
 * one database per jest worker so parallel files never collide), else one in-memory PGlite shared
 * by the whole file (opening one costs seconds). Tests empty their schema between cases.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const worker = process.env.JEST_WORKER_ID ?? '0';
    const name = `campus_test_w${worker}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
    } finally {
      await admin.end();
    }
    const workerUrl = new URL(url);
    workerUrl.pathname = `/${name}`;
    return openDatabase({ url: workerUrl.toString(), poolSize: 4 });
  }
  pglite ??= openEmbeddedPostgres();
  return openDatabase({ pglite: await pglite });
}

export async function closeTestDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.close();
  if (pglite) {
    await (await pglite).close();
    pglite = undefined;
  }
}
