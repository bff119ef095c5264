import { getTableConfig, jsonb, text, uuid, type PgSchema } from 'drizzle-orm/pg-core';
import { openKitTestDatabase, type KitTestDatabase } from './kit-test-database';
import { expectNoTraceOf, tracesOf } from '../src/testing/no-trace';

const schemaTables = (schema: PgSchema) => ({
  posts: schema.table('posts', {
    id: uuid('id').primaryKey(),
    authorName: text('author_name'),
    body: jsonb('body'),
  }),
  inbox: schema.table('inbox', { eventId: uuid('event_id').primaryKey(), payload: text('payload') }),
});

let t: KitTestDatabase<ReturnType<typeof schemaTables>>;
let schemaName: string;
beforeAll(async () => {
  t = await openKitTestDatabase('no_trace_kit', schemaTables);
  schemaName = getTableConfig(t.tables.posts).schema!;
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const ID = '0b5f2a4c-1111-4222-8333-944455556666';

test('when nothing names the user, then no traces and expectNoTraceOf passes', async () => {
  await t.db
    .insert(t.tables.posts)
    .values({ id: '0b5f2a4c-0000-4222-8333-944455556666', authorName: 'Ravi', body: { by: 'Ravi' } });
  expect(await tracesOf(t.db, schemaName, [ID, 'Asha Rao', 'asha@campus.test'])).toEqual([]);
  await expectNoTraceOf(t.db, schemaName, [ID, 'Asha Rao', 'asha@campus.test']);
});

test('when a column or a JSON document still names the user (any case), then the failure names table, column and needle', async () => {
  await t.db.insert(t.tables.posts).values({
    id: '0b5f2a4c-0000-4222-8333-944455556666',
    authorName: 'ASHA RAO',
    body: { mentions: [{ email: 'Asha@Campus.test' }] },
  });
  const traces = await tracesOf(t.db, schemaName, [ID, 'Asha Rao', 'asha@campus.test']);
  expect(traces.map(({ table, column, needle }) => ({ table, column, needle }))).toEqual([
    { table: 'posts', column: 'author_name', needle: 'Asha Rao' },
    { table: 'posts', column: 'body', needle: 'asha@campus.test' },
  ]);
  await expect(expectNoTraceOf(t.db, schemaName, [ID, 'Asha Rao'])).rejects.toThrow(
    /posts\.author_name holds "Asha Rao"/,
  );
});

test('the inbox is not searched: it holds event ids only', async () => {
  await t.db.insert(t.tables.inbox).values({ eventId: ID, payload: 'asha@campus.test' });
  await expectNoTraceOf(t.db, schemaName, [ID, 'asha@campus.test']);
});
