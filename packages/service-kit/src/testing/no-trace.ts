import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db';

/** One place a needle still appears: which table, which column, which needle, and the value there. */
export interface Trace {
  table: string;
  column: string;
  needle: string;
  value: string;
}

/**
 * The inbox holds event ids and the event names only; anything else in it is the broker's envelope
 * of an event already handled, so a service's forget cannot (and need not) scrub it.
 */
const EXCLUDED_TABLES = new Set(['inbox']);

const asText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
};

/**
 * Every place in a service's schema where one of the needles (a user's id, name, email) still
 * appears, case-insensitively: every base table except `inbox`, every column, JSON documents
 * searched as their text. The account deletion tests use it to prove a service forgot someone.
 */
export async function tracesOf(
  db: DbExecutor,
  schemaName: string,
  needles: ReadonlyArray<string>,
): Promise<Trace[]> {
  const wanted = needles.map((n) => n.trim()).filter((n) => n.length > 0);
  if (wanted.length === 0) throw new Error('tracesOf needs at least one non-empty needle');
  const lowered = wanted.map((n) => ({ needle: n, lower: n.toLowerCase() }));
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = ${schemaName} and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const traces: Trace[] = [];
  for (const { table_name: table } of tables.rows) {
    if (EXCLUDED_TABLES.has(table)) continue;
    const rows = (await db.execute(sql.raw(`select * from "${schemaName}"."${table}"`))) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    for (const row of rows.rows) {
      for (const [column, value] of Object.entries(row)) {
        const text = asText(value);
        if (!text) continue;
        const lowerText = text.toLowerCase();
        for (const { needle, lower } of lowered) {
          if (lowerText.includes(lower)) traces.push({ table, column, needle, value: text.slice(0, 200) });
        }
      }
    }
  }
  return traces;
}

/**
 * Fails when any needle still appears anywhere in the schema (inbox excluded), naming every table,
 * column and needle found, so the failure says what the service's forget missed.
 */
export async function expectNoTraceOf(
  db: DbExecutor,
  schemaName: string,
  needles: ReadonlyArray<string>,
): Promise<void> {
  const traces = await tracesOf(db, schemaName, needles);
  if (traces.length === 0) return;
  const lines = traces.map((t) => `  ${schemaName}.${t.table}.${t.column} holds "${t.needle}": ${t.value}`);
  throw new Error(
    `${traces.length} trace(s) of the user left in schema "${schemaName}":\n${lines.join('\n')}`,
  );
}
