import path from 'node:path';
import type { ServiceDefinition } from '@campus/service-kit/service-runtime';
import { LibraryConfig } from './config';
import { outbox } from './data/schema';
import { createBooks } from './domain/books';
import { teacherSubjectsConsumer } from './events/teacher-subjects';
import { createBookRoutes } from './http/book-routes';

/** Library: books and notes, search, likes, bookmarks, and the teachers' review of uploads. */
export const libraryService: ServiceDefinition<typeof LibraryConfig> = {
  name: 'library',
  title: 'Library API',
  configSchema: LibraryConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  outbox,
  create({ db, transact, now }) {
    const books = createBooks({ db, transact, now });
    return {
      routes: createBookRoutes({ books }),
      consumers: [teacherSubjectsConsumer(db, books)],
    };
  },
};
