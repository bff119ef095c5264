import { csvTable } from '@campus/contracts/csv';
import type { AttendeesResponse } from '@campus/contracts/events-domain';

/** The organiser's list as CSV: a header, then one row per answer (going, waitlist in order, interested), CRLF. */
export const attendeesCsv = (list: AttendeesResponse): string =>
  csvTable([
    ['Name', 'Status', 'Waitlist position', 'Responded at (UTC)'],
    ...list.attendees.map((a) => [a.name, a.status, a.waitlistPosition?.toString() ?? '', a.respondedAt]),
  ]);
