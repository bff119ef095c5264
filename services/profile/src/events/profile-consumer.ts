import { defineEventHandlers } from '@campus/service-kit/event-handlers';
import type { Profiles } from '../domain/profiles';

/**
 * What the profile learns from events: registrations create the row; the other domains' creates and
 * deletes keep the dashboard's counts; the library's verdicts tell the uploader what became of each
 * book. The kit runs each handler once per event id (inbox), in the transaction it hands over as
 * `tx`.
 */
export function profileEventHandlers(profiles: Profiles) {
  return defineEventHandlers({
    'identity.user.registered': ({ payload: { userId, name, isTeacher } }, { tx }) =>
      profiles.registered(tx, { userId, name, isTeacher }),
    'library.book.submitted': ({ payload, occurredAt }, { tx }) =>
      profiles.bookUploads.submitted(tx, payload, new Date(occurredAt)),
    'library.book.reviewed': ({ payload, occurredAt }, { tx }) =>
      profiles.bookUploads.reviewed(tx, payload, new Date(occurredAt)),
    // The uploader (or a moderator) deleted the book: it leaves the count and the list of uploads.
    'library.book.deleted': ({ payload }, { tx }) =>
      profiles.withdrawn(tx, 'book', payload.bookId, payload.uploadedBy),
    'careers.job.posted': ({ payload }, { tx }) =>
      profiles.contributed(tx, 'job', payload.jobId, payload.postedBy),
    'careers.job.deleted': ({ payload }, { tx }) =>
      profiles.withdrawn(tx, 'job', payload.jobId, payload.postedBy),
    'housing.flat.requested': ({ payload }, { tx }) =>
      profiles.contributed(tx, 'room_request', payload.flatId, payload.userId),
    'housing.flat.deleted': ({ payload }, { tx }) =>
      profiles.withdrawn(tx, 'room_request', payload.flatId, payload.userId),
  });
}
