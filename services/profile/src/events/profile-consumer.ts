import type { Db } from '@campus/service-kit/db';
import { defineConsumer } from '@campus/service-kit/bus/event-bus';
import { handleOnce } from '@campus/service-kit/inbox';
import { inbox } from '../data/schema';
import type { Profiles } from '../domain/profiles';

/**
 * The profile queue: registrations create the row; the other domains' creates and deletes keep the
 * dashboard's counts. Every handler runs once per event id (inbox), so redelivery changes nothing.
 */
export function profileConsumer(db: Db, profiles: Profiles) {
  return defineConsumer('profile', {
    'identity.user.registered': async (event) => {
      const { userId, name, isTeacher } = event.payload;
      await handleOnce(db, inbox, event, (tx) => profiles.registered(tx, { userId, name, isTeacher }));
    },
    'library.book.submitted': async (event) => {
      const { bookId, uploadedBy } = event.payload;
      await handleOnce(db, inbox, event, (tx) => profiles.contributed(tx, 'book', bookId, uploadedBy));
    },
    'careers.job.posted': async (event) => {
      const { jobId, postedBy } = event.payload;
      await handleOnce(db, inbox, event, (tx) => profiles.contributed(tx, 'job', jobId, postedBy));
    },
    'careers.job.deleted': async (event) => {
      const { jobId, postedBy } = event.payload;
      await handleOnce(db, inbox, event, (tx) => profiles.withdrawn(tx, 'job', jobId, postedBy));
    },
    'housing.flat.requested': async (event) => {
      const { flatId, userId } = event.payload;
      await handleOnce(db, inbox, event, (tx) => profiles.contributed(tx, 'room_request', flatId, userId));
    },
    'housing.flat.deleted': async (event) => {
      const { flatId, userId } = event.payload;
      await handleOnce(db, inbox, event, (tx) => profiles.withdrawn(tx, 'room_request', flatId, userId));
    },
  });
}
