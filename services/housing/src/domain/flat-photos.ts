import type { IncomingMessage } from 'node:http';
import type { FlatPhotoUploadResponse, FlatPhotoVariant } from '@campus/contracts/housing';
import {
  FLAT_MESSAGES,
  FLAT_PHOTO_MAX_BYTES,
  FLAT_PHOTO_WIDTHS,
  flatPhotoKeyOf,
  flatPhotoPath,
} from '@campus/contracts/housing-rules';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db, DbExecutor } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import {
  DEFAULT_IMAGE_POLICY,
  processImageUpload,
  sniffImageType,
  type ImagePolicy,
} from '@campus/service-kit/uploads/image-variants';
import { createPostgresBlobStore } from '@campus/service-kit/uploads/postgres-blob-store';
import { readSingleFileUpload } from '@campus/service-kit/uploads/read-single-file-upload';
import { photoStore, type PhotoRecord } from '../data/photo-store';
import { blobs, type StoredPhotoVariant } from '../data/schema';

/** Photos: WebP only, three widths (a 360 px card at 1x and 2x, the gallery). */
export const PHOTO_POLICY: ImagePolicy = {
  ...DEFAULT_IMAGE_POLICY,
  widths: FLAT_PHOTO_WIDTHS,
  formats: ['webp'],
};

/** Photos one user may upload in any hour (on a request or not): six requests' worth. */
export const PHOTO_UPLOADS_PER_HOUR = 36;
const HOUR_MS = 60 * 60 * 1000;

/** The multipart field the upload reads. */
export const PHOTO_FIELD = 'photo';

const toVariants = (variants: StoredPhotoVariant[]): FlatPhotoVariant[] =>
  variants.map((v) => ({ url: flatPhotoPath(v.key), width: v.width, height: v.height }));

/** A request's photos as answered: the URLs in order and, beside them, each one's variants. */
export const photosAnswer = (photos: PhotoRecord[] = []) => ({
  photos: photos.map((p) => flatPhotoPath(p.key)),
  photoVariants: photos.map((p) => toVariants(p.variants)),
});

const unknownPhoto = () =>
  new AppError(400, 'PHOTO_UNKNOWN', FLAT_MESSAGES.photoUnknown, [
    { path: 'photos', message: FLAT_MESSAGES.photoUnknown },
  ]);

const quotaRefusal = () =>
  AppError.retryLater(
    429,
    'UPLOAD_QUOTA_EXCEEDED',
    `You have uploaded ${PHOTO_UPLOADS_PER_HOUR} photos in the last hour, the most allowed. Please try again later.`,
    HOUR_MS / 1000 / 4,
  );

/**
 * Photos on flat requests (issue 28), through the kit's image pipeline: uploaded by a signed-in user,
 * judged by their bytes, re-encoded to WebP widths with no metadata (no EXIF, no GPS), stored in the
 * service's database, then put on a request by its create or edit (only its owner's uploads, at
 * most FLAT_PHOTOS_MAX). A photo no request took is pruned after a day (prune-photos.ts).
 */
export function createFlatPhotos(deps: { db: Db; now: () => Date }) {
  return {
    /** One photo from a multipart body (field `photo`), stored with its uploader in one commit. */
    async upload(user: AuthUser, req: IncomingMessage): Promise<FlatPhotoUploadResponse> {
      const since = () => new Date(deps.now().getTime() - HOUR_MS);
      if ((await photoStore.countUploadsSinceLocked(deps.db, user.id, since())) >= PHOTO_UPLOADS_PER_HOUR) {
        req.resume();
        throw quotaRefusal();
      }
      const { file } = await readSingleFileUpload(req, {
        field: PHOTO_FIELD,
        maxBytes: FLAT_PHOTO_MAX_BYTES,
        missingMessage: FLAT_MESSAGES.photoRequired,
      });
      await sniffImageType(file.bytes);
      const image = await processImageUpload(file.bytes, PHOTO_POLICY);
      const variants = image.variants
        .map((v) => ({ key: v.key, width: v.width, height: v.height }))
        .sort((a, b) => a.width - b.width);
      const largest = variants.at(-1);
      if (!largest) throw new AppError(422, 'IMAGE_UNREADABLE', 'The image could not be read.');
      await deps.db.transaction(async (tx) => {
        if ((await photoStore.countUploadsSinceLocked(tx, user.id, since())) >= PHOTO_UPLOADS_PER_HOUR)
          throw quotaRefusal();
        const store = createPostgresBlobStore({ db: tx, table: blobs });
        for (const variant of image.variants) await store.put(variant);
        await photoStore.insertUpload(tx, {
          key: largest.key,
          uploadedBy: user.id,
          variants,
          createdAt: deps.now(),
        });
      });
      return { url: flatPhotoPath(largest.key), variants: toVariants(variants) };
    },

    /**
     * Makes `urls` the photos of request `flatId`, in that order, in `tx`: each must be this user's
     * upload, free or already on this request (else 400 PHOTO_UNKNOWN); photos it had that the list
     * leaves out are deleted with their blobs. The photos it has now.
     */
    async setPhotos(tx: DbExecutor, user: AuthUser, flatId: string, urls: string[]): Promise<PhotoRecord[]> {
      const keys = urls.map(flatPhotoKeyOf);
      if (keys.some((k) => k === undefined)) throw unknownPhoto();
      const candidates = await photoStore.claimable(tx, keys as string[], user.id, flatId);
      const chosen: PhotoRecord[] = [];
      for (const key of keys) {
        // The photo already on this request first, else the oldest free upload of that image.
        const photo =
          candidates.find((p) => p.key === key && p.flatId === flatId && !chosen.includes(p)) ??
          candidates.find((p) => p.key === key && p.flatId === null && !chosen.includes(p));
        if (!photo) throw unknownPhoto();
        chosen.push(photo);
      }
      const before = (await photoStore.photosOf(tx, [flatId])).get(flatId) ?? [];
      await photoStore.remove(
        tx,
        before.filter((p) => !chosen.some((c) => c.id === p.id)).map((p) => p.id),
      );
      await photoStore.attach(
        tx,
        flatId,
        chosen.map((p) => p.id),
      );
      return chosen.map((p, position) => ({ ...p, flatId, position }));
    },

    /**
     * How this reader may have the blob `key`: 'public' when a photo naming it is on no request yet
     * or on a visible one (or none names it: the blob store answers 404); 'private' (kept by no shared
     * cache) when it is on a hidden request and the reader is its owner or a teacher (who moderates
     * it); else 'denied', a 404 like a deleted one.
     */
    async access(key: string, user: AuthUser | undefined): Promise<'public' | 'private' | 'denied'> {
      const audience = await photoStore.audience(deps.db, key);
      if (audience.length === 0 || audience.some((p) => p.moderation !== 'hidden')) return 'public';
      return audience.some((p) => p.uploadedBy === user?.id) || user?.isTeacher ? 'private' : 'denied';
    },
  };
}

export type FlatPhotos = ReturnType<typeof createFlatPhotos>;
