import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle } from '../db';

let pglite: Promise<PGlite> | undefined;

/**
 * The database a test file runs on: PostgreSQL when DATABASE_URL is set (CI's integration pass,
 * one database per jest worker so parallel files never collide), else one in-memory PGlite shared
 * by the whole file. Tests empty their schema between cases.
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
  pglite ??= openTestPglite();
  return openDatabase({ pglite: await pglite });
}

export async function closeTestDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.close();
  if (pglite) {
    await (await pglite).close();
    pglite = undefined;
  }
}

/**
 * A new in-memory PGlite for a test, from a copy of a freshly initialised cluster. Creating one runs initdb
 * (about 4 s here); loading the copy takes about 1 s, so each test file saves the difference. The
 * copy is made once per PGlite version by whichever file comes first, written under a temporary
 * name and renamed, so parallel workers never read half of it.
 */
export async function openTestPglite(): Promise<PGlite> {
  const template = path.join(os.tmpdir(), `campus-test-pglite-${pgliteVersion()}.tar`);
  try {
    const bytes = await fs.promises.readFile(template);
    return await PGlite.create({ loadDataDir: new Blob([bytes]) });
  } catch {
    // No copy yet, or one that does not load: initialise, then leave a copy for the next file.
  }
  const db = await PGlite.create({});
  const dump = await db.dumpDataDir('none');
  const partial = `${template}.${process.pid}-${Date.now()}`;
  await fs.promises.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await fs.promises.rename(partial, template);
  return db;
}

/** The installed PGlite's version, which names its copy: an upgrade never loads an older cluster. */
function pgliteVersion(): string {
  const resolve = createRequire(path.join(process.cwd(), 'package.json')).resolve;
  const manifest = path.join(path.dirname(resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}
