import { z } from 'zod';
import { UserId } from './common';

/**
 * Every event on the bus travels in this envelope. `id` is the idempotency key consumers record in
 * their inbox; `traceId` carries the request id from gateway -> service -> event -> consumer logs.
 */
export const EventEnvelope = z.object({
  id: z.uuid(),
  name: z.string().min(1),
  occurredAt: z.iso.datetime(),
  producer: z.string().min(1),
  traceId: z.string().min(1).optional(),
  payload: z.unknown(),
});
export type EventEnvelope<P = unknown> = Omit<z.infer<typeof EventEnvelope>, 'payload'> & { payload: P };

/** An item's id in its own service (a book, a job, a flat): opaque text. Users are `UserId`. */
const id = z.string().min(1);

/** The event catalogue (DESIGN.md §6): name -> payload schema. One source of truth for producers and consumers. */
export const EventCatalogue = {
  'identity.user.registered': z.object({
    userId: UserId,
    name: z.string(),
    email: z.string(),
    isTeacher: z.boolean(),
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
  }),
  'careers.job.posted': z.object({ jobId: id, postedBy: UserId }),
  'careers.job.deleted': z.object({ jobId: id, postedBy: UserId }),
  /** `postedBy` is null for an anonymous experience: its author stays inside the careers service. */
  'careers.interview.shared': z.object({
    interviewId: id,
    postedBy: UserId.nullable(),
    companyName: z.string(),
  }),
  'housing.flat.requested': z.object({ flatId: id, userId: UserId }),
  'housing.flat.deleted': z.object({ flatId: id, userId: UserId }),
  'events.event.posted': z.object({ eventId: id, postedBy: UserId }),
  'community.post.created': z.object({ postId: id, tag: z.string() }),
  /** No author: an anonymous comment's author stays inside the community service. */
  'community.comment.created': z.object({ commentId: id, postId: id, parentId: id.nullable() }),
  'community.pledge.recorded': z.object({
    pledgeId: id,
    campaignId: id,
    userId: UserId,
    amount: z.number().int(),
  }),
} as const;

export type EventName = keyof typeof EventCatalogue;
export type EventPayload<N extends EventName> = z.infer<(typeof EventCatalogue)[N]>;
export const EVENT_NAMES = Object.keys(EventCatalogue) as EventName[];

/** Validates a payload against the catalogue; throws a ZodError naming the field when it does not fit. */
export function parseEventPayload<N extends EventName>(name: N, payload: unknown): EventPayload<N> {
  return EventCatalogue[name].parse(payload) as EventPayload<N>;
}
