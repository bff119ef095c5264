import { operationUrl } from '@campus/contracts/api-operation';
import type { CampusEvent } from '@campus/contracts/events-domain';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { eventsApi } from '@campus/contracts/generated/events-api';
import { eventTitle } from './event-text';

/**
 * 'Add to calendar': downloads the event as an .ics file (issue 27) that any calendar app opens.
 * Only a dated event that is not hidden has one (the service answers 404 for the others).
 */
export function AddToCalendarLink({ event, className }: { event: CampusEvent; className?: string }) {
  if (!event.startsAt || !event.endsAt || event.moderation) return null;
  return (
    <a
      className={className}
      href={operationUrl(eventsApi.getEventCalendarEntry, { params: { id: event._id } })}
      download
      aria-label={`${EVENTS_MESSAGES.addToCalendar}: ${eventTitle(event)}`}
    >
      {EVENTS_MESSAGES.addToCalendar}
    </a>
  );
}
