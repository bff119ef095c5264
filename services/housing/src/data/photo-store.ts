import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '@campus/service-kit/db';
import { blobs, flatPhotos, flats, type StoredPhotoVariant } from './schema';

/** A photo as the rules see it: which request it is on (null: none yet) and its variants. */
export interface PhotoRecord {
  id: string;
  key: string;
  uploadedBy: string;
  flatId: string | null;
  position: number;
  variants: StoredPhotoVariant[];
  createdAt: Date;
}

/**
 * Deletes these photo rows and the blobs no remaining photo names (the same image uploaded twice is
 * one blob: it stays while another photo still names it). How many photos and blobs went.
 */
async function deleteRows(executor: DbExecutor, where: SQL): Promise<{ photos: number; blobs: number }> {
  const gone = await executor.delete(flatPhotos).where(where).returning({ variants: flatPhotos.variants });
  const keys = [...new Set(gone.flatMap((p) => p.variants.map((v) => v.key)))];
  const blobsGone = keys.length
    ? await executor
        .delete(blobs)
        .where(
          and(
            inArray(blobs.key, keys),
            sql`not exists (select 1 from ${flatPhotos}, jsonb_array_elements(${flatPhotos.variants}) v where v->>'key' = ${blobs.key})`,
          ),
        )
        .returning({ key: blobs.key })
    : [];
  return { photos: gone.length, blobs: blobsGone.length };
}

/** The housing service's photo data (issue 28): uploads, which request holds which, and their removal. */
export const photoStore = {
  async insertUpload(
    executor: DbExecutor,
    photo: { key: string; uploadedBy: string; variants: StoredPhotoVariant[]; createdAt: Date },
  ): Promise<void> {
    await executor.insert(flatPhotos).values(photo);
  },

  /**
   * How many photos this user uploaded after `since` (on a request or not), after their other
   * uploads in flight (on any replica) have committed or given up: a transaction-scoped lock.
   */
  async countUploadsSinceLocked(executor: DbExecutor, userId: string, since: Date): Promise<number> {
    await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`housing.photo-uploads:${userId}`}))`);
    const [row] = await executor
      .select({ n: count() })
      .from(flatPhotos)
      .where(and(eq(flatPhotos.uploadedBy, userId), gt(flatPhotos.createdAt, since)));
    return row?.n ?? 0;
  },

  /** The photos of these requests, each request's in its order. */
  async photosOf(executor: DbExecutor, flatIds: string[]): Promise<Map<string, PhotoRecord[]>> {
    const byFlat = new Map<string, PhotoRecord[]>();
    if (flatIds.length === 0) return byFlat;
    const rows = await executor
      .select()
      .from(flatPhotos)
      .where(inArray(flatPhotos.flatId, flatIds))
      .orderBy(asc(flatPhotos.position), asc(flatPhotos.createdAt));
    for (const row of rows as PhotoRecord[]) {
      const list = byFlat.get(row.flatId!) ?? [];
      list.push(row);
      byFlat.set(row.flatId!, list);
    }
    return byFlat;
  },

  /**
   * This user's uploads of these keys that are free or already on `flatId`, locked for the commit
   * that attaches them (a concurrent create naming the same upload waits, then finds it taken).
   */
  async claimable(
    executor: DbExecutor,
    keys: string[],
    userId: string,
    flatId: string | null,
  ): Promise<PhotoRecord[]> {
    if (keys.length === 0) return [];
    const rows = await executor
      .select()
      .from(flatPhotos)
      .where(
        and(
          inArray(flatPhotos.key, keys),
          eq(flatPhotos.uploadedBy, userId),
          flatId === null
            ? isNull(flatPhotos.flatId)
            : or(isNull(flatPhotos.flatId), eq(flatPhotos.flatId, flatId)),
        ),
      )
      .orderBy(asc(flatPhotos.createdAt))
      .for('update');
    return rows as PhotoRecord[];
  },

  /** Puts these photos on the request, in this order. */
  async attach(executor: DbExecutor, flatId: string, photoIds: string[]): Promise<void> {
    for (const [position, id] of photoIds.entries())
      await executor.update(flatPhotos).set({ flatId, position }).where(eq(flatPhotos.id, id));
  },

  /** Deletes these photos (and their blobs no other photo names). */
  async remove(executor: DbExecutor, photoIds: string[]) {
    if (photoIds.length === 0) return { photos: 0, blobs: 0 };
    return deleteRows(executor, inArray(flatPhotos.id, photoIds));
  },

  /** Deletes the photos of a request (its delete, a moderator's, its owner's account going). */
  async removeOfFlats(executor: DbExecutor, flatIds: string[]) {
    if (flatIds.length === 0) return { photos: 0, blobs: 0 };
    return deleteRows(executor, inArray(flatPhotos.flatId, flatIds));
  },

  /** Deletes every photo one user uploaded, on a request or not (their account is gone). */
  async forgetUploader(executor: DbExecutor, userId: string) {
    return deleteRows(executor, eq(flatPhotos.uploadedBy, userId));
  },

  /** Up to `batch` photos no request took, uploaded before `cutoff`, deleted (the prune job). */
  async pruneUnused(executor: DbExecutor, cutoff: Date, batch: number) {
    const ids = await executor
      .select({ id: flatPhotos.id })
      .from(flatPhotos)
      .where(and(isNull(flatPhotos.flatId), lt(flatPhotos.createdAt, cutoff)))
      .limit(batch)
      .for('update', { skipLocked: true });
    return this.remove(
      executor,
      ids.map((r) => r.id),
    );
  },

  /**
   * Who may see the blob `key`: each photo naming it (its variants), with its request's owner and
   * moderation state (null flat: uploaded, on no request yet).
   */
  async audience(
    executor: DbExecutor,
    key: string,
  ): Promise<Array<{ uploadedBy: string; moderation: 'visible' | 'hidden' | null }>> {
    const rows = await executor
      .select({ uploadedBy: flatPhotos.uploadedBy, moderation: flats.moderation })
      .from(flatPhotos)
      .leftJoin(flats, eq(flats.id, flatPhotos.flatId))
      .where(
        sql`exists (select 1 from jsonb_array_elements(${flatPhotos.variants}) v where v->>'key' = ${key})`,
      );
    return rows as Array<{ uploadedBy: string; moderation: 'visible' | 'hidden' | null }>;
  },
};
