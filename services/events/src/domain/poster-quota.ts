import type { DbExecutor } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import { formatBytes } from '@campus/service-kit/uploads/read-single-file-upload';
import { lockPosterUploadsOf, posterUploadsSince, type PosterUpload } from '../data/poster-upload-store';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface PosterQuotaLimits {
  /** Posters one user may upload in any hour (used or not: an orphan poster counts until removed). */
  perHour: number;
  /** Bytes of stored poster variants one user may add in any 24 hours. */
  storedBytesPerDay: number;
}

/** "12 minutes", "an hour", "5 hours": how long until a retry can succeed, for the message. */
function retryWhen(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return minutes === 1 ? 'a minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

/**
 * Per-user poster quotas (issue 22 §6), counted from the posters table and the blob store, so they
 * hold across replicas and restarts, and posters no event uses count too. `check` is called before
 * the body is read and again, under a per-user lock, in the transaction that stores the poster, so
 * concurrent uploads by one user never go past the limit (a racer's image work is then refused at
 * the last step; the process's image queue bounds how many can race).
 */
export function createPosterQuota(limits: PosterQuotaLimits) {
  const uploadsOfLastDay = (db: DbExecutor, userId: string, now: Date): Promise<PosterUpload[]> =>
    posterUploadsSince(db, userId, new Date(now.getTime() - DAY_MS));

  /** The refusal for `adding` more bytes now, or undefined when the upload fits both limits. */
  function refusal(uploads: PosterUpload[], now: Date, adding: number): AppError | undefined {
    const at = now.getTime();
    const lastHour = uploads.filter((u) => u.createdAt.getTime() > at - HOUR_MS);
    if (lastHour.length >= limits.perHour) {
      // The upload that must leave the hour's window for one more to fit.
      const leaving = lastHour[lastHour.length - limits.perHour]!;
      const seconds = (leaving.createdAt.getTime() + HOUR_MS - at) / 1000;
      return AppError.retryLater(
        429,
        'UPLOAD_QUOTA_EXCEEDED',
        `You have uploaded ${limits.perHour} posters in the last hour, the most allowed. Please try again in ${retryWhen(seconds)}.`,
        seconds,
      );
    }
    let total = uploads.reduce((sum, u) => sum + u.bytes, 0);
    if (total + adding <= limits.storedBytesPerDay) return undefined;
    const used = total;
    let seconds = DAY_MS / 1000;
    for (const upload of uploads) {
      total -= upload.bytes;
      if (total + adding <= limits.storedBytesPerDay) {
        seconds = (upload.createdAt.getTime() + DAY_MS - at) / 1000;
        break;
      }
    }
    return AppError.retryLater(
      429,
      'UPLOAD_QUOTA_EXCEEDED',
      `Your posters of the last 24 hours take ${formatBytes(used)} of the ${formatBytes(limits.storedBytesPerDay)} allowed a day. Please try again in ${retryWhen(seconds)}.`,
      seconds,
    );
  }

  return {
    /** Refuses (429 with Retry-After) when the user may not upload `adding` more bytes now. */
    async check(db: DbExecutor, userId: string, now: Date, adding = 0): Promise<void> {
      const refused = refusal(await uploadsOfLastDay(db, userId, now), now, adding);
      if (refused) throw refused;
    },
    /**
     * The same check inside the transaction that stores the poster, after this user's other uploads
     * in flight (on any replica) have committed or given up: a transaction-scoped advisory lock.
     */
    async checkLocked(tx: DbExecutor, userId: string, now: Date, adding: number): Promise<void> {
      await lockPosterUploadsOf(tx, userId);
      await this.check(tx, userId, now, adding);
    },
  };
}

export type PosterQuota = ReturnType<typeof createPosterQuota>;
