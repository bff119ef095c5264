// Run before every Node test file (jest.config.js `setupFilesAfterEnv`): the file fails when its code
// sent a query to one PostgreSQL client while that client was still answering another, which is what
// `Promise.all` over queries does inside a transaction (one client). pg 8 queues the query and warns
// "Calling client.query() when the client is already executing a query is deprecated and will be
// removed in pg@9.0"; pg 9 refuses it. Queries in a transaction are awaited one after another (pg ran
// them one at a time anyway); `Promise.all` over queries on the pool is fine (a client each).
//
// pg itself warns only from a third query at once, and once per file, so the client is watched
// directly: a query sent while another is in flight on the same client is recorded, with the test
// that was running. Only a PostgreSQL server is concerned: PGlite runs one query at a time itself.
import { Client } from 'pg';

const PG_OVERLAP_WARNING = 'Calling client.query() when the client is already executing a query';

const overlaps: string[] = [];

/** pg's own bookkeeping of the query it is running and those waiting (not part of its typed API). */
type ClientInFlight = { _activeQuery?: unknown; _queryQueue?: unknown[]; pipeline?: boolean };
type Query = (this: Client, ...args: unknown[]) => unknown;

const query = Client.prototype.query as unknown as Query;
function watchedQuery(this: Client & ClientInFlight, ...args: unknown[]) {
  if (!this.pipeline && (this._activeQuery || this._queryQueue?.length)) {
    // The stack rarely reaches the caller (the query starts in a promise job): the test's name does.
    const during = expect.getState().currentTestName ?? 'outside a test';
    overlaps.push(`${new Error(`${PG_OVERLAP_WARNING}, during "${during}"`).stack}`);
  }
  return query.apply(this, args);
}
Client.prototype.query = watchedQuery as unknown as Client['query'];

afterAll(() => {
  Client.prototype.query = query as unknown as Client['query'];
  if (overlaps.length === 0) return;
  throw new Error(
    'A query was sent to a PostgreSQL client still answering another (Promise.all over queries ' +
      `inside a transaction?): await them one after another. Seen ${overlaps.length} time(s), first:\n` +
      overlaps[0],
  );
});
