import { Client } from 'pg';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** The URL of one database on the server named by `serverUrl` (whatever database that URL names). */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdminClient<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  // Connect to the maintenance database unless the URL names one: CREATE DATABASE runs from anywhere.
  const url = new URL(serverUrl);
  if (url.pathname === '' || url.pathname === '/') url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString(), application_name: 'campus-start-services' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the databases that are missing; returns the names it created. */
export function ensureDatabases(serverUrl: string, names: readonly string[]): Promise<string[]> {
  return withAdminClient(serverUrl, async (client) => {
    const created: string[] = [];
    for (const name of names) {
      if (!IDENTIFIER.test(name)) throw new Error(`'${name}' is not a database name this runner creates`);
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) continue;
      try {
        await client.query(`create database "${name}"`);
        created.push(name);
      } catch (err) {
        // Two runners starting at once: the other one created it first.
        if ((err as { code?: string }).code !== '42P04') throw err;
      }
    }
    return created;
  });
}

/** Drops databases (tests that made their own); connections still open to them are ended first. */
export function dropDatabases(serverUrl: string, names: readonly string[]): Promise<void> {
  return withAdminClient(serverUrl, async (client) => {
    for (const name of names) {
      if (!IDENTIFIER.test(name)) throw new Error(`'${name}' is not a database name this runner drops`);
      await client.query(`drop database if exists "${name}" with (force)`);
    }
  });
}
