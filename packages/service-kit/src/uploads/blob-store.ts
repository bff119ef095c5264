/**
 * Where uploaded files live: a key-value store of immutable blobs. PostgreSQL by default
 * (postgres-blob-store.ts: any replica of a service serves any file, backups include them); an
 * S3-compatible store can implement the same interface later without touching a service's routes.
 */
export interface BlobToStore {
  /** Content-addressed (`<sha256>.<ext>`, see contentAddressedKey), so a key never changes meaning. */
  key: string;
  contentType: string;
  bytes: Buffer;
}

export interface StoredBlob extends BlobToStore {
  size: number;
  createdAt: Date;
}

export interface BlobStore {
  /** Stores a blob; storing the same key again is a no-op (same key, same bytes). */
  put(blob: BlobToStore): Promise<void>;
  /** The blob, or undefined when there is none under that key. */
  get(key: string): Promise<StoredBlob | undefined>;
  /** Removes a blob; removing one that is not there is not an error. */
  delete?(key: string): Promise<void>;
}

/** Keys a store accepts: a sha256 and an image extension, so a key is never a path or a pattern. */
export const BLOB_KEY_PATTERN = /^[a-f0-9]{64}\.(?:webp|jpg|png|gif|avif)$/;
