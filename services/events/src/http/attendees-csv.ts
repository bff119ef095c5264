import type { AttendeesResponse } from '@campus/contracts/events-domain';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break (quotes doubled),
 * and a cell a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage
 * return before one) is prefixed with ' so it stays text (OWASP CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The organiser's list as CSV: a header, then one row per answer (going, waitlist in order, interested), CRLF. */
export function attendeesCsv(list: AttendeesResponse): string {
  const rows = [
    ['Name', 'Status', 'Waitlist position', 'Responded at (UTC)'],
    ...list.attendees.map((a) => [a.name, a.status, a.waitlistPosition?.toString() ?? '', a.respondedAt]),
  ];
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
