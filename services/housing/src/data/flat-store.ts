import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { FlatListFilters } from '@campus/contracts/housing';
import type { GenderPreference } from '@campus/contracts/housing-rules';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { memberDirectory } from '@campus/service-kit/member-directory';
import { flats, members } from './schema';

/** A flat request as the rules see it: plain, camelCase, with its owner's name (null if unknown). */
export interface FlatRecord {
  id: string;
  userId: string;
  userName: string | null;
  name: string;
  description: string;
  location: string;
  genderPreference: GenderPreference;
  rent: number;
  moveInDate: string;
  contactInfo: string;
  createdAt: Date;
}

export type NewFlat = Omit<FlatRecord, 'id' | 'userName'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%` and `_` in what a user typed are characters to find, never wildcards. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const columns = {
  id: flats.id,
  userId: flats.userId,
  userName: members.name,
  name: flats.name,
  description: flats.description,
  location: flats.location,
  genderPreference: flats.genderPreference,
  rent: flats.rent,
  moveInDate: flats.moveInDate,
  contactInfo: flats.contactInfo,
  createdAt: flats.createdAt,
};

type Filters = Omit<FlatListFilters, 'page' | 'limit' | 'sort'> & { userId?: string };

function whereOf(filters: Filters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.userId !== undefined) conditions.push(eq(flats.userId, filters.userId));
  if (filters.q) {
    const pattern = containing(filters.q);
    const text = or(
      ilike(flats.name, pattern),
      ilike(flats.location, pattern),
      ilike(flats.description, pattern),
    );
    if (text) conditions.push(text);
  }
  if (filters.minRent !== undefined) conditions.push(gte(flats.rent, filters.minRent));
  if (filters.maxRent !== undefined) conditions.push(lte(flats.rent, filters.maxRent));
  if (filters.genderPreference === 'any') conditions.push(eq(flats.genderPreference, 'any'));
  else if (filters.genderPreference)
    conditions.push(inArray(flats.genderPreference, [filters.genderPreference, 'any']));
  if (filters.moveInFrom) conditions.push(gte(flats.moveInDate, filters.moveInFrom));
  if (filters.moveInTo) conditions.push(lte(flats.moveInDate, filters.moveInTo));
  return conditions.length ? and(...conditions) : undefined;
}

const ORDERS = {
  newest: [desc(flats.createdAt), desc(flats.id)],
  rent_asc: [asc(flats.rent), desc(flats.createdAt), desc(flats.id)],
  rent_desc: [desc(flats.rent), desc(flats.createdAt), desc(flats.id)],
} as const;

/** The housing service's data access: every query the rules need. The domain never sees a row. */
export function createFlatStore(db: Db) {
  return {
    /** One window of the requests matching `filters`, in `sort` order, and how many match in all. */
    async page(
      filters: Filters & { sort: keyof typeof ORDERS },
      window: { offset: number; limit: number },
    ): Promise<{ flats: FlatRecord[]; total: number }> {
      const where = whereOf(filters);
      const rows = await db
        .select(columns)
        .from(flats)
        .leftJoin(members, eq(members.userId, flats.userId))
        .where(where)
        .orderBy(...ORDERS[filters.sort])
        .limit(window.limit)
        .offset(window.offset);
      const [counted] = await db.select({ total: count() }).from(flats).where(where);
      return { flats: rows as FlatRecord[], total: counted?.total ?? 0 };
    },

    /** The request with this id, or undefined (an id that is not a uuid names nothing). */
    async find(id: string): Promise<FlatRecord | undefined> {
      if (!UUID.test(id)) return undefined;
      const [row] = await db
        .select(columns)
        .from(flats)
        .leftJoin(members, eq(members.userId, flats.userId))
        .where(eq(flats.id, id));
      return row as FlatRecord | undefined;
    },

    async insert(executor: DbExecutor, flat: NewFlat): Promise<Omit<FlatRecord, 'userName'>> {
      const [row] = await executor.insert(flats).values(flat).returning();
      if (!row) throw new Error('insert returned no row');
      return row as Omit<FlatRecord, 'userName'>;
    },

    /** Deletes it; false when it was already gone (a delete racing another). */
    async remove(executor: DbExecutor, id: string): Promise<boolean> {
      const removed = await executor.delete(flats).where(eq(flats.id, id)).returning({ id: flats.id });
      return removed.length > 0;
    },

    /** Who is who: identity's word on a member, or a session's when identity has not spoken yet. */
    ...memberDirectory(members),
  };
}

export type FlatStore = ReturnType<typeof createFlatStore>;
