import path from 'node:path';
import { defineService } from '@campus/service-kit/service-runtime';
import { LibraryConfig } from './config';
import { idempotencyKeys, inbox, outbox } from './data/schema';
import { createBooks } from './domain/books';
import { libraryEventHandlers } from './events/teacher-subjects';
import { createBookRoutes } from './http/book-routes';

/** Library: books and notes, search, likes, bookmarks, and the teachers' review of uploads. */
export const libraryService = defineService({
  name: 'library',
  title: 'Library API',
  configSchema: LibraryConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: ['profile.teacher.updated'],
  produces: ['library.book.submitted', 'library.book.reviewed'],
  outbox,
  inbox,
  idempotencyKeys,
  create({ db, transact, now }) {
    const books = createBooks({ db, transact, now });
    return {
      routes: createBookRoutes({ books }),
      eventHandlers: libraryEventHandlers(books),
    };
  },
});
