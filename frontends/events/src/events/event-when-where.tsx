import type { CampusEvent } from '@campus/contracts/events-domain';
import { EVENT_TIME_ZONE, eventWhenText } from '@campus/contracts/events-domain-rules';
import styles from './event-when-where.module.css';

/**
 * When and where an event is (times in the campus's zone, Asia/Kolkata, whatever the phone's zone),
 * as one short block under its title; nothing for an undated event without a venue (the spec's).
 */
export function EventWhenWhere({ event, className }: { event: CampusEvent; className?: string }) {
  const when = eventWhenText(event);
  if (!when && !event.venue) return null;
  return (
    <p className={[styles.whenWhere, className].filter(Boolean).join(' ')}>
      {when && event.startsAt && (
        <time dateTime={event.startsAt} title={`Times in ${EVENT_TIME_ZONE}`} className={styles.when}>
          {when}
        </time>
      )}
      {event.venue && (
        <span className={styles.where} dir="auto">
          {event.venue}
        </span>
      )}
    </p>
  );
}
