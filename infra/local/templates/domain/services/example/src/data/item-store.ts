import { count, desc, eq } from 'drizzle-orm';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { memberDirectory } from '@campus/service-kit/member-directory';
import { items, members } from './schema';

/** An item as the rules see it: plain, camelCase, with its author's name (null if unknown). */
export interface ItemRecord {
  id: string;
  title: string;
  createdBy: string;
  authorName: string | null;
  createdAt: Date;
}

/** The example service's data access: every query the rules need. The domain never sees a row. */
export function createItemStore(db: Db) {
  return {
    /** Newest first; `offset`/`limit` from the page query. */
    async page(window: { offset: number; limit: number }): Promise<{ items: ItemRecord[]; total: number }> {
      const rows = await db
        .select({
          id: items.id,
          title: items.title,
          createdBy: items.createdBy,
          authorName: members.name,
          createdAt: items.createdAt,
        })
        .from(items)
        .leftJoin(members, eq(members.userId, items.createdBy))
        .orderBy(desc(items.createdAt), desc(items.id))
        .limit(window.limit)
        .offset(window.offset);
      const [counted] = await db.select({ total: count() }).from(items);
      return { items: rows, total: counted?.total ?? 0 };
    },

    async insert(
      executor: DbExecutor,
      item: { title: string; createdBy: string; createdAt: Date },
    ): Promise<Omit<ItemRecord, 'authorName'>> {
      const [row] = await executor.insert(items).values(item).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Who is who: identity's word on a member, or a session's when identity has not spoken yet. */
    ...memberDirectory(members),
  };
}
