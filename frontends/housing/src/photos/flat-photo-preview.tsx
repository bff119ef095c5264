import { lazy, Suspense, useState } from 'react';
import type { FlatRequest } from '@campus/contracts/housing';
import { flatPhotoAlt } from '@campus/contracts/housing-rules';
import styles from './flat-photos.module.css';
import { srcSetOf } from './photo-srcset';

// Loaded when a photo is opened: the room finder's first download stays within its budget.
const PhotoGalleryDialog = lazy(() => import('./photo-gallery-dialog'));

/**
 * A request's first photo on its card (issue 28): lazy, sized for the card (320 px on a 360 px phone,
 * 640 on a dense screen), its alt naming which photo of how many; pressing it opens every photo in
 * a gallery. Nothing at all when the request has no photos.
 */
export function FlatPhotoPreview({ flat }: { flat: FlatRequest }) {
  const [open, setOpen] = useState<number | null>(null);
  const first = flat.photoVariants[0];
  if (!first?.length) return null;
  const total = flat.photos.length;
  const shown = first[0]!;
  return (
    <>
      <button type="button" className={styles.preview} aria-haspopup="dialog" onClick={() => setOpen(0)}>
        <img
          className={styles.previewImage}
          src={shown.url}
          srcSet={srcSetOf(first)}
          sizes="(max-width: 40rem) calc(100vw - 2rem), 20rem"
          width={shown.width}
          height={shown.height}
          loading="lazy"
          decoding="async"
          alt={flatPhotoAlt(0, total, flat.name)}
        />
        {total > 1 && (
          <span className={styles.count} aria-hidden="true">
            1 / {total}
          </span>
        )}
      </button>
      {open !== null && (
        <Suspense fallback={null}>
          <PhotoGalleryDialog flat={flat} start={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
