import { FORMER_REVIEWER_NAME, bookFilePath } from '@campus/contracts/library-rules';
import type { Db } from '@campus/service-kit/db';
import type { PersonalData } from '@campus/service-kit/personal-data';
import { z } from 'zod';
import { createPersonalDataStore } from '../data/personal-data-store';

/** The library's user columns are uuids: any other id names nobody here (and must not fail the query). */
const isUuid = (id: string) => z.uuid().safeParse(id).success;
const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The library's part of a person's rights over their data (issue 26 §3; the kit serves the export
 * and runs `forget` on identity.user.deleted).
 *
 * Export: the books they uploaded in every state (with the verdict and, when hidden, the moderator's
 * reason; how many liked each, never who), the books they liked and bookmarked, and for a teacher
 * the verdicts they gave that still stand and their review subjects as the library knows them.
 *
 * Forget: likes (each book's count follows) and bookmarks go whatever the choice. Their books:
 * 'delete' removes them all; 'anonymise' keeps the accepted ones in the catalogue with no uploader
 * (answered as "Deleted user") and removes the pending and declined ones, which nobody but their
 * uploader ever saw and which no one could correct or be told the verdict of any more. A teacher's
 * verdicts on other people's books stand (the uploader's book stays accepted or declined, the
 * decline's reason with it) but are given by "A teacher": their id and name go. Their review
 * subjects go. Their PDFs (issue 27) go with their books and blobs, unless an accepted book kept
 * carries one (it stays, with no uploader). Nothing is emitted: every other service forgets them on the same event (moderation
 * too, for these books' snapshots), and profile keeps no count of a deleted account.
 */
export function createLibraryPersonalData(deps: { db: Db }): PersonalData {
  const store = createPersonalDataStore(deps.db);

  return {
    async export(user) {
      if (!isUuid(user.id))
        return { 'books-uploaded.json': [], 'likes.json': [], 'bookmarks.json': [], 'pdf-uploads.json': [] };
      const [uploads, likes, bookmarks, verdicts, reviewer, files] = await Promise.all([
        store.uploadsOf(user.id),
        store.likesOf(user.id),
        store.bookmarksOf(user.id),
        store.verdictsBy(user.id),
        store.reviewerOf(user.id),
        store.fileUploadsOf(user.id),
      ]);
      return {
        'books-uploaded.json': uploads.map((b) => ({
          ...b,
          reviewedAt: iso(b.reviewedAt),
          createdAt: iso(b.createdAt),
          editedAt: iso(b.editedAt),
        })),
        'likes.json': likes.map((l) => ({ ...l, likedAt: iso(l.likedAt) })),
        'bookmarks.json': bookmarks.map((b) => ({ ...b, bookmarkedAt: iso(b.bookmarkedAt) })),
        // The PDFs they uploaded (issue 27), used by a book or not: where each is served (they can
        // fetch every one of them while it is theirs) and its preview.
        'pdf-uploads.json': files.map((f) => ({
          fileUrl: bookFilePath(f.file.key),
          previewUrl: bookFilePath(f.file.previewKey),
          name: f.file.name,
          size: f.file.size,
          pages: f.file.pages,
          bookId: f.bookId,
          uploadedAt: iso(f.uploadedAt),
        })),
        ...(user.isTeacher || verdicts.length > 0 || reviewer
          ? {
              'reviews-given.json': verdicts.map((v) => ({ ...v, reviewedAt: iso(v.reviewedAt) })),
              'review-subjects.json': reviewer
                ? {
                    name: reviewer.name,
                    department: reviewer.department,
                    subjects: reviewer.subjects,
                    bookSubjects: reviewer.bookSubjects,
                    updatedAt: iso(reviewer.updatedAt),
                  }
                : null,
            }
          : {}),
      };
    },

    async forget(tx, { userId, contributions }) {
      if (!isUuid(userId)) return;
      await store.removeLikes(tx, userId);
      await store.removeBookmarks(tx, userId);
      await store.removeBooks(tx, userId, contributions === 'anonymise');
      await store.disownBooks(tx, userId);
      await store.forgetFileUploads(tx, userId);
      await store.disownVerdicts(tx, userId, FORMER_REVIEWER_NAME);
      await store.removeReviewer(tx, userId);
    },
  };
}
