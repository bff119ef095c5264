import type { CampusEvent } from '@campus/contracts/events-domain';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { Badge } from '@campus/ui/badge';
import { EditedMark } from '@campus/web-kit/edited-mark';
import { EventActions } from '../manage/event-actions';
import { PosterImage } from './poster-image';
import { eventTitle, posterAlt } from './event-text';
import styles from './event-card.module.css';
import { RegisterNowLink } from './register-now-link';
import { EventWhenWhere } from './event-when-where';
import { isFull, rsvpSummary } from './rsvp-buttons';

export interface EventCardProps {
  event: CampusEvent;
  onOpen: (event: CampusEvent) => void;
  /** The grid's first poster when no carousel is above it. */
  priority?: boolean;
}

const viewsLabel = (view: number) => `${view} ${view === 1 ? 'view' : 'views'}`;

/**
 * An 'Upcoming Events' card: poster, view count badge, title, Register Now and, when the event
 * has one, Follow (Instagram). The card opens the zoomed poster (its poster button for keyboards).
 */
export function EventCard({ event, onOpen, priority = false }: EventCardProps) {
  const title = eventTitle(event);
  return (
    <li className={styles.card} onClick={() => onOpen(event)}>
      <button
        type="button"
        className={styles.posterButton}
        onClick={(e) => {
          e.stopPropagation();
          onOpen(event);
        }}
        aria-label={`Open the poster of ${title}`}
      >
        <PosterImage
          event={event}
          sizes="(min-width: 1024px) 18rem, (min-width: 640px) 45vw, calc(100vw - 2rem)"
          alt={posterAlt(event)}
          priority={priority}
          className={styles.poster}
        />
      </button>
      <Badge tone="info" className={styles.views}>
        {viewsLabel(event.view)}
      </Badge>
      <div className={styles.body}>
        <h3 className={styles.title} dir="auto">
          {title}
        </h3>
        <EventWhenWhere event={event} />
        {rsvpSummary(event) && (
          <p className={styles.meta}>
            {isFull(event) && (
              <Badge tone="warning" className={styles.full}>
                {EVENTS_MESSAGES.full}
              </Badge>
            )}
            {rsvpSummary(event)}
          </p>
        )}
        {event.editedAt && (
          <p className={styles.meta}>
            <EditedMark editedAt={event.editedAt} />
          </p>
        )}
        <div className={styles.links} onClick={(e) => e.stopPropagation()}>
          <RegisterNowLink event={event} className={styles.register} />
          {event.instagramLink && (
            <a
              className={styles.follow}
              href={event.instagramLink}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Follow ${title} on Instagram`}
            >
              Follow
            </a>
          )}
        </div>
        <EventActions event={event} />
      </div>
    </li>
  );
}
