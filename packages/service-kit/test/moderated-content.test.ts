import { eq } from 'drizzle-orm';
import { text, type PgSchema } from 'drizzle-orm/pg-core';
import { acceptDecision, isStaleDecision, moderatedContentColumns } from '../src/moderated-content';
import { openKitTestDatabase, type KitTestDatabase } from './kit-test-database';

const tables = (schema: PgSchema) => ({
  items: schema.table('items', { id: text('id').primaryKey(), ...moderatedContentColumns() }),
});

let database: KitTestDatabase<ReturnType<typeof tables>>;
beforeAll(async () => {
  database = await openKitTestDatabase('moderated_content_test', tables);
});
afterAll(() => database.close());
beforeEach(() => database.reset());

describe('isStaleDecision', () => {
  it('is stale at or below the last applied decision, fresh above it', () => {
    expect(isStaleDecision(0, { decision: 1 })).toBe(false);
    expect(isStaleDecision(2, { decision: 3 })).toBe(false);
    expect(isStaleDecision(3, { decision: 3 })).toBe(true);
    expect(isStaleDecision(3, { decision: 2 })).toBe(true);
  });

  it('a decision without a number (queued before the numbering) is never stale', () => {
    expect(isStaleDecision(5, {})).toBe(false);
  });
});

describe('acceptDecision (under the row lock)', () => {
  const stored = async () => {
    const { items } = database.tables;
    const [row] = await database.db
      .select({ n: items.moderationDecision })
      .from(items)
      .where(eq(items.id, 'item-1'));
    return row?.n;
  };

  it('when decision 3 arrives before decision 2, then 3 is applied and stored, and 2 is skipped', async () => {
    const { items } = database.tables;
    await database.db.insert(items).values({ id: 'item-1' });
    expect(await stored()).toBe(0);

    expect(await acceptDecision(database.db, items, items.id, 'item-1', { decision: 3 })).toBe(true);
    expect(await stored()).toBe(3);
    expect(await acceptDecision(database.db, items, items.id, 'item-1', { decision: 2 })).toBe(false);
    expect(await acceptDecision(database.db, items, items.id, 'item-1', { decision: 3 })).toBe(false);
    expect(await stored()).toBe(3);
    expect(await acceptDecision(database.db, items, items.id, 'item-1', { decision: 4 })).toBe(true);
    expect(await stored()).toBe(4);
  });

  it('a decision without a number is applied as before and leaves the stored number', async () => {
    const { items } = database.tables;
    await database.db.insert(items).values({ id: 'item-1', moderationDecision: 2 });
    expect(await acceptDecision(database.db, items, items.id, 'item-1', {})).toBe(true);
    expect(await stored()).toBe(2);
  });
});
