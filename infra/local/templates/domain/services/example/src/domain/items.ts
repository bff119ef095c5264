import type { z } from 'zod';
import type { EventPayload } from '@campus/contracts/events';
import type { CreateExampleItemRequest, ExampleItem, ExampleListQuery } from '@campus/contracts/example';
import { pageCount, pageWindow } from '@campus/contracts/paging';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import type { Transact } from '@campus/service-kit/unit-of-work';
import { createItemStore, type ItemRecord } from '../data/item-store';

export interface ItemPage {
  items: ExampleItem[];
  page: number;
  pages: number;
  total: number;
}

const toItem = (record: ItemRecord): ExampleItem => ({
  _id: record.id,
  title: record.title,
  createdBy: record.createdBy,
  authorName: record.authorName,
  createdAt: record.createdAt.toISOString(),
});

/**
 * The example domain's rules. `Transact<never>`: it emits nothing yet; name the events it emits
 * here (`Transact<'example.item.created'>`) once the service's `produces` lists them.
 */
export function createItems(deps: { db: Db; transact: Transact<never>; now: () => Date }) {
  const store = createItemStore(deps.db);

  return {
    async page(query: z.output<typeof ExampleListQuery>): Promise<ItemPage> {
      const found = await store.page(pageWindow(query));
      return {
        items: found.items.map(toItem),
        page: query.page,
        pages: pageCount(found.total, query.limit),
        total: found.total,
      };
    },

    /** The author is the signed-in user, never the body (DESIGN §4). */
    async create(user: AuthUser, data: z.output<typeof CreateExampleItemRequest>): Promise<ExampleItem> {
      return deps.transact(async (tx) => {
        await store.addMemberIfUnknown(tx, { userId: user.id, name: user.name, isTeacher: user.isTeacher });
        const row = await store.insert(tx, { title: data.title, createdBy: user.id, createdAt: deps.now() });
        return toItem({ ...row, authorName: user.name });
      });
    },

    /** From identity's `identity.user.registered` (the kit runs it once per event, in `tx`). */
    async memberRegistered(tx: DbExecutor, member: EventPayload<'identity.user.registered'>): Promise<void> {
      await store.setMember(tx, { userId: member.userId, name: member.name, isTeacher: member.isTeacher });
    },
  };
}

export type Items = ReturnType<typeof createItems>;
