import { escapeHtml, SETTINGS_PATH } from './mail-content';

/**
 * The small pages a person sees who opens an unsubscribe link in a browser: a question with one
 * button (a GET changes nothing, so a mail scanner that follows links unsubscribes nobody), then
 * the answer. Same-origin links only; the referrer policy lets the form's POST carry this site's
 * Origin (under the gateway's no-referrer it would say `null`, which its origin check refuses).
 */
function page(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="same-origin">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)} · Campus Connect</title>`,
    '<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #1a56db;background:#1a56db;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}a{color:#1a56db}</style>',
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(title)}</h1>`,
    body,
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}

const settingsLink = `<p><a href="${SETTINGS_PATH}">Open your notification settings</a></p>`;

export function confirmPage(what: string, token: string): string {
  return page(
    'Stop these emails?',
    [
      `<p>You will get no more emails for ${escapeHtml(what)}. Notifications in the app stay as they are.</p>`,
      `<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}">`,
      '<button type="submit">Unsubscribe</button>',
      '</form>',
      settingsLink,
    ].join('\n'),
  );
}

export function donePage(message: string): string {
  return page('You are unsubscribed', `<p role="status">${escapeHtml(message)}</p>\n${settingsLink}`);
}

export function invalidPage(message: string): string {
  return page('This link does not work', `<p role="alert">${escapeHtml(message)}</p>\n${settingsLink}`);
}
