import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '@campus/service-kit/db';
import { blobs, bookUploads, books } from './schema';

/**
 * Removes the stored PDFs and previews no upload names any more (after a book's delete took its
 * upload with it, or an account was forgotten): their URLs answer 404 from then on.
 */
export async function removeUnusedBlobs(executor: DbExecutor): Promise<void> {
  await executor.execute(sql`
    delete from ${blobs} b
    where not exists (select 1 from ${bookUploads} u where u.file_key = b.key or u.preview_key = b.key)`);
}

/** The user's uploads after `since`, oldest first, with their files (the quota counts them). */
export function uploadsSince(executor: DbExecutor, userId: string, since: Date) {
  return executor
    .select({ createdAt: bookUploads.createdAt, file: bookUploads.file })
    .from(bookUploads)
    .where(and(eq(bookUploads.uploadedBy, userId), gt(bookUploads.createdAt, since)))
    .orderBy(bookUploads.createdAt);
}

/** Waits until the user's other uploads in flight (on any replica) end: a transaction-scoped advisory lock. */
export async function lockUploadsOf(tx: DbExecutor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`library.book-upload:${userId}`}))`);
}

export async function insertUpload(
  executor: DbExecutor,
  values: typeof bookUploads.$inferInsert,
): Promise<void> {
  await executor.insert(bookUploads).values(values);
}

/** The user's upload of `key` that no book took yet, locked for the create's transaction. */
export async function unattachedUploadForUpdate(executor: DbExecutor, userId: string, key: string) {
  const [upload] = await executor
    .select()
    .from(bookUploads)
    .where(and(eq(bookUploads.fileKey, key), eq(bookUploads.uploadedBy, userId), isNull(bookUploads.bookId)))
    .orderBy(bookUploads.createdAt)
    .limit(1)
    .for('update');
  return upload;
}

export async function attachUpload(executor: DbExecutor, uploadId: string, bookId: string): Promise<void> {
  await executor.update(bookUploads).set({ bookId }).where(eq(bookUploads.id, uploadId));
}

/** Every upload naming `key` (as its PDF or its preview), with the state of the book that took it. */
export function uploadsNaming(executor: DbExecutor, key: string) {
  return executor
    .select({
      uploadedBy: bookUploads.uploadedBy,
      file: bookUploads.file,
      status: books.status,
      moderation: books.moderation,
    })
    .from(bookUploads)
    .leftJoin(books, eq(books.id, bookUploads.bookId))
    .where(or(eq(bookUploads.fileKey, key), eq(bookUploads.previewKey, key)));
}
