import type { z } from 'zod';
import type {
  ProfileCounts,
  ProfileData,
  StudentCommonDataRequest,
  TeacherCommonDataRequest,
} from '@campus/contracts/profile';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import type { Transact } from '@campus/service-kit/unit-of-work';
import { createContributionStore } from '../data/contribution-store';
import { createProfileStore, type CommonDataColumns, type ProfileRecord } from '../data/profile-store';
import type { ContributionKind } from '../data/schema';
import { createBookUploads } from './book-uploads';

/** Common data as the HTTP layer parsed it, for the role the session says (never the body). */
export type CommonData =
  | ({ role: 'teacher' } & z.output<typeof TeacherCommonDataRequest>)
  | ({ role: 'student' } & z.output<typeof StudentCommonDataRequest>);

function toProfileData(row: ProfileRecord): ProfileData {
  return {
    userId: row.userId,
    name: row.name,
    isTeacher: row.isTeacher,
    completed: row.completedAt !== null,
    department: row.department,
    subjects: row.subjects,
    graduationYear: row.graduationYear,
    branch: row.branch,
    enrollmentNumber: row.enrollmentNumber,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** A user the profile service has not heard of yet (registered before it ran): empty, not an error. */
function emptyProfile(user: AuthUser): ProfileData {
  return {
    userId: user.id,
    name: user.name,
    isTeacher: user.isTeacher,
    completed: false,
    department: null,
    subjects: [],
    graduationYear: null,
    branch: null,
    enrollmentNumber: null,
    updatedAt: null,
  };
}

const KIND_TO_COUNT: Record<ContributionKind, keyof ProfileCounts> = {
  book: 'bookCount',
  job: 'jobPostCount',
  room_request: 'fundRaisingCount',
};

/** The events saving a profile emits (the service definition produces them). */
export type ProfileEvent = 'profile.completed' | 'profile.teacher.updated';

export function createProfiles(deps: { db: Db; transact: Transact<ProfileEvent>; now: () => Date }) {
  const { db, transact, now } = deps;
  const store = createProfileStore(db);
  const contributionStore = createContributionStore(db);

  return {
    /** The user's uploads and the verdicts on them, from the library's events (book-uploads.ts). */
    bookUploads: createBookUploads({ db }),

    /**
     * Saves the signed-in user's common data: the role decides which fields are read (the token's
     * role, never the body's), and the one row per user is created or updated, never duplicated.
     */
    async saveCommonData(user: AuthUser, data: CommonData): Promise<ProfileData> {
      const at = now();
      const fields: CommonDataColumns =
        data.role === 'teacher'
          ? {
              department: data.department,
              subjects: data.subjects,
              graduationYear: null,
              branch: null,
              enrollmentNumber: null,
            }
          : {
              graduationYear: data.graduationYear,
              branch: data.branch,
              enrollmentNumber: data.enrollmentNumber,
              department: null,
              subjects: [],
            };
      return transact(async (tx, emit) => {
        const row = await store.saveCommonData(
          tx,
          { userId: user.id, name: user.name, isTeacher: user.isTeacher },
          fields,
          at,
        );
        await emit('profile.completed', { userId: user.id, isTeacher: user.isTeacher });
        if (user.isTeacher) {
          await emit('profile.teacher.updated', {
            userId: user.id,
            name: user.name,
            department: row.department ?? '',
            subjects: row.subjects,
          });
        }
        return toProfileData(row);
      });
    },

    async findProfile(user: AuthUser): Promise<ProfileData> {
      const row = await store.find(user.id);
      return row ? toProfileData(row) : emptyProfile(user);
    },

    async counts(userId: string): Promise<ProfileCounts> {
      const counts: ProfileCounts = { bookCount: 0, jobPostCount: 0, fundRaisingCount: 0 };
      for (const { kind, count } of await contributionStore.liveCounts(userId))
        counts[KIND_TO_COUNT[kind]] = count;
      return counts;
    },

    /** From identity: the row exists from registration on, with identity's name and role. */
    async registered(
      tx: DbExecutor,
      user: { userId: string; name: string; isTeacher: boolean },
    ): Promise<void> {
      await store.saveIdentity(tx, user);
    },

    /** An item created elsewhere. A repeat, or a create arriving after its delete, changes nothing. */
    async contributed(tx: DbExecutor, kind: ContributionKind, itemId: string, userId: string): Promise<void> {
      await contributionStore.add(tx, { kind, itemId, userId });
    },

    /** An item deleted elsewhere: tombstoned, so a create delivered late does not count it again. */
    async withdrawn(tx: DbExecutor, kind: ContributionKind, itemId: string, userId: string): Promise<void> {
      await contributionStore.withdraw(tx, { kind, itemId, userId }, now());
    },
  };
}
export type Profiles = ReturnType<typeof createProfiles>;
