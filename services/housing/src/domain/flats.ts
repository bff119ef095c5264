import type { z } from 'zod';
import type {
  ContentChangedPayload,
  EventPayload,
  ModerationDecisionPayload,
} from '@campus/contracts/events';
import { pageCount, pageWindow } from '@campus/contracts/paging';
import {
  type CreateInterestRequest,
  type DecideInterestRequest,
  type FlatInterest,
  type CreateFlatRequest,
  type FlatListQuery,
  type FlatRequest,
  type MyFlatInterest,
  type MyFlatInterestsQuery,
  type MyFlatsQuery,
  type UpdateFlatRequest,
} from '@campus/contracts/housing';
import {
  FLAT_MESSAGES,
  flatExpiryFrom,
  flatLink,
  flatPhotoPath,
  flatStateOf,
  GENDER_LABELS,
} from '@campus/contracts/housing-rules';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor, Tx } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import {
  acceptDecision,
  contentChanged,
  type ModerationCommand,
} from '@campus/service-kit/moderated-content';
import type { Emit, Transact } from '@campus/service-kit/unit-of-work';
import { createFlatStore, type FlatChanges, type FlatRecord, type InterestRecord } from '../data/flat-store';
import { photoStore, type PhotoRecord } from '../data/photo-store';
import { flats as flatsTable } from '../data/schema';
import { photosAnswer, type FlatPhotos } from './flat-photos';

export interface FlatPage {
  flats: FlatRequest[];
  page: number;
  pages: number;
  total: number;
}

/** The events the housing rules emit (its service definition produces them). */
export type FlatEvent =
  | 'housing.flat.requested'
  | 'housing.flat.deleted'
  | 'housing.content.changed'
  | 'housing.interest.created'
  | 'housing.interest.answered';
/** What a deletion emits, the owner's or a moderator's. */
export type FlatDeletionEvent = 'housing.flat.deleted' | 'housing.content.changed';

/** The viewer's own interest in a request, if any (its status decides an on-request contact). */
type ViewerInterest = { id: string; status: FlatInterest['status'] } | undefined;
/** How many interests a request has and how many wait for an answer (its owner's answers only). */
type InterestCounts = { total: number; pending: number };
const NO_INTERESTS: InterestCounts = { total: 0, pending: 0 };

/**
 * Whether the viewer gets the contact: never a guest (DESIGN §4); every signed-in user when its
 * owner chose `signed-in` (the spec's behaviour); with `on-request`, its owner and a student whose
 * interest the owner accepted, nobody else (pending and declined included).
 */
const seesContact = (record: FlatRecord, viewer: AuthUser | undefined, interest: ViewerInterest) =>
  viewer !== undefined &&
  (record.contactVisibility === 'signed-in' ||
    viewer.id === record.userId ||
    interest?.status === 'accepted');

/**
 * What a viewer may see of a request: its contact as `seesContact` says (for anyone else the field
 * is not in the answer at all). Why a moderator hid it and how many students showed interest go to
 * its owner alone (public answers never hold a hidden request).
 */
const toFlat = (
  record: FlatRecord,
  viewer: AuthUser | undefined,
  interest?: ViewerInterest,
  counts: InterestCounts = NO_INTERESTS,
  photos: PhotoRecord[] = [],
): FlatRequest => ({
  _id: record.id,
  userId: record.userId,
  userName: record.userName,
  name: record.name,
  description: record.description,
  location: record.location,
  genderPreference: record.genderPreference,
  rent: record.rent,
  moveInDate: record.moveInDate,
  ...(seesContact(record, viewer, interest) ? { contactInfo: record.contactInfo } : {}),
  createdAt: record.createdAt.toISOString(),
  editedAt: record.editedAt ? record.editedAt.toISOString() : null,
  food: record.food,
  smoking: record.smoking,
  sleep: record.sleep,
  filled: record.filled,
  expiresAt: record.expiresAt.toISOString(),
  contactVisibility: record.contactVisibility,
  ...(interest ? { myInterest: { _id: interest.id, status: interest.status } } : {}),
  ...(viewer?.id === record.userId ? { interestCounts: counts } : {}),
  ...photosAnswer(photos),
  ...(record.moderation === 'hidden' && viewer?.id === record.userId
    ? { moderation: { state: 'hidden' as const, reason: record.moderationReason ?? '' } }
    : {}),
});

/** A page of the signed-in student's own interests ("Rooms I asked about"). */
export interface MyInterestPage {
  interests: MyFlatInterest[];
  page: number;
  pages: number;
  total: number;
}

/**
 * One of a student's own interests as they see it. The contact goes with an accepted interest only,
 * whatever the request's state: once the owner gave it, marking the room filled or letting it
 * expire does not take it back (the student may still need to call). Pending and declined: never,
 * even where the owner shares it with every signed-in user (this list tells what the owner gave
 * this student; the open list shows such a contact as before).
 */
const toMyInterest = (
  interest: Omit<InterestRecord, 'userName'>,
  flat: FlatRecord,
  photos: PhotoRecord[],
  now: Date,
): MyFlatInterest => {
  const expiresAt = flat.expiresAt.toISOString();
  const thumbnail = photosAnswer(photos.slice(0, 1)).photoVariants[0]?.[0] ?? null;
  return {
    _id: interest.id,
    message: interest.message,
    status: interest.status,
    createdAt: interest.createdAt.toISOString(),
    decidedAt: interest.decidedAt ? interest.decidedAt.toISOString() : null,
    flat: {
      _id: flat.id,
      name: flat.name,
      userName: flat.userName,
      rent: flat.rent,
      location: flat.location,
      moveInDate: flat.moveInDate,
      state: flatStateOf({ filled: flat.filled, expiresAt }, now),
      expiresAt,
      ...(interest.status === 'accepted' ? { contactInfo: flat.contactInfo } : {}),
      thumbnail,
    },
  };
};

const rupees = new Intl.NumberFormat('en-IN');

/**
 * The request as moderators read it (`housing.content.changed`, also the announce job's): its heading, and its words with
 * the facts a scam or a mistake would show in (rent, move-in, place, who may join). The contact
 * stays out: it is a number or an address, and it is private to members.
 */
export const snapshotOf = (
  record: Omit<FlatRecord, 'userName'>,
  authorName: string,
  change: ContentChangedPayload['change'],
  version: number,
  at: Date,
  photos: PhotoRecord[] = [],
): ContentChangedPayload =>
  contentChanged({
    targetType: 'flat',
    targetId: record.id,
    link: flatLink(record.id),
    authorId: record.userId,
    authorName,
    anonymous: false,
    title: record.name,
    text: [
      record.description,
      `Rent: ₹${rupees.format(record.rent)} a month.`,
      `Move-in: ${record.moveInDate}.`,
      `Location: ${record.location}.`,
      `Open to: ${GENDER_LABELS[record.genderPreference]}.`,
      // A moderator opens the photos there (a hidden request's too: teachers may).
      ...photos.map((p, i) => `Photo ${i + 1}: ${flatPhotoPath(p.key)}`),
    ].join('\n'),
    change,
    version,
    at,
  });

/** Only the fields the edit names (an absent field stays as it was). */
const changesOf = (body: z.output<typeof UpdateFlatRequest>): FlatChanges =>
  Object.fromEntries(
    Object.entries(body).filter(([key, value]) => value !== undefined && key !== 'photos'),
  ) as FlatChanges;

/** The housing domain's rules: who may create, see and delete flat requests, and what it tells others. */
export function createFlats(deps: {
  db: Db;
  transact: Transact<FlatEvent>;
  now: () => Date;
  photos: FlatPhotos;
}) {
  const store = createFlatStore(deps.db);
  const photosOf = async (executor: DbExecutor, id: string) =>
    (await photoStore.photosOf(executor, [id])).get(id) ?? [];

  /**
   * Deletes it and tells who must know, in `tx`: profile (its Room Requests count) and moderation
   * (the last version). False when it was already gone: then nothing is emitted.
   */
  async function removeIn(tx: Tx, emit: Emit<FlatDeletionEvent>, flat: FlatRecord): Promise<boolean> {
    const photos = await photosOf(tx, flat.id);
    await photoStore.removeOfFlats(tx, [flat.id]);
    const removed = await store.remove(tx, flat.id);
    if (!removed) return false;
    const authorName = flat.userName ?? '';
    await emit(
      'housing.content.changed',
      snapshotOf(removed, authorName, 'deleted', removed.version + 1, deps.now(), photos),
    );
    await emit('housing.flat.deleted', { flatId: flat.id, userId: flat.userId });
    return true;
  }

  const toInterest = (record: InterestRecord): FlatInterest => ({
    _id: record.id,
    flatId: record.flatId,
    userId: record.userId,
    userName: record.userName,
    message: record.message,
    status: record.status,
    createdAt: record.createdAt.toISOString(),
    decidedAt: record.decidedAt ? record.decidedAt.toISOString() : null,
  });

  const toPage = async (
    found: { flats: FlatRecord[]; total: number },
    query: { page: number; limit: number },
    viewer: AuthUser | undefined,
  ): Promise<FlatPage> => {
    const mine = viewer
      ? await store.interestsOf(
          viewer.id,
          found.flats.map((f) => f.id),
        )
      : new Map<string, NonNullable<ViewerInterest>>();
    const counts = await store.interestCountsOf(
      viewer ? found.flats.filter((f) => f.userId === viewer.id).map((f) => f.id) : [],
    );
    const photos = await photoStore.photosOf(
      deps.db,
      found.flats.map((f) => f.id),
    );
    return {
      flats: found.flats.map((f) => toFlat(f, viewer, mine.get(f.id), counts.get(f.id), photos.get(f.id))),
      page: query.page,
      pages: pageCount(found.total, query.limit),
      total: found.total,
    };
  };

  /** One of the owner's own requests as they see it: with how many students showed interest. */
  const ownersView = async (record: FlatRecord, owner: AuthUser): Promise<FlatRequest> =>
    toFlat(
      record,
      owner,
      undefined,
      (await store.interestCountsOf([record.id])).get(record.id),
      await photosOf(deps.db, record.id),
    );

  return {
    /** Everyone's open requests (not filled, not expired), filtered; contact details only for a signed-in viewer. */
    async list(viewer: AuthUser | undefined, query: z.output<typeof FlatListQuery>): Promise<FlatPage> {
      return toPage(await store.page({ ...query, now: deps.now() }, pageWindow(query)), query, viewer);
    },

    /** The signed-in user's own requests, newest first (the route checks the path names them). */
    async listOwn(user: AuthUser, query: z.output<typeof MyFlatsQuery>): Promise<FlatPage> {
      return toPage(await store.page({ userId: user.id, sort: 'newest' }, pageWindow(query)), query, user);
    },

    /**
     * "Rooms I asked about": the signed-in student's own interests, newest first, each with its
     * request (filled and expired ones too: they are where an accepted student keeps the contact).
     * Never anyone else's. A request its owner deleted took its interests with it; one a moderator
     * hid is left out: its content is withheld from everyone but its owner and teachers, and a
     * stub saying "hidden" would tell the student about a moderation decision on someone else's post.
     */
    async listMyInterests(
      student: AuthUser,
      query: z.output<typeof MyFlatInterestsQuery>,
    ): Promise<MyInterestPage> {
      const found = await store.interestsWithFlatsBy(student.id, pageWindow(query));
      const photos = await photoStore.photosOf(
        deps.db,
        found.rows.map((r) => r.flat.id),
      );
      const now = deps.now();
      return {
        interests: found.rows.map((r) => toMyInterest(r.interest, r.flat, photos.get(r.flat.id) ?? [], now)),
        page: query.page,
        pages: pageCount(found.total, query.limit),
        total: found.total,
      };
    },

    /** The owner is the signed-in user, never the body (DESIGN §4). */
    async create(user: AuthUser, data: z.output<typeof CreateFlatRequest>): Promise<FlatRequest> {
      return deps.transact(async (tx, emit) => {
        await store.addMemberIfUnknown(tx, { userId: user.id, name: user.name, isTeacher: user.isTeacher });
        const createdAt = deps.now();
        const { photos: photoUrls, ...fields } = data;
        const row = await store.insert(tx, {
          ...fields,
          food: data.food ?? null,
          smoking: data.smoking ?? null,
          sleep: data.sleep ?? null,
          contactVisibility: data.contactVisibility ?? 'signed-in',
          userId: user.id,
          createdAt,
          expiresAt: flatExpiryFrom(createdAt),
        });
        const photos = photoUrls?.length ? await deps.photos.setPhotos(tx, user, row.id, photoUrls) : [];
        await emit('housing.flat.requested', { flatId: row.id, userId: user.id });
        await emit(
          'housing.content.changed',
          snapshotOf(row, user.name, 'published', row.version, row.createdAt, photos),
        );
        return toFlat({ ...row, userName: user.name }, user, undefined, NO_INTERESTS, photos);
      });
    },

    /**
     * Edits a request the caller has checked the user owns: the fields named change, the version
     * moves on, `editedAt` is now, and moderation gets the new version. A hidden request stays
     * hidden (only a moderator restores it).
     */
    async update(
      user: AuthUser,
      flat: FlatRecord,
      body: z.output<typeof UpdateFlatRequest>,
    ): Promise<FlatRequest> {
      const edited = await deps.transact(async (tx, emit) => {
        const row = await store.update(tx, flat.id, changesOf(body), deps.now());
        if (!row) throw AppError.notFound(FLAT_MESSAGES.notFound);
        // A list of photos replaces the ones it had (in that order); none sent: they stay.
        const photos =
          body.photos === undefined
            ? await photosOf(tx, flat.id)
            : await deps.photos.setPhotos(tx, user, flat.id, body.photos);
        const authorName = flat.userName ?? user.name;
        await emit(
          'housing.content.changed',
          snapshotOf(row, authorName, 'edited', row.version, row.editedAt ?? deps.now(), photos),
        );
        return { ...row, userName: flat.userName };
      });
      return ownersView(edited, user);
    },

    /**
     * Its owner marks it filled (it leaves the public list, stays in theirs) or open again. Not a
     * change of its words: no version, no event (moderation judges words, not availability).
     */
    async setFilled(user: AuthUser, flat: FlatRecord, filled: boolean): Promise<FlatRequest> {
      const row = await store.setState(deps.db, flat.id, { filled });
      if (!row) throw AppError.notFound(FLAT_MESSAGES.notFound);
      return ownersView({ ...row, userName: flat.userName }, user);
    },

    /** Its owner renews it: it expires 60 days from now (back in the public list if it had expired). */
    async renew(user: AuthUser, flat: FlatRecord): Promise<FlatRequest> {
      const row = await store.setState(deps.db, flat.id, { expiresAt: flatExpiryFrom(deps.now()) });
      if (!row) throw AppError.notFound(FLAT_MESSAGES.notFound);
      return ownersView({ ...row, userName: flat.userName }, user);
    },

    /**
     * A student's "I'm interested" (pending until the owner answers): not in their own request
     * (403), only in an open one (409), once (409).
     */
    async showInterest(
      user: AuthUser,
      flat: FlatRecord,
      body: z.output<typeof CreateInterestRequest>,
    ): Promise<FlatInterest> {
      if (flat.userId === user.id) throw AppError.forbidden(FLAT_MESSAGES.interestOwnFlat, 'OWN_FLAT');
      if (flat.filled || flat.expiresAt.getTime() <= deps.now().getTime())
        throw AppError.conflict(FLAT_MESSAGES.interestNotOpen, 'FLAT_NOT_OPEN');
      return deps.transact(async (tx, emit) => {
        await store.addMemberIfUnknown(tx, { userId: user.id, name: user.name, isTeacher: user.isTeacher });
        const row = await store.addInterest(tx, {
          flatId: flat.id,
          userId: user.id,
          message: body.message,
          createdAt: deps.now(),
        });
        if (!row) throw AppError.conflict(FLAT_MESSAGES.interestAlready, 'ALREADY_INTERESTED');
        // The owner is told who and which request; never the message (it may hold a phone number).
        await emit('housing.interest.created', {
          interestId: row.id,
          flatId: flat.id,
          ownerId: flat.userId,
          studentId: user.id,
          studentName: user.name,
          flatName: flat.name,
        });
        return toInterest({ ...row, userName: user.name });
      });
    },

    /** Every interest in a request the caller has checked the user owns. */
    async interestsIn(flat: FlatRecord): Promise<FlatInterest[]> {
      return (await store.interestsIn(flat.id)).map(toInterest);
    },

    /**
     * The owner's answer to one interest in their request: accepted shows that student the contact.
     * The student is told when the answer changes (the same answer twice tells them nothing new).
     */
    async decideInterest(
      owner: AuthUser,
      flat: FlatRecord,
      interestId: string,
      body: z.output<typeof DecideInterestRequest>,
    ): Promise<FlatInterest> {
      return deps.transact(async (tx, emit) => {
        const decided = await store.decideInterest(tx, flat.id, interestId, body.status, deps.now());
        if (!decided) throw AppError.notFound(FLAT_MESSAGES.interestNotFound);
        if (decided.before !== body.status)
          await emit('housing.interest.answered', {
            interestId: decided.interest.id,
            flatId: flat.id,
            ownerId: owner.id,
            ownerName: flat.userName ?? owner.name,
            studentId: decided.interest.userId,
            flatName: flat.name,
            status: body.status,
          });
        return toInterest(decided.interest);
      });
    },

    /**
     * The request, for the owner check: undefined when there is none, and for a hidden one that is
     * not the caller's (GET answers it 404: a 403 would tell them it exists).
     */
    async find(id: string, caller: AuthUser) {
      const found = await store.find(id);
      return found && (found.moderation !== 'hidden' || found.userId === caller.id) ? found : undefined;
    },

    /** Deletes a request the caller has checked the user owns; tells profile so the count follows. */
    async remove(flat: FlatRecord): Promise<void> {
      await deps.transact(async (tx, emit) => {
        if (!(await removeIn(tx, emit, flat))) throw AppError.notFound(FLAT_MESSAGES.notFound);
      });
    },

    /**
     * A moderation decision about a flat request (`moderation.content.*`, in the event's inbox
     * transaction). Hide and restore change its state and version only when they change something;
     * delete is the owner's delete. A request already gone is no error: nothing happens.
     */
    async moderate(
      tx: Tx,
      command: ModerationCommand,
      decision: ModerationDecisionPayload,
      emit: Emit<FlatDeletionEvent>,
    ): Promise<void> {
      const flat = await store.findForUpdate(tx, decision.targetId);
      if (!flat) return;
      // Under the row lock: a decision older than the last applied is skipped (out of order).
      if (!(await acceptDecision(tx, flatsTable, flatsTable.id, flat.id, decision))) return;
      switch (command) {
        case 'hide':
          if (flat.moderation === 'hidden' && flat.moderationReason === decision.reason) return;
          await store.setModeration(tx, flat.id, { state: 'hidden', reason: decision.reason });
          return;
        case 'restore':
          if (flat.moderation === 'visible') return;
          await store.setModeration(tx, flat.id, { state: 'visible', reason: null });
          return;
        case 'delete':
          await removeIn(tx, emit, flat);
          return;
      }
    },

    /** From identity's `identity.user.registered` (the kit runs it once per event, in `tx`). */
    async memberRegistered(tx: DbExecutor, member: EventPayload<'identity.user.registered'>): Promise<void> {
      await store.setMember(tx, { userId: member.userId, name: member.name, isTeacher: member.isTeacher });
    },
  };
}

export type Flats = ReturnType<typeof createFlats>;
