import { z } from 'zod';
import { UserId } from './common';
import {
  CONTENT_SNAPSHOT_TEXT_MAX,
  CONTENT_SNAPSHOT_TITLE_MAX,
  CONTENT_TARGET_TYPES,
} from './moderation-rules';

/**
 * Every event on the bus travels in this envelope. `id` is the idempotency key consumers record in
 * their inbox; `traceId` carries the request id from gateway -> service -> event -> consumer logs.
 * `traceparent` (additive, ADR 0122) is the W3C trace context of the publish, for the consumer's
 * span; on RabbitMQ it travels as the message's `traceparent` header instead. Tracing data never
 * makes a message unusable: a malformed one reads as absent.
 */
export const EventEnvelope = z.object({
  id: z.uuid(),
  name: z.string().min(1),
  occurredAt: z.iso.datetime(),
  producer: z.string().min(1),
  traceId: z.string().min(1).optional(),
  traceparent: z.string().min(1).max(512).optional().catch(undefined),
  payload: z.unknown(),
});
export type EventEnvelope<P = unknown> = Omit<z.infer<typeof EventEnvelope>, 'payload'> & { payload: P };

/** An item's id in its own service (a book, a job, a flat): opaque text. Users are `UserId`. */
const id = z.string().min(1);

const ContentTargetType = z.enum(CONTENT_TARGET_TYPES);

/**
 * An item someone wrote, as it is now: published, edited or deleted by its author or a moderator.
 * Its owning service publishes one in the same transaction as each change (`<service>.content.changed`);
 * the moderation service keeps them as the item's versions (what moderators see, never a public
 * answer). It carries the author even of an anonymous item (`anonymous: true`): moderation alone
 * holds it, answers it to no one, and gives it to a teacher only through a logged reveal.
 */
const ContentChanged = z.object({
  targetType: ContentTargetType,
  targetId: id,
  /** Where the item is seen in the app: a path (`/community/<postId>#comment-<id>`). */
  link: z.string().min(1).max(500),
  authorId: UserId,
  /** The author's name as the owning service knows it (moderation shows it only when not anonymous). */
  authorName: z.string(),
  anonymous: z.boolean(),
  /** A headline: the post's or book's title, the company and role, the flat's area; never empty. */
  title: z.string().min(1).max(CONTENT_SNAPSHOT_TITLE_MAX),
  /** The item's words as plain text (markup stripped), cut at CONTENT_SNAPSHOT_TEXT_MAX. */
  text: z.string().max(CONTENT_SNAPSHOT_TEXT_MAX),
  /** What happened: first published, edited by its author, or deleted (by its author or a moderator). */
  change: z.enum(['published', 'edited', 'deleted']),
  /** 1 when published, one more at each change, so a late or repeated event never goes back in time. */
  version: z.number().int().min(1),
  /** When the change happened (the owning service's clock). */
  at: z.iso.datetime(),
});

/** A moderator's (or the reports threshold's) decision about an item, for its owning service and its author. */
const ModerationDecision = z.object({
  targetType: ContentTargetType,
  targetId: id,
  /** The item's author, told what happened (anonymous authors too: only they are told). */
  authorId: UserId,
  /** The item's title as moderation last saw it, for the author's notification. */
  title: z.string(),
  link: z.string(),
  /** The moderator's reason, shown to the author ('Reported by several users' when the threshold hid it). */
  reason: z.string(),
  /** Who decided: a teacher, or the reports threshold. */
  by: z.enum(['moderator', 'reports']),
  /**
   * The item's decision counter: one more at each hide, restore and delete moderation publishes for
   * it. The bus may deliver decisions out of order (retries, replayed dead letters), so an owner
   * applies one only when it is above the last it applied (kit: isStaleDecision). Optional: events
   * queued before it existed have none, and are applied as before.
   */
  decision: z.number().int().min(1).optional(),
});

/** The event catalogue (DESIGN.md §6): name -> payload schema. One source of truth for producers and consumers. */
export const EventCatalogue = {
  'identity.user.registered': z.object({
    userId: UserId,
    name: z.string(),
    email: z.string(),
    isTeacher: z.boolean(),
  }),
  /**
   * An account was deleted by its owner: every service removes or anonymises what it holds about
   * them (the kit's `personalData.forget`). `contributions` is their choice for what they wrote:
   * gone, or kept as "Deleted user".
   */
  'identity.user.deleted': z.object({
    userId: UserId,
    contributions: z.enum(['delete', 'anonymise']),
  }),
  'profile.completed': z.object({ userId: UserId, isTeacher: z.boolean() }),
  'profile.teacher.updated': z.object({
    userId: UserId,
    name: z.string(),
    department: z.string(),
    subjects: z.array(z.string()),
  }),
  'library.book.submitted': z.object({
    bookId: id,
    uploadedBy: UserId,
    subject: z.string(),
    title: z.string(),
  }),
  'library.book.reviewed': z.object({
    bookId: id,
    uploadedBy: UserId,
    reviewerId: UserId,
    verifiedBy: z.string(),
    status: z.enum(['accepted', 'declined']),
    /** A decline's reason from the reviewer, when one was given (absent on accepts). */
    reason: z.string().optional(),
    /** The book's title, for the uploader's notification (absent on events published before it was added). */
    title: z.string().optional(),
  }),
  /** A book was deleted by its uploader or a moderator (its profile counts follow). */
  'library.book.deleted': z.object({ bookId: id, uploadedBy: UserId }),
  'library.content.changed': ContentChanged,
  'careers.job.posted': z.object({ jobId: id, postedBy: UserId }),
  'careers.job.deleted': z.object({ jobId: id, postedBy: UserId }),
  /** `postedBy` is null for an anonymous experience: its author stays inside the careers service. */
  'careers.interview.shared': z.object({
    interviewId: id,
    postedBy: UserId.nullable(),
    companyName: z.string(),
  }),
  'careers.content.changed': ContentChanged,
  /**
   * A job post's apply-by date is two days away (issue 28): the students who saved it and have not
   * moved it on (applied, rejected...) are reminded. Once per post and apply-by date; a post with
   * many savers goes out as several events (`userIds` at most 500 each).
   */
  'careers.job.closing': z.object({
    jobId: id,
    /** The role, as the job card's title. */
    title: z.string().min(1),
    company: z.string().min(1),
    /** The last day to apply (YYYY-MM-DD). */
    applyBy: z.iso.date(),
    userIds: z.array(UserId).min(1).max(500),
  }),
  'housing.flat.requested': z.object({ flatId: id, userId: UserId }),
  'housing.flat.deleted': z.object({ flatId: id, userId: UserId }),
  'housing.content.changed': ContentChanged,
  /**
   * A student showed interest in a flat request (issue 28): its owner is told. Never the student's
   * message (it may hold a phone number): who, and which request by its heading.
   */
  'housing.interest.created': z.object({
    interestId: id,
    flatId: id,
    ownerId: UserId,
    studentId: UserId,
    studentName: z.string(),
    flatName: z.string(),
  }),
  /** The owner accepted (the student now sees the contact) or declined an interest: the student is told. */
  'housing.interest.answered': z.object({
    interestId: id,
    flatId: id,
    ownerId: UserId,
    ownerName: z.string(),
    studentId: UserId,
    flatName: z.string(),
    status: z.enum(['accepted', 'declined']),
  }),
  'events.content.changed': ContentChanged,
  'community.content.changed': ContentChanged,
  /** Hidden from every public answer until a teacher restores it (the owning service keeps it). */
  'moderation.content.hidden': ModerationDecision,
  /** Back in every public answer. */
  'moderation.content.restored': ModerationDecision,
  /** Deleted by a moderator: the owning service deletes it as if its author had. */
  'moderation.content.deleted': ModerationDecision,
  'events.event.posted': z.object({
    eventId: id,
    postedBy: UserId,
    /** The event's title, for the "new campus event" notification (absent on older events). */
    title: z.string().optional(),
  }),
  /**
   * An event someone is going to starts in a day, or within the hour (issue 27): those going (not
   * waitlisted, not interested) are reminded. Once per event, window and start; an event with many
   * going goes out as several events (`userIds` at most 500 each). `startsAt` is ISO 8601 (UTC).
   */
  'events.event.reminder': z.object({
    eventId: id,
    title: z.string().min(1),
    startsAt: z.iso.datetime({ offset: true }),
    window: z.enum(['24h', '1h']),
    userIds: z.array(UserId).min(1).max(500),
  }),
  /**
   * No author id: an anonymous post's author stays inside the community service. `actorName` is the
   * author's name, or null when the post is anonymous; `mentioned` are the people it @mentions
   * (never its author). The optional fields are absent on events published before they were added.
   */
  'community.post.created': z.object({
    postId: id,
    tag: z.string(),
    title: z.string().optional(),
    actorName: z.string().nullable().optional(),
    mentioned: z.array(UserId).optional(),
  }),
  /**
   * No author id: an anonymous comment's author stays inside the community service. The community
   * service, which alone knows who wrote what and who follows which post, names who the comment
   * concerns; each list leaves out the comment's author and anyone who muted the post (a reply to
   * their own comment and a mention still reach them).
   */
  'community.comment.created': z.object({
    commentId: id,
    postId: id,
    parentId: id.nullable(),
    postTitle: z.string().optional(),
    /** The comment author's name, or null when the comment is anonymous. */
    actorName: z.string().nullable().optional(),
    concerns: z
      .object({
        /** The post's author (anonymous posts included: it is their own thread). */
        postAuthor: UserId.nullable(),
        /** The author of the comment replied to. */
        parentAuthor: UserId.nullable(),
        mentioned: z.array(UserId),
        /** Everyone else following the post. */
        followers: z.array(UserId),
      })
      .optional(),
  }),
  /**
   * A user's notifications changed: one was created or grouped (`notification`), or some were read.
   * Consumed by every notifications replica as a broadcast (each holds some of the open streams),
   * never queued for later: a stream that missed it resumes from the database by `seq`.
   */
  'notifications.changed': z.object({
    userId: UserId,
    unread: z.number().int().min(0),
    notification: z
      .object({
        _id: id,
        kind: z.string(),
        text: z.string(),
        link: z.string(),
        actor: z.object({ name: z.string() }).nullable(),
        createdAt: z.string(),
        read: z.boolean(),
        count: z.number().int(),
        seq: z.number().int(),
      })
      .optional(),
  }),
  /**
   * A teacher (not the asker) accepted a comment as the answer to a question (issue 27): its asker
   * is told. `askerId` is the post's author, anonymous posts included, as `concerns.postAuthor` of
   * `community.comment.created` already names them to notifications; `actorName` is the teacher's.
   */
  'community.answer.accepted': z.object({
    postId: id,
    postTitle: z.string(),
    commentId: id,
    askerId: UserId,
    actorName: z.string(),
  }),
  'community.pledge.recorded': z.object({
    pledgeId: id,
    campaignId: id,
    userId: UserId,
    amount: z.number().int(),
  }),
  /**
   * A campaign's organiser posted an update (issue 28): its backers (donors with a pledge that was
   * not rejected, the organiser aside) are told. `link` is the campaign's screen.
   */
  'community.campaign.updated': z.object({
    campaignId: id,
    updateId: id,
    title: z.string(),
    excerpt: z.string(),
    link: z.string(),
    backerIds: z.array(UserId),
  }),
} as const;

export type EventName = keyof typeof EventCatalogue;
export type EventPayload<N extends EventName> = z.infer<(typeof EventCatalogue)[N]>;
export const EVENT_NAMES = Object.keys(EventCatalogue) as EventName[];

/** Validates a payload against the catalogue; throws a ZodError naming the field when it does not fit. */
export function parseEventPayload<N extends EventName>(name: N, payload: unknown): EventPayload<N> {
  return EventCatalogue[name].parse(payload) as EventPayload<N>;
}

/** What every `<service>.content.changed` event carries (one schema for every owning service). */
export type ContentChangedPayload = z.infer<typeof ContentChanged>;
/** What every `moderation.content.*` event carries. */
export type ModerationDecisionPayload = z.infer<typeof ModerationDecision>;
/** The content events, by the service that publishes each. */
export const CONTENT_CHANGED_EVENTS = [
  'community.content.changed',
  'careers.content.changed',
  'housing.content.changed',
  'events.content.changed',
  'library.content.changed',
] as const satisfies readonly EventName[];
/** The decisions an owning service obeys. */
export const MODERATION_DECISION_EVENTS = [
  'moderation.content.hidden',
  'moderation.content.restored',
  'moderation.content.deleted',
] as const satisfies readonly EventName[];
