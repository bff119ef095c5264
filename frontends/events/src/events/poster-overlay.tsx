import type { CampusEvent } from '@campus/contracts/events-domain';
import { Modal } from '@campus/ui/modal';
import { PosterImage } from './poster-image';
import { eventTitle, posterAlt } from './event-text';
import styles from './poster-overlay.module.css';
import { RegisterNowLink } from './register-now-link';

export interface PosterOverlayProps {
  event: CampusEvent | null;
  onClose: () => void;
}

/**
 * The full-screen zoomed poster (spec: Events): closed by the backdrop, the close button or Escape;
 * focus stays inside while open and returns to what opened it.
 */
export function PosterOverlay({ event, onClose }: PosterOverlayProps) {
  return (
    <Modal
      open={event !== null}
      onClose={onClose}
      variant="overlay"
      title={event ? eventTitle(event) : ''}
      closeLabel="Close poster"
    >
      {event && (
        <figure className={styles.figure}>
          <PosterImage
            event={event}
            sizes="100vw"
            alt={posterAlt(event)}
            priority
            className={styles.poster}
          />
          <figcaption className={styles.caption}>
            <span className={styles.title}>{eventTitle(event)}</span>
            <RegisterNowLink event={event} className={styles.register} />
          </figcaption>
        </figure>
      )}
    </Modal>
  );
}
