import { defineEventHandlers } from '@campus/service-kit/event-handlers';
import { moderationDecisionHandlers } from '@campus/service-kit/moderated-content';
import type { BookEvent, Books } from '../domain/books';

/**
 * Which teacher reviews which subjects: the profile service tells us whenever a teacher saves theirs.
 * And the moderators' decisions about books: hide, restore, or delete as the uploader would.
 */
export function libraryEventHandlers(books: Books) {
  return defineEventHandlers(
    {
      'profile.teacher.updated': (event, { tx }) =>
        books.recordReviewer(tx, event.payload, new Date(event.occurredAt)),
      ...moderationDecisionHandlers<BookEvent>(['book'], (tx, command, decision, emit) =>
        books.moderate(tx, command, decision, emit),
      ),
    },
    { emits: ['library.content.changed', 'library.book.deleted'] },
  );
}
