import path from 'node:path';
import { MODERATION_DECISION_EVENTS } from '@campus/contracts/events';
import { defineService } from '@campus/service-kit/service-runtime';
import { LibraryConfig } from './config';
import { idempotencyKeys, inbox, outbox } from './data/schema';
import { createBookFiles } from './domain/book-files';
import { createBooks } from './domain/books';
import { createAnnounceExistingJob } from './domain/announce-existing';
import { createLibraryPersonalData } from './domain/personal-data';
import { libraryEventHandlers } from './events/teacher-subjects';
import { createBookRoutes } from './http/book-routes';

/** Library: books and notes, search, likes, bookmarks, and the teachers' review of uploads. */
export const libraryService = defineService({
  name: 'library',
  title: 'Library API',
  configSchema: LibraryConfig,
  migrationsFolder: path.join(__dirname, '..', 'migrations'),
  consumes: ['profile.teacher.updated', 'identity.user.deleted', ...MODERATION_DECISION_EVENTS],
  produces: [
    'library.book.submitted',
    'library.book.reviewed',
    'library.book.deleted',
    'library.content.changed',
  ],
  outbox,
  inbox,
  idempotencyKeys,
  create({ config, db, transact, now, logger }) {
    const files = createBookFiles({
      db,
      now,
      limits: {
        uploadsPerHour: config.BOOK_UPLOADS_PER_HOUR,
        bytesPerDay: config.BOOK_UPLOAD_MB_PER_DAY * 1024 * 1024,
      },
    });
    const books = createBooks({ db, transact, now, files });
    return {
      routes: createBookRoutes({ books, files }),
      eventHandlers: libraryEventHandlers(books),
      // The kit serves GET /api/me/export/library and runs its forget on identity.user.deleted.
      personalData: createLibraryPersonalData({ db }),
      jobs: [createAnnounceExistingJob({ db, logger, now, checkEveryMs: config.ANNOUNCE_CHECK_MS })],
    };
  },
});
