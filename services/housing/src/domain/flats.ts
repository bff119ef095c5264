import type { z } from 'zod';
import type { EventPayload } from '@campus/contracts/events';
import { pageCount, pageWindow } from '@campus/contracts/paging';
import {
  type CreateFlatRequest,
  type FlatListQuery,
  type FlatRequest,
  type MyFlatsQuery,
} from '@campus/contracts/housing';
import { FLAT_MESSAGES } from '@campus/contracts/housing-rules';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import type { Transact } from '@campus/service-kit/unit-of-work';
import { createFlatStore, type FlatRecord } from '../data/flat-store';

export interface FlatPage {
  flats: FlatRequest[];
  page: number;
  pages: number;
  total: number;
}

/** The events the housing rules emit (its service definition produces them). */
export type FlatEvent = 'housing.flat.requested' | 'housing.flat.deleted';

/**
 * What a viewer may see of a request: a student's phone number or email goes to signed-in users
 * only (DESIGN §4), so for a guest the field is not in the answer at all.
 */
const toFlat = (record: FlatRecord, viewer: AuthUser | undefined): FlatRequest => ({
  _id: record.id,
  userId: record.userId,
  userName: record.userName,
  name: record.name,
  description: record.description,
  location: record.location,
  genderPreference: record.genderPreference,
  rent: record.rent,
  moveInDate: record.moveInDate,
  ...(viewer ? { contactInfo: record.contactInfo } : {}),
  createdAt: record.createdAt.toISOString(),
});

/** The housing domain's rules: who may create, see and delete flat requests, and what it tells others. */
export function createFlats(deps: { db: Db; transact: Transact<FlatEvent>; now: () => Date }) {
  const store = createFlatStore(deps.db);

  const toPage = (
    found: { flats: FlatRecord[]; total: number },
    query: { page: number; limit: number },
    viewer: AuthUser | undefined,
  ): FlatPage => ({
    flats: found.flats.map((f) => toFlat(f, viewer)),
    page: query.page,
    pages: pageCount(found.total, query.limit),
    total: found.total,
  });

  return {
    /** Everyone's requests, filtered; contact details only for a signed-in viewer. */
    async list(viewer: AuthUser | undefined, query: z.output<typeof FlatListQuery>): Promise<FlatPage> {
      return toPage(await store.page(query, pageWindow(query)), query, viewer);
    },

    /** The signed-in user's own requests, newest first (the route checks the path names them). */
    async listOwn(user: AuthUser, query: z.output<typeof MyFlatsQuery>): Promise<FlatPage> {
      return toPage(await store.page({ userId: user.id, sort: 'newest' }, pageWindow(query)), query, user);
    },

    /** The owner is the signed-in user, never the body (DESIGN §4). */
    async create(user: AuthUser, data: z.output<typeof CreateFlatRequest>): Promise<FlatRequest> {
      return deps.transact(async (tx, emit) => {
        await store.addMemberIfUnknown(tx, { userId: user.id, name: user.name, isTeacher: user.isTeacher });
        const row = await store.insert(tx, { ...data, userId: user.id, createdAt: deps.now() });
        await emit('housing.flat.requested', { flatId: row.id, userId: user.id });
        return toFlat({ ...row, userName: user.name }, user);
      });
    },

    /** The request, for the owner check (undefined when there is none). */
    find: (id: string) => store.find(id),

    /** Deletes a request the caller has checked the user owns; tells profile so the count follows. */
    async remove(flat: FlatRecord): Promise<void> {
      await deps.transact(async (tx, emit) => {
        if (!(await store.remove(tx, flat.id))) throw AppError.notFound(FLAT_MESSAGES.notFound);
        await emit('housing.flat.deleted', { flatId: flat.id, userId: flat.userId });
      });
    },

    /** From identity's `identity.user.registered` (the kit runs it once per event, in `tx`). */
    async memberRegistered(tx: DbExecutor, member: EventPayload<'identity.user.registered'>): Promise<void> {
      await store.setMember(tx, { userId: member.userId, name: member.name, isTeacher: member.isTeacher });
    },
  };
}

export type Flats = ReturnType<typeof createFlats>;
