import { defineEventHandlers } from '@campus/service-kit/event-handlers';
import type { Books } from '../domain/books';

/** Which teacher reviews which subjects: the profile service tells us whenever a teacher saves theirs. */
export function libraryEventHandlers(books: Books) {
  return defineEventHandlers({
    'profile.teacher.updated': (event, { tx }) =>
      books.recordReviewer(tx, event.payload, new Date(event.occurredAt)),
  });
}
