import { eq } from 'drizzle-orm';
import { customType, integer, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../db';
import type { BlobStore, StoredBlob } from './blob-store';

/** bytea, as a Buffer on both drivers (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/**
 * The blob table, declared by a service in its own `data/schema.ts`
 * (`export const blobs = blobTable(eventsSchema)`) so drizzle-kit puts it in that service's
 * migrations, like the outbox. Rows are written once and never updated.
 */
export function blobTable(schema: PgSchema) {
  return schema.table('blobs', {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  });
}

export type BlobTable = ReturnType<typeof blobTable>;

/**
 * The blob store in the service's own PostgreSQL database: every replica reads the same rows, and
 * the files go wherever the database's backups go. Pass a transaction as `db` to store blobs in the
 * same commit as the row that refers to them.
 */
export function createPostgresBlobStore(options: { db: DbExecutor; table: BlobTable }): BlobStore {
  const { db, table } = options;
  return {
    async put(blob) {
      await db
        .insert(table)
        .values({ key: blob.key, contentType: blob.contentType, size: blob.bytes.length, bytes: blob.bytes })
        .onConflictDoNothing({ target: table.key });
    },
    async get(key): Promise<StoredBlob | undefined> {
      const [row] = await db.select().from(table).where(eq(table.key, key)).limit(1);
      return row
        ? {
            key: row.key,
            contentType: row.contentType,
            bytes: row.bytes,
            size: row.size,
            createdAt: row.createdAt,
          }
        : undefined;
    },
    async delete(key) {
      await db.delete(table).where(eq(table.key, key));
    },
  };
}
