import type { OutgoingMessage } from './mailer';

/** The most notifications one digest lists; the rest are "and N more" with a link to all of them. */
export const DIGEST_MAX_ITEMS = 20;
const SUBJECT_MAX = 140;
export const SETTINGS_PATH = '/notifications/settings';
export const ALL_NOTIFICATIONS_PATH = '/notifications';

/** Every character that means something in HTML, text or attribute, as an entity. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * A notification's link (a path in the app) made absolute on the public origin. Anything that is
 * not a plain path of this site (another host, `//host`, a scheme) becomes the notifications page.
 */
export function absoluteLink(origin: string, path: string): string {
  if (path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')) {
    try {
      const url = new URL(path, origin);
      if (url.origin === origin) return url.toString();
    } catch {
      // falls through to the page that lists everything
    }
  }
  return `${origin}${ALL_NOTIFICATIONS_PATH}`;
}

/** One line, no control characters, at most SUBJECT_MAX characters: what a subject may be. */
function subjectOf(text: string): string {
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001F\u007F\s]+/g, ' ').trim();
  return line.length > SUBJECT_MAX ? `${line.slice(0, SUBJECT_MAX - 1).trimEnd()}…` : line;
}

/** RFC 2369 and RFC 8058: the link mail clients show as "Unsubscribe" and may POST to at once. */
function listHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    // RFC 3834: a notification, not a person; vacation responders stay quiet.
    'Auto-Submitted': 'auto-generated',
    'X-Auto-Response-Suppress': 'All',
  };
}

function htmlPage(title: string, main: string, footer: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body>',
    `<main>${main}</main>`,
    `<footer>${footer}</footer>`,
    '</body>',
    '</html>',
  ].join('\n');
}

export interface MailLinks {
  origin: string;
  /** The one-click unsubscribe link of this message's kind (or of the digest). */
  unsubscribeUrl: string;
}

/** One notification, mailed at once. */
export function instantMessage(
  to: string,
  notification: { text: string; link: string },
  kindLabel: string,
  links: MailLinks,
): OutgoingMessage {
  const subject = subjectOf(notification.text);
  const link = absoluteLink(links.origin, notification.link);
  const settings = `${links.origin}${SETTINGS_PATH}`;
  const why = `You got this email because “${kindLabel}” is set to email you at once in your Campus Connect notification settings.`;
  const text = [
    notification.text,
    '',
    `Open it on Campus Connect: ${link}`,
    '',
    '-- ',
    why,
    `Change what you get: ${settings}`,
    `Stop emails like this one: ${links.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = htmlPage(
    subject,
    `<p>${escapeHtml(notification.text)}</p>\n<p><a href="${escapeHtml(link)}">Open it on Campus Connect</a></p>`,
    `<p>${escapeHtml(why)}</p>\n<p><a href="${escapeHtml(settings)}">Change what you get</a> · <a href="${escapeHtml(links.unsubscribeUrl)}">Stop emails like this one</a></p>`,
  );
  return { to, subject, text, html, headers: listHeaders(links.unsubscribeUrl) };
}

/** Several notifications, newest first, in the day's one message. */
export function digestMessage(
  to: string,
  items: ReadonlyArray<{ text: string; link: string }>,
  kindLabels: readonly string[],
  links: MailLinks,
): OutgoingMessage {
  const shown = items.slice(0, DIGEST_MAX_ITEMS);
  const more = items.length - shown.length;
  const all = `${links.origin}${ALL_NOTIFICATIONS_PATH}`;
  const settings = `${links.origin}${SETTINGS_PATH}`;
  const subject =
    items.length === 1
      ? 'Your Campus Connect digest: 1 new notification'
      : `Your Campus Connect digest: ${items.length} new notifications`;
  const why = `You got this daily digest because these are set to a daily email in your Campus Connect notification settings: ${kindLabels.join(', ')}.`;
  const entries = shown.map((item) => ({ text: item.text, link: absoluteLink(links.origin, item.link) }));
  const text = [
    'What happened on Campus Connect since your last digest, newest first:',
    '',
    ...entries.flatMap((entry) => [`* ${entry.text}`, `  ${entry.link}`, '']),
    ...(more > 0 ? [`... and ${more} more: ${all}`, ''] : []),
    '-- ',
    why,
    `Change what you get: ${settings}`,
    `Stop the daily digest: ${links.unsubscribeUrl}`,
    '',
  ].join('\n');
  const list = entries
    .map((entry) => `<li><a href="${escapeHtml(entry.link)}">${escapeHtml(entry.text)}</a></li>`)
    .join('\n');
  const html = htmlPage(
    subject,
    [
      '<h1>Your Campus Connect digest</h1>',
      '<p>What happened since your last digest, newest first:</p>',
      `<ul>\n${list}\n</ul>`,
      ...(more > 0 ? [`<p><a href="${escapeHtml(all)}">And ${more} more</a></p>`] : []),
    ].join('\n'),
    `<p>${escapeHtml(why)}</p>\n<p><a href="${escapeHtml(settings)}">Change what you get</a> · <a href="${escapeHtml(links.unsubscribeUrl)}">Stop the daily digest</a></p>`,
  );
  return { to, subject, text, html, headers: listHeaders(links.unsubscribeUrl) };
}
