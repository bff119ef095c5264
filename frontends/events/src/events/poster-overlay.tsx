import type { ReactNode } from 'react';
import type { CampusEvent } from '@campus/contracts/events-domain';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { Modal } from '@campus/ui/modal';
import { EditedMark } from '@campus/web-kit/edited-mark';
import { PosterImage } from './poster-image';
import { eventTitle, posterAlt } from './event-text';
import styles from './poster-overlay.module.css';
import { RegisterNowLink } from './register-now-link';
import { EventWhenWhere } from './event-when-where';
import { RsvpButtons } from './rsvp-buttons';
import { AddToCalendarLink } from './add-to-calendar-link';

export interface PosterOverlayProps {
  event: CampusEvent | null;
  onClose: () => void;
  /** Edit and Delete for its author, Report for everyone else. */
  actions?: ReactNode;
}

/**
 * The full-screen zoomed poster (spec: Events): closed by the backdrop, the close button or Escape;
 * focus stays inside while open and returns to what opened it. Its author's hidden event says why.
 */
export function PosterOverlay({ event, onClose, actions }: PosterOverlayProps) {
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
          {event.moderation && (
            <p className={styles.hidden} role="status">
              {EVENTS_MESSAGES.hiddenBy(event.moderation.reason)}
            </p>
          )}
          <PosterImage
            event={event}
            sizes="100vw"
            alt={posterAlt(event)}
            priority
            className={styles.poster}
          />
          <figcaption className={styles.caption}>
            <span className={styles.title}>
              {eventTitle(event)}
              <EditedMark editedAt={event.editedAt} className={styles.edited} />
            </span>
            <EventWhenWhere event={event} className={styles.whenWhere} />
            <RegisterNowLink event={event} className={styles.register} />
            <AddToCalendarLink event={event} className={styles.calendar} />
            {!event.moderation && <RsvpButtons event={event} />}
            {actions}
          </figcaption>
        </figure>
      )}
    </Modal>
  );
}
