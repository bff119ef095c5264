import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { AuthUser } from '@campus/service-kit/auth';
import type { EventViewer } from '../data/event-store';

/**
 * The client's address as one viewer: IPv4 as is, IPv6 by its /56 (one host or household holds a
 * whole /64 or more, so a script could otherwise be a new guest per address; as express-rate-limit's
 * ipKeyGenerator groups them for identity's limits).
 */
export function addressOf(ip: string): string {
  const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIPv4(mapped) || !isIPv6(mapped)) return mapped;
  const [head = '', tail] = mapped.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const all = [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t].map(
    (g) => parseInt(g, 16) || 0,
  );
  return `${all
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(':')}:${((all[3] ?? 0) & 0xff00).toString(16)}::/56`;
}

const hash = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 32);

/** Who opens an event, as the HTTP layer sees them. */
export interface ViewRequest {
  user: AuthUser | undefined;
  /** The client's address (Express's req.ip: X-Forwarded-For as the gateway sets it). */
  ip: string | undefined;
  userAgent: string | undefined;
}

/** How `event_views` names a signed-in viewer: what their account's export reads and its deletion removes. */
export const userViewerKey = (userId: string) => `u:${userId}`;

/**
 * Who is viewing, for counting a view once per viewer per event per day (UTC): a signed-in user by
 * their id; a guest by a hash of the day, the client's address and the user agent. The day is in
 * the hash, so rows of different days cannot be linked, and nothing stored names an address.
 */
export function eventViewerOf(request: ViewRequest, now: Date): EventViewer {
  const day = now.toISOString().slice(0, 10);
  if (request.user) return { day, key: userViewerKey(request.user.id) };
  const address = addressOf(request.ip ?? '');
  return {
    day,
    key: `g:${hash(day, address, request.userAgent ?? '')}`,
    address: hash(day, address),
  };
}
