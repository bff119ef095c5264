import type { RequestHandler } from 'express';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Logger } from 'pino';
import { PERSONAL_DATA_ARCHIVE_PATH } from '@campus/contracts/privacy';
import { readAccessToken } from '@campus/service-kit/auth';
import { PersonalDataExport, personalDataExportPath } from '@campus/service-kit/personal-data';
import { SERVICE_NAMES } from './generated/platform-routes';
import { sendJsonError } from './json-error';
import { resolveRoute } from './route-table';

/** GET /api/me/export: the gateway's own route, answered here and never forwarded. */
export const DATA_EXPORT_PATH = PERSONAL_DATA_ARCHIVE_PATH;

/**
 * The services holding personal data: those that declare `GET /api/me/export/<name>` (the kit adds
 * it for a service returning `personalData`), as the generated route table routes it to them.
 */
export function servicesWithPersonalData(names: ReadonlyArray<string> = SERVICE_NAMES): string[] {
  return names.filter((name) => resolveRoute(personalDataExportPath(name))?.service === name);
}

/** What each file in the archive is, for README.txt; a service not listed here is described by its name. */
const WHAT_EACH_FILE_IS: Record<string, string> = {
  identity: 'your account: name, email, role (student or teacher) and when you joined. Never your password.',
  library: 'the books and notes you shared and their reviews, your likes and bookmarks.',
  profile: 'your profile: branch, graduation year and enrollment number, or department and subjects.',
  community: 'your posts and comments, your votes and follows, and your pledges.',
  careers: 'the job posts and interview experiences you wrote.',
  housing: 'the flat requests you posted.',
  events: 'the events you created, their posters, and the events you viewed.',
  notifications: 'the notifications you received, your notification settings and the mail sent to you.',
  moderation:
    'the reports you made, what moderation knows of what you wrote, and your actions as a moderator.',
};

const day = (at: Date) => at.toISOString().slice(0, 10);

function readme(at: Date, services: ReadonlyArray<string>): string {
  const lines = [
    'Campus Connect: your data',
    '',
    `Made on ${at.toISOString()} (UTC), at your request, from every part of Campus Connect that holds`,
    'something about you. Each file is that part\'s answer, in JSON: "files" holds its documents by name,',
    '"exportedAt" says when that part read them.',
    '',
    ...services.map((s) => `${s}.json: ${WHAT_EACH_FILE_IS[s] ?? `what the ${s} service holds about you.`}`),
    '',
    'To correct something, edit it where you see it on Campus Connect. To delete your account and',
    'what you wrote, use "Delete my account" on your profile page. The privacy page (/privacy) says',
    'what is collected, why, for how long, and whom to contact.',
    '',
  ];
  return lines.join('\r\n');
}

class ExportUnavailable extends Error {}

/**
 * Gathers the signed-in user's data from every service holding some, through each one's own API
 * (`GET /api/me/export/<name>`, with the caller's access token, so a service answers for that user
 * only), and answers one ZIP: `<service>.json` per service and a README.txt. All or nothing: if any
 * service fails, times out or answers something else than its export, the answer is a 503 with a
 * sentence, never an archive that silently lacks a part.
 */
export function dataExport(options: {
  upstreams: ReadonlyMap<string, string>;
  timeoutMs: number;
  logger: Logger;
  now?: () => Date;
  services?: ReadonlyArray<string>;
}): RequestHandler {
  const now = options.now ?? (() => new Date());
  const services = options.services ?? servicesWithPersonalData();

  async function fetchExport(service: string, token: string, requestId: string | undefined) {
    const base = options.upstreams.get(service);
    if (!base) throw new ExportUnavailable(`${service}: no upstream configured`);
    let res: Response;
    try {
      res = await fetch(`${base}${personalDataExportPath(service)}`, {
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(requestId ? { 'x-request-id': requestId } : {}),
        },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      throw new ExportUnavailable(`${service}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new ExportUnavailable(`${service}: answered ${res.status}`);
    }
    const parsed = PersonalDataExport.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success || parsed.data.service !== service)
      throw new ExportUnavailable(`${service}: answered something else than its export`);
    return parsed.data;
  }

  return async (req, res) => {
    const token = readAccessToken(req);
    // The token check has run: a present token is valid and not revoked, and req.user is set.
    if (!req.user || !token)
      return sendJsonError(res, 401, 'UNAUTHENTICATED', 'Please log in to download your data.');
    const requestId = req.headers['x-request-id'] as string | undefined;
    const at = now();
    let answers: Awaited<ReturnType<typeof fetchExport>>[];
    try {
      answers = await Promise.all(services.map((s) => fetchExport(s, token, requestId)));
    } catch (err) {
      options.logger.warn(
        { err: err instanceof Error ? err.message : String(err), reqId: requestId },
        'data export failed',
      );
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('Retry-After', '60');
      return sendJsonError(
        res,
        503,
        'EXPORT_UNAVAILABLE',
        'We could not gather your data from every part of Campus Connect just now, so no archive was made. Please try again in a few minutes.',
      );
    }
    const files: Zippable = { 'README.txt': strToU8(readme(at, services)) };
    for (const answer of answers)
      files[`${answer.service}.json`] = strToU8(`${JSON.stringify(answer, null, 2)}\n`);
    const zip = zipSync(files, { level: 6, mtime: at });
    res.writeHead(200, {
      'content-type': 'application/zip',
      'content-length': zip.byteLength,
      'content-disposition': `attachment; filename="campus-connect-data-${day(at)}.zip"`,
      'cache-control': 'private, no-store',
    });
    res.end(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  };
}
