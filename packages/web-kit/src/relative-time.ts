import { lazyValue } from '@campus/web-kit/lazy-value';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dateFormat = lazyValue(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
);

/**
 * When something happened, as a feed says it: "just now", "5 min ago", "3 h ago", "yesterday",
 * "4 days ago", and from a week on the date ("12 Mar 2026"). A time a little ahead of this device's
 * clock (a server's clock runs ahead) is "just now".
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const ago = now - at;
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  const days = Math.floor(ago / DAY);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return dateFormat().format(at);
}
