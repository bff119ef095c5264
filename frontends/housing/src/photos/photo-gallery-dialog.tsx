import { useState, type KeyboardEvent } from 'react';
import type { FlatRequest } from '@campus/contracts/housing';
import { flatPhotoAlt } from '@campus/contracts/housing-rules';
import { Button } from '@campus/ui/button';
import { Modal } from '@campus/ui/modal';
import styles from './flat-photos.module.css';
import { srcSetOf } from './photo-srcset';

export interface PhotoGalleryDialogProps {
  flat: FlatRequest;
  /** The photo shown first (its index). */
  start: number;
  onClose: () => void;
}

/**
 * Every photo of a request, one at a time (issue 28): Previous / Next (and the arrow keys), a row
 * of thumbnails to jump to one, each photo's alt naming which of how many it is.
 */
export default function PhotoGalleryDialog({ flat, start, onClose }: PhotoGalleryDialogProps) {
  const total = flat.photos.length;
  const [index, setIndex] = useState(Math.min(start, total - 1));
  const variants = flat.photoVariants[index] ?? [];
  const largest = variants.at(-1);
  const go = (to: number) => setIndex((to + total) % total);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
  };

  return (
    <Modal open onClose={onClose} title={`Photos of ${flat.name}`} size="lg">
      {/* The arrow keys move between photos while focus is anywhere in the gallery. */}
      <div className={styles.gallery} onKeyDown={onKeyDown}>
        {largest && (
          <img
            className={styles.galleryImage}
            src={largest.url}
            srcSet={srcSetOf(variants)}
            sizes="(max-width: 60rem) 100vw, 56rem"
            width={largest.width}
            height={largest.height}
            alt={flatPhotoAlt(index, total, flat.name)}
          />
        )}
        {total > 1 && (
          <div className={styles.galleryNav}>
            <Button type="button" variant="secondary" onClick={() => go(index - 1)}>
              Previous<span className={styles.hiddenText}> photo</span>
            </Button>
            <p className={styles.position} aria-live="polite">
              {index + 1} of {total}
            </p>
            <Button type="button" variant="secondary" onClick={() => go(index + 1)}>
              Next<span className={styles.hiddenText}> photo</span>
            </Button>
          </div>
        )}
        {total > 1 && (
          <ul className={styles.thumbs} aria-label="All photos">
            {flat.photoVariants.map((photo, i) => (
              <li key={flat.photos[i]}>
                <button
                  type="button"
                  className={styles.thumbButton}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                >
                  <img
                    src={photo[0]?.url}
                    width={photo[0]?.width}
                    height={photo[0]?.height}
                    loading="lazy"
                    alt={flatPhotoAlt(i, total, flat.name)}
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
