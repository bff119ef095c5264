import { createHash } from 'node:crypto';
import type { Response } from 'express';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { CALENDAR_MAX_AGE_S, eventLink, ONLINE_VENUE } from '@campus/contracts/events-domain-rules';
import type { CalendarEntry } from '../domain/campus-events';

/** How often a subscribed calendar app is asked to fetch the campus feed again (seconds). */
const FEED_REFRESH_S = 60 * 60;

/**
 * Events as an iCalendar object (RFC 5545), written by ical-generator: VERSION, PRODID, CALSCALE and
 * METHOD:PUBLISH; each event a VEVENT with a stable UID (`<id>@<the public host>`), DTSTAMP and
 * LAST-MODIFIED (its last edit, so the same event gives the same bytes and the ETag holds),
 * DTSTART/DTEND in UTC, SUMMARY, LOCATION (its venue, or Online), DESCRIPTION (with its registration
 * link) and URL (the event in the app). The library escapes text (backslash, comma, semicolon, line
 * breaks) and folds lines at 75 octets without splitting a UTF-8 character; lines end in CRLF.
 */
export function eventsCalendar(
  entries: CalendarEntry[],
  options: { publicOrigin: string; name?: string },
): string {
  const host = new URL(options.publicOrigin).hostname || 'campus-connect';
  const calendar = ical({
    prodId: { company: 'Campus Connect', product: 'Campus events', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    scale: 'GREGORIAN',
    ...(options.name ? { name: options.name, ttl: FEED_REFRESH_S } : {}),
  });
  for (const entry of entries)
    calendar.createEvent({
      id: `${entry.id}@${host}`,
      sequence: entry.sequence,
      stamp: entry.updatedAt,
      created: entry.createdAt,
      lastModified: entry.updatedAt,
      start: entry.startsAt,
      end: entry.endsAt,
      summary: entry.title,
      location: entry.venue ?? ONLINE_VENUE,
      description: [entry.description, `Register: ${entry.registerLink}`].filter(Boolean).join('\n\n'),
      url: `${options.publicOrigin}${eventLink(entry.id)}`,
    });
  // Every content line ends in CRLF (RFC 5545 §3.1), the last one too.
  return `${calendar.toString()}\r\n`;
}

/**
 * Sends a calendar: text/calendar in UTF-8, kept CALENDAR_MAX_AGE_S by any cache (only what the
 * public list shows is in one), with a strong ETag of its bytes (a revalidation answers 304);
 * `filename` makes it a download (one event's "Add to calendar"), else it is shown inline (a feed).
 */
export function sendCalendar(res: Response, body: string, filename?: string): void {
  res.set({
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': `public, max-age=${CALENDAR_MAX_AGE_S}`,
    ETag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
    'X-Content-Type-Options': 'nosniff',
    ...(filename ? { 'Content-Disposition': `attachment; filename="${filename}"` } : {}),
  });
  // Express answers 304 itself when the request's If-None-Match matches the ETag (req.fresh).
  res.send(body);
}

/**
 * A safe download name from the title: ASCII letters, digits and dashes only (no quote, slash or
 * line break reaches the header), at most 60 of them, then `.ics`; 'event.ics' when nothing is left.
 */
export function calendarFilename(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
    .toLowerCase();
  return `${slug || 'event'}.ics`;
}
