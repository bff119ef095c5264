import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FlatListFilters } from '@campus/contracts/housing';
import type {
  ContactVisibility,
  InterestStatus,
  FoodPreference,
  GenderPreference,
  SleepSchedule,
  SmokingRule,
} from '@campus/contracts/housing-rules';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { memberDirectory } from '@campus/service-kit/member-directory';
import { publiclyVisible } from '@campus/service-kit/moderated-content';
import { flats, interests, members } from './schema';
import { isUuid } from '@campus/service-kit/uuid';

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
  food: FoodPreference | null;
  smoking: SmokingRule | null;
  sleep: SleepSchedule | null;
  filled: boolean;
  expiresAt: Date;
  contactVisibility: ContactVisibility;
  /** 1 when created, one more at each edit or moderation change. */
  version: number;
  editedAt: Date | null;
  moderation: 'visible' | 'hidden';
  moderationReason: string | null;
}

export type NewFlat = Omit<
  FlatRecord,
  'id' | 'userName' | 'version' | 'editedAt' | 'moderation' | 'moderationReason' | 'filled'
>;
/** What an edit may change: the fields of the create form. */
export type FlatChanges = Partial<Omit<NewFlat, 'userId' | 'createdAt' | 'expiresAt'>>;

/** A student's interest in a request, with their name as the members directory knows it. */
export interface InterestRecord {
  id: string;
  flatId: string;
  userId: string;
  userName: string | null;
  message: string;
  status: InterestStatus;
  createdAt: Date;
  decidedAt: Date | null;
}

const interestColumns = {
  id: interests.id,
  flatId: interests.flatId,
  userId: interests.userId,
  userName: members.name,
  message: interests.message,
  status: interests.status,
  createdAt: interests.createdAt,
  decidedAt: interests.decidedAt,
};

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
  food: flats.food,
  smoking: flats.smoking,
  sleep: flats.sleep,
  filled: flats.filled,
  expiresAt: flats.expiresAt,
  contactVisibility: flats.contactVisibility,
  version: flats.version,
  editedAt: flats.editedAt,
  moderation: flats.moderation,
  moderationReason: flats.moderationReason,
};

/**
 * `userId`: one owner's requests (their own view, hidden, filled and expired ones included); without
 * it, only what everyone may see: open requests (not filled, not expired at `now`) no moderator hid.
 */
type Filters = Omit<FlatListFilters, 'page' | 'limit' | 'sort'> & { userId?: string; now?: Date };

/** A tag filter that also takes the tag open to everyone (`food=veg`: veg and any households). */
const tagOrOpen = <T extends string>(
  column: typeof flats.food | typeof flats.sleep,
  value: T | undefined,
  open: T,
) => (value === undefined ? undefined : value === open ? eq(column, open) : inArray(column, [value, open]));

function whereOf(filters: Filters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.userId !== undefined) conditions.push(eq(flats.userId, filters.userId));
  else {
    conditions.push(publiclyVisible(flats), eq(flats.filled, false));
    if (filters.now) conditions.push(gt(flats.expiresAt, filters.now));
  }
  const food = tagOrOpen(flats.food, filters.food, 'any');
  if (food) conditions.push(food);
  if (filters.smoking) conditions.push(eq(flats.smoking, filters.smoking));
  const sleep = tagOrOpen(flats.sleep, filters.sleep, 'flexible');
  if (sleep) conditions.push(sleep);
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
      if (!isUuid(id)) return undefined;
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

    /**
     * Applies an edit and moves the version on, in `tx`; the row after it, or undefined when it
     * was gone (a delete won the race).
     */
    async update(
      executor: DbExecutor,
      id: string,
      changes: FlatChanges,
      editedAt: Date,
    ): Promise<Omit<FlatRecord, 'userName'> | undefined> {
      const [row] = await executor
        .update(flats)
        .set({ ...changes, editedAt, version: sql`${flats.version} + 1` })
        .where(eq(flats.id, id))
        .returning();
      return row as Omit<FlatRecord, 'userName'> | undefined;
    },

    /**
     * The request with this id, read in `tx` and locked until it ends (a moderation decision's
     * read), with its owner's name read after the lock (a lock cannot reach through the outer join).
     */
    async findForUpdate(executor: DbExecutor, id: string): Promise<FlatRecord | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await executor.select().from(flats).where(eq(flats.id, id)).for('update');
      if (!row) return undefined;
      const [member] = await executor
        .select({ name: members.name })
        .from(members)
        .where(eq(members.userId, row.userId));
      return { ...(row as Omit<FlatRecord, 'userName'>), userName: member?.name ?? null };
    },

    /** Sets filled (or open again) or a new expiry; the row after it, or undefined when it is gone. */
    async setState(
      executor: DbExecutor,
      id: string,
      state: { filled: boolean } | { expiresAt: Date },
    ): Promise<Omit<FlatRecord, 'userName'> | undefined> {
      const [row] = await executor.update(flats).set(state).where(eq(flats.id, id)).returning();
      return row as Omit<FlatRecord, 'userName'> | undefined;
    },

    /** Sets what moderation decided (hidden with its reason, or visible) and moves the version on. */
    async setModeration(
      executor: DbExecutor,
      id: string,
      moderation: { state: 'visible' | 'hidden'; reason: string | null },
    ): Promise<void> {
      await executor
        .update(flats)
        .set({
          moderation: moderation.state,
          moderationReason: moderation.reason,
          version: sql`${flats.version} + 1`,
        })
        .where(eq(flats.id, id));
    },

    /** Deletes it; the row as it was, or undefined when it was already gone (a delete racing another). */
    async remove(executor: DbExecutor, id: string): Promise<Omit<FlatRecord, 'userName'> | undefined> {
      const [removed] = await executor.delete(flats).where(eq(flats.id, id)).returning();
      return removed as Omit<FlatRecord, 'userName'> | undefined;
    },

    /** Every request of one user, hidden ones included, oldest first (their data export). */
    async allOf(userId: string): Promise<Omit<FlatRecord, 'userName'>[]> {
      const rows = await db
        .select()
        .from(flats)
        .where(eq(flats.userId, userId))
        .orderBy(asc(flats.createdAt));
      return rows as Omit<FlatRecord, 'userName'>[];
    },

    /** What the members directory says about one user, if anything. */
    async memberOf(userId: string): Promise<{ name: string; isTeacher: boolean } | undefined> {
      const [row] = await db
        .select({ name: members.name, isTeacher: members.isTeacher })
        .from(members)
        .where(eq(members.userId, userId));
      return row;
    },

    /** The viewer's own interests in these requests (their status decides whether they see a contact). */
    async interestsOf(
      userId: string,
      flatIds: string[],
    ): Promise<Map<string, { id: string; status: InterestStatus }>> {
      if (flatIds.length === 0) return new Map();
      const rows = await db
        .select({ id: interests.id, flatId: interests.flatId, status: interests.status })
        .from(interests)
        .where(and(eq(interests.userId, userId), inArray(interests.flatId, flatIds)));
      return new Map(rows.map((r) => [r.flatId, { id: r.id, status: r.status as InterestStatus }]));
    },

    /** How many interests each of these requests has, and how many wait for an answer (its owner's cards). */
    async interestCountsOf(flatIds: string[]): Promise<Map<string, { total: number; pending: number }>> {
      if (flatIds.length === 0) return new Map();
      const rows = await db
        .select({
          flatId: interests.flatId,
          total: count(),
          pending: sql<number>`count(*) filter (where ${interests.status} = 'pending')`.mapWith(Number),
        })
        .from(interests)
        .where(inArray(interests.flatId, flatIds))
        .groupBy(interests.flatId);
      return new Map(rows.map((r) => [r.flatId, { total: r.total, pending: r.pending }]));
    },

    /** A new pending interest; undefined when this student already has one in this request. */
    async addInterest(
      executor: DbExecutor,
      interest: { flatId: string; userId: string; message: string; createdAt: Date },
    ): Promise<Omit<InterestRecord, 'userName'> | undefined> {
      const [row] = await executor
        .insert(interests)
        .values(interest)
        .onConflictDoNothing({ target: [interests.flatId, interests.userId] })
        .returning();
      return row as Omit<InterestRecord, 'userName'> | undefined;
    },

    /** Every interest in one request, oldest first. */
    async interestsIn(flatId: string): Promise<InterestRecord[]> {
      const rows = await db
        .select(interestColumns)
        .from(interests)
        .leftJoin(members, eq(members.userId, interests.userId))
        .where(eq(interests.flatId, flatId))
        .orderBy(asc(interests.createdAt), asc(interests.id));
      return rows as InterestRecord[];
    },

    /**
     * The owner's answer to an interest in this request, in `tx` (the row locked first): the interest
     * after it and the status it had before; undefined when it is not one of its interests.
     */
    async decideInterest(
      executor: DbExecutor,
      flatId: string,
      interestId: string,
      status: 'accepted' | 'declined',
      at: Date,
    ): Promise<{ interest: InterestRecord; before: InterestStatus } | undefined> {
      if (!isUuid(interestId)) return undefined;
      const [current] = await executor
        .select({ status: interests.status })
        .from(interests)
        .where(and(eq(interests.id, interestId), eq(interests.flatId, flatId)))
        .for('update');
      if (!current) return undefined;
      const [row] = await executor
        .update(interests)
        .set({ status, decidedAt: at })
        .where(and(eq(interests.id, interestId), eq(interests.flatId, flatId)))
        .returning();
      if (!row) return undefined;
      const [member] = await executor
        .select({ name: members.name })
        .from(members)
        .where(eq(members.userId, row.userId));
      return {
        interest: { ...(row as Omit<InterestRecord, 'userName'>), userName: member?.name ?? null },
        before: current.status as InterestStatus,
      };
    },

    /**
     * One page of the interests one student showed, newest first, each with its request (and the
     * owner's name), leaving out the requests a moderator hid. A deleted request took its
     * interests with it (the foreign key cascades).
     */
    async interestsWithFlatsBy(
      userId: string,
      window: { offset: number; limit: number },
    ): Promise<{ rows: { interest: Omit<InterestRecord, 'userName'>; flat: FlatRecord }[]; total: number }> {
      const where = and(eq(interests.userId, userId), publiclyVisible(flats));
      const rows = await db
        .select({
          interest: {
            id: interests.id,
            flatId: interests.flatId,
            userId: interests.userId,
            message: interests.message,
            status: interests.status,
            createdAt: interests.createdAt,
            decidedAt: interests.decidedAt,
          },
          flat: columns,
        })
        .from(interests)
        .innerJoin(flats, eq(flats.id, interests.flatId))
        .leftJoin(members, eq(members.userId, flats.userId))
        .where(where)
        .orderBy(desc(interests.createdAt), desc(interests.id))
        .limit(window.limit)
        .offset(window.offset);
      const [counted] = await db
        .select({ total: count() })
        .from(interests)
        .innerJoin(flats, eq(flats.id, interests.flatId))
        .where(where);
      return {
        rows: rows as { interest: Omit<InterestRecord, 'userName'>; flat: FlatRecord }[],
        total: counted?.total ?? 0,
      };
    },

    /** Every interest one student showed, oldest first (their data export). */
    async interestsBy(userId: string): Promise<Omit<InterestRecord, 'userName'>[]> {
      const rows = await db
        .select()
        .from(interests)
        .where(eq(interests.userId, userId))
        .orderBy(asc(interests.createdAt));
      return rows as Omit<InterestRecord, 'userName'>[];
    },

    /** Removes every request of one user, every interest they showed and their directory entry (their account is gone). */
    async forgetUser(executor: DbExecutor, userId: string): Promise<void> {
      await executor.delete(interests).where(eq(interests.userId, userId));
      await executor.delete(flats).where(eq(flats.userId, userId));
      await executor.delete(members).where(eq(members.userId, userId));
    },

    /**
     * Up to `limit` requests never announced to moderation (version 0: older than moderation), with
     * their owner's name, locked for the announcing transaction; one an edit holds waits for the next run.
     */
    async unannounced(executor: DbExecutor, limit: number): Promise<FlatRecord[]> {
      const rows = (await executor
        .select()
        .from(flats)
        .where(eq(flats.version, 0))
        .orderBy(asc(flats.createdAt), asc(flats.id))
        .limit(limit)
        .for('update', { skipLocked: true })) as Omit<FlatRecord, 'userName'>[];
      if (rows.length === 0) return [];
      // Names read after the lock (a lock cannot reach through an outer join).
      const names = await executor
        .select({ userId: members.userId, name: members.name })
        .from(members)
        .where(inArray(members.userId, [...new Set(rows.map((r) => r.userId))]));
      const nameOf = new Map(names.map((m) => [m.userId, m.name]));
      return rows.map((r) => ({ ...r, userName: nameOf.get(r.userId) ?? null }));
    },

    /** Marks requests as announced: version 1, as a create leaves them. */
    async markAnnounced(executor: DbExecutor, ids: string[]): Promise<void> {
      if (ids.length) await executor.update(flats).set({ version: 1 }).where(inArray(flats.id, ids));
    },

    /** Who is who: identity's word on a member, or a session's when identity has not spoken yet. */
    ...memberDirectory(members),
  };
}

export type FlatStore = ReturnType<typeof createFlatStore>;
