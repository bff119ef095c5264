import type { CampusEvent } from '@campus/contracts/events-domain';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';

/** The title to show: the event's, or a fallback for events posted without one (the spec's form never asked). */
export const eventTitle = (event: CampusEvent) => event.title?.trim() || EVENTS_MESSAGES.untitled;
export const eventDescription = (event: CampusEvent) =>
  event.description?.trim() || EVENTS_MESSAGES.noDescription;
export const posterAlt = (event: CampusEvent) => `Poster: ${eventTitle(event)}`;
