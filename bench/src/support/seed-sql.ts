import { sql, type SQL } from 'drizzle-orm';

/**
 * A PostgreSQL text array literal of these words (`array['Q&A','Advice']`), for seeds that pick
 * from a list inside one `insert ... select ... from generate_series(...)`. Quotes are doubled.
 */
export function textArray(words: readonly string[]): SQL {
  return sql.raw(`array[${words.map((word) => `'${word.replace(/'/g, "''")}'`).join(',')}]`);
}
