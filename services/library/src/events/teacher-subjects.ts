import type { Db } from '@campus/service-kit/db';
import { defineConsumer } from '@campus/service-kit/bus/event-bus';
import { handleOnce } from '@campus/service-kit/inbox';
import { inbox } from '../data/schema';
import type { Books } from '../domain/books';

/** Which teacher reviews which subjects: the profile service tells us whenever a teacher saves theirs. */
export function teacherSubjectsConsumer(db: Db, books: Books) {
  return defineConsumer('library', {
    'profile.teacher.updated': async (event) => {
      await handleOnce(db, inbox, event, (tx) =>
        books.recordReviewer(tx, event.payload, new Date(event.occurredAt)),
      );
    },
  });
}
