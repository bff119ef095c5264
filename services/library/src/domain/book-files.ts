import type { IncomingMessage } from 'node:http';
import {
  BOOK_FILE_KEY_PATTERN,
  BOOK_FILE_MAX_BYTES,
  BOOK_MESSAGES,
  bookFileKeyOf,
  bookFilePath,
} from '@campus/contracts/library-rules';
import type { BookUploadResponse } from '@campus/contracts/library';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import type { StoredBlob } from '@campus/service-kit/uploads/blob-store';
import { contentAddressedKey } from '@campus/service-kit/uploads/image-variants';
import { createPostgresBlobStore } from '@campus/service-kit/uploads/postgres-blob-store';
import { formatBytes, readSingleFileUpload } from '@campus/service-kit/uploads/read-single-file-upload';
import {
  attachUpload,
  insertUpload,
  lockUploadsOf,
  unattachedUploadForUpdate,
  uploadsNaming,
  uploadsSince,
} from '../data/book-file-store';
import { blobs, type BookFile } from '../data/schema';
import { makePdfPreview, type PdfRenderLimits } from '../pdf/pdf-preview';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface BookFileLimits {
  uploadsPerHour: number;
  bytesPerDay: number;
  render?: PdfRenderLimits;
}

/** Who may read a stored file: everyone (an accepted, visible book's), only some (private), nobody. */
export interface FileAccess {
  blob: StoredBlob;
  cache: 'public' | 'private';
  /** The PDF's name as uploaded (for Content-Disposition); undefined for a preview. */
  name?: string;
}

/**
 * The name the client gave, for display and Content-Disposition only: browsers send it as UTF-8
 * bytes, which the multipart reader decodes as Latin-1; read back as UTF-8 when that is what it is.
 */
function uploadedName(raw: string): string {
  const utf8 = Buffer.from(raw, 'latin1').toString('utf8');
  const name = utf8.includes('\uFFFD') ? raw : utf8;
  return name.split(/[\\/]/).pop()?.trim().slice(0, 200) || 'notes.pdf';
}

/** "12 minutes", "an hour", "5 hours". */
function retryWhen(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return minutes === 1 ? 'a minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

/**
 * The library's PDFs (issue 27): the upload (checked by content, page 1 rendered once to the card's
 * preview, both stored in the service's database so any replica serves them), the per-user quota,
 * attaching an upload to its uploader's new book, and who may read a file.
 */
export function createBookFiles(deps: { db: Db; now: () => Date; limits: BookFileLimits }) {
  const { db, now, limits } = deps;

  /** Refuses (429 with Retry-After) when `userId` may not add `adding` bytes now (counted from the uploads table). */
  async function checkQuota(executor: DbExecutor, userId: string, adding: number): Promise<void> {
    const at = now().getTime();
    const rows = await uploadsSince(executor, userId, new Date(at - DAY_MS));
    const lastHour = rows.filter((r) => r.createdAt.getTime() > at - HOUR_MS);
    if (lastHour.length >= limits.uploadsPerHour) {
      const leaving = lastHour[lastHour.length - limits.uploadsPerHour]!;
      const seconds = (leaving.createdAt.getTime() + HOUR_MS - at) / 1000;
      throw AppError.retryLater(
        429,
        'UPLOAD_QUOTA_EXCEEDED',
        `You have uploaded ${limits.uploadsPerHour} PDFs in the last hour, the most allowed. Please try again in ${retryWhen(seconds)}.`,
        seconds,
      );
    }
    const used = rows.reduce((sum, r) => sum + r.file.size, 0);
    if (used + adding > limits.bytesPerDay) {
      let total = used;
      let seconds = DAY_MS / 1000;
      for (const r of rows) {
        total -= r.file.size;
        if (total + adding <= limits.bytesPerDay) {
          seconds = (r.createdAt.getTime() + DAY_MS - at) / 1000;
          break;
        }
      }
      throw AppError.retryLater(
        429,
        'UPLOAD_QUOTA_EXCEEDED',
        `Your PDFs of the last 24 hours take ${formatBytes(used)} of the ${formatBytes(limits.bytesPerDay)} allowed a day. Please try again in ${retryWhen(seconds)}.`,
        seconds,
      );
    }
  }

  return {
    /**
     * POST /api/book/upload: the quota is checked before the body is read and again under a per-user
     * lock in the transaction that stores the upload, so concurrent uploads never pass it.
     */
    async upload(user: AuthUser, req: IncomingMessage): Promise<BookUploadResponse> {
      try {
        await checkQuota(db, user.id, 0);
      } catch (refused) {
        req.resume();
        throw refused;
      }
      const { file } = await readSingleFileUpload(req, {
        field: 'file',
        maxBytes: BOOK_FILE_MAX_BYTES,
        missingMessage: BOOK_MESSAGES.fileRequired,
      });
      const { pages, preview } = await makePdfPreview(file.bytes, { limits: limits.render });
      const key = contentAddressedKey(file.bytes, 'pdf');
      const stored: BookFile = {
        key,
        previewKey: preview.key,
        name: uploadedName(file.filename),
        size: file.bytes.length,
        pages,
        previewWidth: preview.width,
        previewHeight: preview.height,
      };
      await db.transaction(async (tx) => {
        await lockUploadsOf(tx, user.id);
        await checkQuota(tx, user.id, file.bytes.length);
        const blobStore = createPostgresBlobStore({ db: tx, table: blobs });
        await blobStore.put({ key, contentType: 'application/pdf', bytes: file.bytes });
        await blobStore.put({ key: preview.key, contentType: 'image/webp', bytes: preview.bytes });
        await insertUpload(tx, {
          uploadedBy: user.id,
          fileKey: key,
          previewKey: preview.key,
          file: stored,
          createdAt: now(),
        });
      });
      return {
        success: true,
        fileUrl: bookFilePath(key),
        previewUrl: bookFilePath(preview.key),
        previewWidth: preview.width,
        previewHeight: preview.height,
        pages,
        size: stored.size,
        fileName: stored.name,
      };
    },

    /**
     * Takes the user's not-yet-used upload named by `fileUrl` for book `bookId` (in the create's
     * transaction, the row locked): 400 FILE_UNKNOWN when it is someone else's, used, or unknown.
     */
    async attach(tx: DbExecutor, user: AuthUser, fileUrl: string, bookId: string): Promise<BookFile> {
      const key = bookFileKeyOf(fileUrl);
      const upload = key ? await unattachedUploadForUpdate(tx, user.id, key) : undefined;
      if (!upload) throw new AppError(400, 'FILE_UNKNOWN', BOOK_MESSAGES.fileUnknown);
      await attachUpload(tx, upload.id, bookId);
      return upload.file;
    },

    /**
     * Who reads a PDF or a preview: everyone once one of the books carrying it is accepted and not
     * hidden; before that its uploader, and teachers while the book is pending (they review the file
     * itself); nobody else (404, as for no such file: a 403 would tell it exists).
     */
    async access(rawKey: string, viewer: AuthUser | undefined): Promise<FileAccess> {
      const notFound = () => AppError.notFound('No such file.', 'FILE_NOT_FOUND');
      if (!BOOK_FILE_KEY_PATTERN.test(rawKey)) throw notFound();
      const rows = await uploadsNaming(db, rawKey);
      const visible = (r: (typeof rows)[number]) => r.status === 'accepted' && r.moderation !== 'hidden';
      const isPublic = rows.some(visible);
      const allowed =
        isPublic ||
        rows.some(
          (r) =>
            (viewer !== undefined && viewer.id === r.uploadedBy) ||
            (viewer?.isTeacher === true && r.status === 'pending' && r.moderation !== 'hidden'),
        );
      if (!allowed) throw notFound();
      const blob = await createPostgresBlobStore({ db, table: blobs }).get(rawKey);
      if (!blob) throw notFound();
      // The name comes from a row this viewer may see: another user's private upload of the same
      // bytes must not lend the public file its (perhaps personal) name.
      const own = (r: (typeof rows)[number]) => viewer !== undefined && viewer.id === r.uploadedBy;
      const row = rows.find(own) ?? rows.find(visible) ?? rows[0]!;
      return {
        blob,
        cache: isPublic ? 'public' : 'private',
        ...(rawKey.endsWith('.pdf') ? { name: row.file.name } : {}),
      };
    },
  };
}

export type BookFiles = ReturnType<typeof createBookFiles>;
