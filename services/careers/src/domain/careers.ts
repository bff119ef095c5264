import { z } from 'zod';
import {
  type CreateInterviewRequest,
  type CreateJobPostRequest,
  type InterviewExperience,
  type InterviewSearchQuery,
  type JobListQuery,
  type JobPost,
  type JobSearchQuery,
  type UpdateInterviewRequest,
  type UpdateJobPostRequest,
} from '@campus/contracts/careers';
import { CAREERS_MESSAGES } from '@campus/contracts/careers-rules';
import type { ModerationDecisionPayload } from '@campus/contracts/events';
import { pageCount, pageWindow } from '@campus/contracts/paging';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, Tx } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import {
  acceptDecision,
  contentChanged,
  type ModerationCommand,
} from '@campus/service-kit/moderated-content';
import { sanitizeRichText } from '@campus/service-kit/rich-text/sanitize-rich-text';
import type { Emit, Transact } from '@campus/service-kit/unit-of-work';
import {
  createCareersStore,
  type InterviewChanges,
  type InterviewRecord,
  type JobPostChanges,
  type JobPostRecord,
} from '../data/careers-store';
import { interviews as interviewsTable, jobPosts as jobPostsTable } from '../data/schema';

const RecordId = z.uuid();

/** The events the careers rules emit (its service definition produces them). */
export type CareersEvent =
  'careers.job.posted' | 'careers.job.deleted' | 'careers.interview.shared' | 'careers.content.changed';

/** Only the author's own answer says why their item is hidden; nobody else gets a hidden item at all. */
const moderationOf = (r: JobPostRecord | InterviewRecord, viewerId: string | undefined) =>
  r.moderation === 'hidden' && viewerId === r.postedBy
    ? { moderation: { state: 'hidden' as const, reason: r.moderationReason ?? '' } }
    : {};

export const toJobPost = (r: JobPostRecord, viewerId?: string): JobPost => ({
  _id: r.id,
  postedBy: r.postedBy,
  companyName: r.companyName,
  role: r.role,
  jobDescription: r.jobDescription,
  jobType: r.jobType,
  salary: r.salary,
  city: r.city,
  jobLink: r.jobLink,
  linkedinUrl: r.linkedinUrl,
  createdAt: r.createdAt.toISOString(),
  editedAt: r.editedAt?.toISOString() ?? null,
  applyBy: r.applyBy ?? null,
  ...moderationOf(r, viewerId),
});

/** Today (UTC) as apply-by dates are written, and a day some days from it. */
export const dayOf = (at: Date, plusDays = 0) =>
  new Date(at.getTime() + plusDays * 86_400_000).toISOString().slice(0, 10);

/**
 * An anonymous experience names nobody: neither the name nor the user id leaves the service. Its
 * author alone (signed in) gets `mine: true` on it, so their screen offers Edit and Delete; that
 * tells nobody else anything, as no one else ever receives it.
 */
export const toInterview = (r: InterviewRecord, viewerId?: string): InterviewExperience => ({
  _id: r.id,
  companyName: r.companyName,
  role: r.role,
  interviewRounds: r.interviewRounds,
  interviewRoundsDescription: r.interviewRoundsDescription,
  interviewDate: r.interviewDate,
  salary: r.salary,
  interviewDifficulty: r.interviewDifficulty,
  city: r.city,
  jobType: r.jobType,
  linkedinUrl: r.linkedinUrl,
  postedBy: r.uploaderName === null ? null : r.postedBy,
  uploaderName: r.uploaderName,
  createdAt: r.createdAt.toISOString(),
  editedAt: r.editedAt?.toISOString() ?? null,
  ...(viewerId !== undefined && viewerId === r.postedBy ? { mine: true as const } : {}),
  ...moderationOf(r, viewerId),
});

/**
 * Where each item is seen in the app (the remote's routes): an experience's detail page; a job post
 * has no page of its own, so the job list, at its card (the card's id is `job-<id>`).
 */
export const jobLink = (id: string) => `/jobs#job-${id}`;
export const interviewLink = (r: Pick<InterviewRecord, 'id' | 'companyName'>) =>
  `/interviews/${encodeURIComponent(r.companyName)}/${encodeURIComponent(r.id)}`;

type Change = 'published' | 'edited' | 'deleted';

/** The job post as moderators read it: the headline, then the description, pay, place and link. */
export const jobChanged = (r: JobPostRecord, change: Change, version: number, at: Date) =>
  contentChanged({
    targetType: 'job',
    targetId: r.id,
    link: jobLink(r.id),
    authorId: r.postedBy,
    authorName: r.authorName,
    anonymous: false,
    title: `${r.role} at ${r.companyName}`,
    text: [
      r.jobDescription,
      `Salary: ${r.salary}`,
      r.city && `City: ${r.city}`,
      r.jobLink && `Link: ${r.jobLink}`,
    ]
      .filter(Boolean)
      .join('\n'),
    change,
    version,
    at,
  });

/**
 * The experience as moderators read it; its author goes along even when anonymous (moderation alone
 * holds it). `authorId` apart, as an experience whose author deleted their account has none.
 */
export const interviewChanged = (
  r: InterviewRecord,
  authorId: string,
  change: Change,
  version: number,
  at: Date,
) =>
  contentChanged({
    targetType: 'interview',
    targetId: r.id,
    link: interviewLink(r),
    authorId,
    authorName: r.authorName,
    anonymous: r.uploaderName === null,
    title: `${r.role} at ${r.companyName}`,
    text: [`Salary: ${r.salary}`, r.city && `City: ${r.city}`, r.interviewRoundsDescription]
      .filter(Boolean)
      .join('\n'),
    change,
    version,
    at,
  });

export interface Paged<T> {
  items: T[];
  page: number;
  pages: number;
  total: number;
}

type JobEdit = z.output<typeof UpdateJobPostRequest>;
type InterviewEdit = z.output<typeof UpdateInterviewRequest>;

const validationFailed = (path: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, [{ path, message }]);

/** An edit's fields as columns: absent stays as it is; a cleared optional text is '' (as on create). */
const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

const jobChanges = (edit: JobEdit): JobPostChanges =>
  defined({
    companyName: edit.companyName,
    role: edit.role,
    jobDescription: edit.jobDescription,
    jobType: edit.jobType,
    salary: edit.salary,
    city: edit.city === null ? '' : edit.city,
    jobLink: edit.jobLink === null ? '' : edit.jobLink,
    linkedinUrl: edit.linkedinUrl === null ? '' : edit.linkedinUrl,
    applyBy: edit.applyBy,
  });

const interviewChanges = (edit: InterviewEdit): InterviewChanges =>
  defined({
    companyName: edit.companyName,
    role: edit.role,
    salary: edit.salary,
    interviewRounds: edit.interviewRounds,
    // Sanitized exactly as on create (and again in the browser when shown).
    interviewRoundsDescription:
      edit.interviewRoundsDescription === undefined
        ? undefined
        : sanitizeRichText(edit.interviewRoundsDescription),
    interviewDate: edit.interviewDate,
    interviewDifficulty: edit.interviewDifficulty,
    jobType: edit.jobType,
    city: edit.city === null ? '' : edit.city,
    linkedinUrl: edit.linkedinUrl === null ? '' : edit.linkedinUrl,
  });

/** The careers rules: who may post, edit, delete and share, and what each answer holds. */
export function createCareers(deps: { db: Db; transact: Transact<CareersEvent>; now: () => Date }) {
  const { db, transact, now } = deps;
  const store = createCareersStore(db);

  /** A date as given, but not after today (a day of grace for time zones). */
  const checkInterviewDate = (date: string | null | undefined) => {
    if (!date) return;
    const latest = new Date(now().getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    if (date > latest) throw validationFailed('interviewDate', CAREERS_MESSAGES.dateInFuture);
  };

  /** Deletes a job post (its author's delete, or a moderator's) and says so: the profile's count and moderation follow. */
  async function removeJob(tx: Tx, emit: Emit<CareersEvent>, job: JobPostRecord): Promise<boolean> {
    if (!(await store.deleteJob(tx, job.id, job.postedBy))) return false;
    await emit('careers.job.deleted', { jobId: job.id, postedBy: job.postedBy });
    await emit('careers.content.changed', jobChanged(job, 'deleted', job.version + 1, now()));
    return true;
  }

  async function removeInterview(
    tx: Tx,
    emit: Emit<CareersEvent>,
    interview: InterviewRecord,
  ): Promise<boolean> {
    if (!(await store.deleteInterview(tx, interview.id))) return false;
    // One kept after its author deleted their account names nobody, and moderation's events must
    // name an author: only a moderator deletes it, and moderation knows its own decision.
    if (interview.postedBy !== null)
      await emit(
        'careers.content.changed',
        interviewChanged(interview, interview.postedBy, 'deleted', interview.version + 1, now()),
      );
    return true;
  }

  /**
   * An apply-by date is today or later; a day of grace for time zones (the campus is ahead of UTC,
   * so its today may be UTC's yesterday... or tomorrow).
   */
  const checkApplyBy = (date: string | null | undefined) => {
    if (date && date < dayOf(now(), -1)) throw validationFailed('applyBy', CAREERS_MESSAGES.applyByPast);
  };

  return {
    /**
     * Newest first, open posts only (not past their apply-by date); `mine` (signed in only) keeps
     * the user's own posts, hidden and closed ones included (with why).
     */
    async jobs(query: JobListQuery, user: AuthUser | undefined): Promise<Paged<JobPost>> {
      if (query.mine && !user) throw AppError.unauthenticated('Please log in to see your job posts.');
      const found = await store.jobPage(pageWindow(query), query.mine ? user!.id : undefined, dayOf(now()));
      return {
        items: found.items.map((r) => toJobPost(r, user?.id)),
        page: query.page,
        pages: pageCount(found.total, query.limit),
        total: found.total,
      };
    },

    /** Open job posts by words, type, city, closing soon, paid (issue 28). */
    async searchJobs(query: JobSearchQuery, user: AuthUser | undefined): Promise<Paged<JobPost>> {
      const today = dayOf(now());
      const found = await store.searchJobs({
        q: query.q,
        jobType: query.jobType,
        city: query.city,
        closingBy: query.closingWithinDays === undefined ? undefined : dayOf(now(), query.closingWithinDays),
        paid: query.paid,
        today,
        ...pageWindow(query),
      });
      return {
        items: found.items.map((r) => toJobPost(r, user?.id)),
        page: query.page,
        pages: pageCount(found.total, query.limit),
        total: found.total,
      };
    },

    /** The author is the signed-in user, never the body (DESIGN §4). */
    async createJob(user: AuthUser, data: z.output<typeof CreateJobPostRequest>): Promise<JobPost> {
      checkApplyBy(data.applyBy);
      return transact(async (tx, emit) => {
        const row = await store.insertJob(tx, {
          postedBy: user.id,
          authorName: user.name,
          companyName: data.companyName,
          role: data.role,
          jobDescription: data.jobDescription,
          jobType: data.jobType,
          salary: data.salary,
          city: data.city ?? '',
          jobLink: data.jobLink ?? '',
          linkedinUrl: data.linkedinUrl ?? '',
          applyBy: data.applyBy ?? null,
          createdAt: now(),
        });
        await emit('careers.job.posted', { jobId: row.id, postedBy: user.id });
        await emit('careers.content.changed', jobChanged(row, 'published', row.version, row.createdAt));
        return toJobPost(row, user.id);
      });
    },

    /**
     * For the owner check: a path id that is not a post id is a post that does not exist, and so is
     * a hidden post that is not the caller's (GET answers it 404: a 403 would tell them it exists).
     */
    async findJob(rawId: string, caller: AuthUser): Promise<JobPostRecord | undefined> {
      const id = RecordId.safeParse(rawId);
      const found = id.success ? await store.findJob(db, id.data) : undefined;
      return found && (found.moderation !== 'hidden' || found.postedBy === caller.id) ? found : undefined;
    },

    /** The author's edit (the route checked ownership): one version more, `editedAt` now; a post deleted meanwhile is 404. */
    async editJob(user: AuthUser, job: JobPostRecord, edit: JobEdit): Promise<JobPost> {
      if (edit.applyBy !== job.applyBy) checkApplyBy(edit.applyBy);
      return transact(async (tx, emit) => {
        const current = await store.lockJob(tx, job.id);
        if (!current || current.postedBy !== user.id) throw AppError.notFound(CAREERS_MESSAGES.jobNotFound);
        const at = now();
        const row = await store.updateJob(tx, job.id, {
          ...jobChanges(edit),
          authorName: user.name,
          editedAt: at,
        });
        if (!row) throw AppError.notFound(CAREERS_MESSAGES.jobNotFound);
        await emit('careers.content.changed', jobChanged(row, 'edited', row.version, at));
        return toJobPost(row, user.id);
      });
    },

    /** Deletes the author's post (the route checked ownership); a post deleted meanwhile is 404. */
    async deleteJob(user: AuthUser, job: JobPostRecord): Promise<void> {
      await transact(async (tx, emit) => {
        const current = await store.lockJob(tx, job.id);
        if (!current || current.postedBy !== user.id || !(await removeJob(tx, emit, current)))
          throw AppError.notFound(CAREERS_MESSAGES.jobNotFound);
      });
    },

    /** Hidden experiences are in no public answer: search, browse and counts all leave them out. */
    async searchInterviews(
      query: InterviewSearchQuery,
      user: AuthUser | undefined,
    ): Promise<Paged<InterviewExperience>> {
      const found = await store.searchInterviews({
        q: query.q,
        company: query.company,
        sort: query.sort,
        ...pageWindow(query),
      });
      return {
        items: found.items.map((r) => toInterview(r, user?.id)),
        page: query.page,
        pages: pageCount(found.total, query.limit),
        total: found.total,
      };
    },

    /**
     * 400 for an id that cannot be one, 404 for one that is not there, or hidden (to anyone but its
     * author, who gets it with the moderator's reason).
     */
    async interview(rawId: string, user: AuthUser | undefined): Promise<InterviewExperience> {
      const id = RecordId.safeParse(rawId);
      if (!id.success) throw AppError.badRequest(CAREERS_MESSAGES.interviewIdInvalid, 'INVALID_ID');
      const found = await store.findInterview(id.data);
      if (!found || (found.moderation === 'hidden' && found.postedBy !== user?.id))
        throw AppError.notFound(CAREERS_MESSAGES.interviewNotFound);
      return toInterview(found, user?.id);
    },

    /**
     * For the owner check (the author is known here even when anonymous): a malformed id is one that
     * does not exist, and so is a hidden experience that is not the caller's (as GET answers it).
     */
    async findInterview(rawId: string, caller: AuthUser): Promise<InterviewRecord | undefined> {
      const id = RecordId.safeParse(rawId);
      const found = id.success ? await store.findInterview(id.data) : undefined;
      return found && (found.moderation !== 'hidden' || found.postedBy === caller.id) ? found : undefined;
    },

    /**
     * The rounds' HTML is sanitized here with the shared allow-list (and again in the browser when
     * shown). The date is kept as given, but not after today (a day of grace for time zones).
     */
    async shareInterview(
      user: AuthUser,
      data: z.output<typeof CreateInterviewRequest>,
    ): Promise<InterviewExperience> {
      checkInterviewDate(data.interviewDate);
      return transact(async (tx, emit) => {
        const row = await store.insertInterview(tx, {
          companyName: data.companyName,
          role: data.role,
          interviewRounds: data.interviewRounds ?? null,
          interviewRoundsDescription: sanitizeRichText(data.interviewRoundsDescription),
          interviewDate: data.interviewDate ?? null,
          salary: data.salary,
          interviewDifficulty: data.interviewDifficulty ?? null,
          city: data.city ?? '',
          jobType: data.jobType ?? null,
          linkedinUrl: data.linkedinUrl ?? '',
          postedBy: user.id,
          uploaderName: data.isAnonymous ? null : user.name,
          authorName: user.name,
          createdAt: now(),
        });
        await emit('careers.interview.shared', {
          interviewId: row.id,
          // An anonymous experience names nobody, on the bus as in the API.
          postedBy: data.isAnonymous ? null : user.id,
          companyName: row.companyName,
        });
        await emit(
          'careers.content.changed',
          interviewChanged(row, user.id, 'published', row.version, row.createdAt),
        );
        // The spec's create answer, as a reader's detail answer (its author knows it is theirs).
        return toInterview(row);
      });
    },

    /**
     * The author's edit (the route checked ownership). Anonymity stays as it was: an anonymous
     * experience still takes no LinkedIn profile, which would name its author.
     */
    async editInterview(
      user: AuthUser,
      interview: InterviewRecord,
      edit: InterviewEdit,
    ): Promise<InterviewExperience> {
      checkInterviewDate(edit.interviewDate);
      return transact(async (tx, emit) => {
        const current = await store.lockInterview(tx, interview.id);
        if (!current || current.postedBy !== user.id)
          throw AppError.notFound(CAREERS_MESSAGES.interviewNotFound);
        const changes = interviewChanges(edit);
        if (current.uploaderName === null && (changes.linkedinUrl ?? current.linkedinUrl))
          throw validationFailed('linkedinUrl', CAREERS_MESSAGES.anonymousWithProfile);
        const at = now();
        const row = await store.updateInterview(tx, interview.id, {
          ...changes,
          authorName: user.name,
          editedAt: at,
        });
        if (!row) throw AppError.notFound(CAREERS_MESSAGES.interviewNotFound);
        await emit('careers.content.changed', interviewChanged(row, user.id, 'edited', row.version, at));
        return toInterview(row, user.id);
      });
    },

    /** Deletes the author's experience (the route checked ownership); one deleted meanwhile is 404. */
    async deleteInterview(user: AuthUser, interview: InterviewRecord): Promise<void> {
      await transact(async (tx, emit) => {
        const current = await store.lockInterview(tx, interview.id);
        if (!current || current.postedBy !== user.id || !(await removeInterview(tx, emit, current)))
          throw AppError.notFound(CAREERS_MESSAGES.interviewNotFound);
      });
    },

    /**
     * A moderation decision about a job post or an experience, in the event's inbox transaction.
     * Hide and restore change the item's state (moderation already knows, so no content event);
     * delete is its author's delete. Idempotent: hiding a hidden item with the same reason,
     * restoring a visible one or deleting a gone one changes nothing.
     */
    async moderate(
      tx: Tx,
      command: ModerationCommand,
      decision: ModerationDecisionPayload,
      emit: Emit<CareersEvent>,
    ): Promise<void> {
      const id = RecordId.safeParse(decision.targetId);
      if (!id.success) return;
      const current =
        decision.targetType === 'job'
          ? await store.lockJob(tx, id.data)
          : await store.lockInterview(tx, id.data);
      if (!current) return;
      // Under the row lock: a decision older than the last applied is skipped (out of order).
      const table = decision.targetType === 'job' ? jobPostsTable : interviewsTable;
      if (!(await acceptDecision(tx, table, table.id, current.id, decision))) return;
      if (command === 'delete') {
        if (decision.targetType === 'job') await removeJob(tx, emit, current as JobPostRecord);
        else await removeInterview(tx, emit, current as InterviewRecord);
        return;
      }
      const next =
        command === 'hide'
          ? { moderation: 'hidden' as const, moderationReason: decision.reason }
          : { moderation: 'visible' as const, moderationReason: null };
      if (current.moderation === next.moderation && current.moderationReason === next.moderationReason)
        return;
      if (decision.targetType === 'job') await store.updateJob(tx, id.data, next);
      else await store.updateInterview(tx, id.data, next);
    },
  };
}

export type Careers = ReturnType<typeof createCareers>;
