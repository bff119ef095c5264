import { sql } from 'drizzle-orm';
import type { DbExecutor } from '@campus/service-kit/db';
import { blobs, posters } from './schema';

/** One poster a user uploaded: when, and the bytes its variants take in the blob store. */
export interface PosterUpload {
  createdAt: Date;
  bytes: number;
}

/** The user's posters uploaded after `since`, oldest first, each with its stored bytes. */
export async function posterUploadsSince(
  executor: DbExecutor,
  userId: string,
  since: Date,
): Promise<PosterUpload[]> {
  const result = (await executor.execute(sql`
      select p.created_at,
        (select coalesce(sum(b.size), 0) from ${blobs} b
          where b.key in (select v->>'key' from jsonb_array_elements(p.variants) v)) as bytes
      from ${posters} p
      where p.uploaded_by = ${userId} and p.created_at > ${since.toISOString()}::timestamptz
      order by p.created_at`)) as {
    rows: Array<{ created_at: Date | string; bytes: number | string | null }>;
  };
  return result.rows.map((r) => ({ createdAt: new Date(r.created_at), bytes: Number(r.bytes ?? 0) }));
}

/** Waits until the user's other uploads in flight (on any replica) end: a transaction-scoped advisory lock. */
export async function lockPosterUploadsOf(tx: DbExecutor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`events.poster-quota:${userId}`}))`);
}
