import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import pino, { type Logger } from 'pino';
import { SMTPServer } from 'smtp-server';
import type { EventName, EventPayload } from '@campus/contracts/events';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { outgoingMail, preferences, scheduledJobs } from '../src/data/schema';

/** A message as the SMTP server received it: the envelope, the headers, both bodies decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Lower-case names; values unfolded and decoded (RFC 2047). */
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

/** Only what a message from this service uses: UTF-8 encoded words, Q or B. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const separator = raw.slice(at).match(/^\r?\n\r?\n/)![0];
  return { headers: parseHeaders(raw.slice(0, at)), body: raw.slice(at + separator.length) };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** A MIME message with a text/plain part and a text/html one (alternatives), or a single part. */
export function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text' | 'html'> {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const parts: Array<{ type: string; content: string }> = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitEntity(chunk.replace(/^\r?\n/, ''));
      parts.push({
        type: part.headers.get('content-type') ?? '',
        content: decodeBody(part.headers, part.body),
      });
    }
  } else parts.push({ type, content: decodeBody(headers, body) });
  const of = (mime: string) =>
    parts.find((p) => p.type.startsWith(mime))?.content.replace(/\r\n/g, '\n') ?? '';
  return { headers, subject: headers.get('subject') ?? '', text: of('text/plain'), html: of('text/html') };
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Recipients it refuses for good (550), as a real server does an unknown mailbox. */
  refuse: Set<string>;
  /** A slow server: from now on each message's data waits, unanswered, until `release`. */
  hold(): void;
  /** Answers the held messages (and the ones after) at once. */
  release(): void;
  /** Messages received and not answered yet (held). */
  readonly held: number;
  /** The messages received for `to`, once there are at least `count`. */
  waitForMail(to: string, count?: number): Promise<ReceivedMail[]>;
  mailTo(to: string): ReceivedMail[];
  /** Stops listening (the port stays ours to start again on: `listen`). */
  close(): Promise<void>;
  listen(): Promise<void>;
}

/**
 * A real SMTP server (the smtp-server package) on the loopback, plain SMTP, no authentication: what
 * the service under test sends to. It keeps every message it accepts.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  let port = 0;
  let gate: { opened: Promise<void>; open: () => void } | undefined;
  let held = 0;
  let server: SMTPServer | undefined;

  const listen = async () => {
    if (server?.server.listening) return;
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Stopping it (SMTP "down") drops the sender's open connection at once.
      closeTimeout: 50,
      onRcptTo(address, _session, callback) {
        if (!refuse.has(address.address)) return callback();
        const error = Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 });
        callback(error);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', async () => {
          if (gate) {
            held += 1;
            await gate.opened;
            held -= 1;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            ...parseMail(raw),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  };
  await listen();

  const mailTo = (to: string) => received.filter((mail) => mail.to.includes(to));
  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    received,
    refuse,
    hold() {
      let open = () => undefined as void;
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      gate = { opened, open };
    },
    release() {
      gate?.open();
      gate = undefined;
    },
    get held() {
      return held;
    },
    mailTo,
    waitForMail: (to, count = 1) =>
      waitFor(`${count} message(s) to ${to}`, () => mailTo(to), { until: (mails) => mails.length >= count }),
    close: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    listen,
  };
}

/** The service's clock: real time plus what a test moved it by (jobs compare it, timers stay real). */
export function movableClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

/** A logger whose lines a test can read (JSON lines, as the service writes them). */
export function capturedLogger(): {
  logger: Logger;
  lines: () => Array<Record<string, unknown>>;
  text: () => string;
} {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const text = () => chunks.join('');
  return {
    logger: pino({ level: 'info' }, sink),
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

export interface TestPerson {
  id: string;
  name: string;
  email: string;
}

export function person(name: string): TestPerson {
  const id = randomUUID();
  return { id, name, email: `${name.toLowerCase().replace(/\W+/g, '.')}.${id.slice(0, 8)}@campus.test` };
}

/** Publishes an event as its producer would and waits until the service handled it. */
export async function publish<N extends EventName>(
  h: ServiceHarness,
  name: N,
  payload: EventPayload<N>,
): Promise<void> {
  const envelope = {
    id: randomUUID(),
    name,
    occurredAt: new Date().toISOString(),
    producer: name.split('.')[0]!,
    payload,
  };
  await h.bus.publish(envelope);
  await h.waitForHandled(envelope.id);
}

/** Identity's word that someone exists, with the address their email goes to. */
export const register = (h: ServiceHarness, who: TestPerson, isTeacher = false) =>
  publish(h, 'identity.user.registered', { userId: who.id, name: who.name, email: who.email, isTeacher });

/** A comment on `postAuthor`'s post (anonymous unless `actorName`), which concerns them (and followers). */
export function commentOn(
  h: ServiceHarness,
  post: { id: string; title: string; author: TestPerson | null },
  options: { actorName?: string | null; followers?: TestPerson[]; commentId?: string } = {},
) {
  return publish(h, 'community.comment.created', {
    commentId: options.commentId ?? randomUUID(),
    postId: post.id,
    parentId: null,
    postTitle: post.title,
    actorName: options.actorName ?? null,
    concerns: {
      postAuthor: post.author?.id ?? null,
      parentAuthor: null,
      mentioned: [],
      followers: (options.followers ?? []).map((f) => f.id),
    },
  });
}

/** The queue's rows of one user, oldest first. */
export async function mailRows(h: ServiceHarness, userId: string) {
  return h.database.db
    .select()
    .from(outgoingMail)
    .where(eq(outgoingMail.userId, userId))
    .orderBy(outgoingMail.createdAt);
}

/** Waits until every queued mail of the user is done with (sent, skipped or given up). */
export function waitUntilDone(h: ServiceHarness, userId: string, count = 1) {
  return waitFor(`${count} mail row(s) of ${userId} done`, () => mailRows(h, userId), {
    until: (rows) => rows.length >= count && rows.every((row) => row.sentAt !== null),
  });
}

/** A user's stored choice for a kind, if any. */
export async function storedChoice(h: ServiceHarness, userId: string, kind: string) {
  const [row] = await h.database.db
    .select()
    .from(preferences)
    .where(and(eq(preferences.userId, userId), eq(preferences.kind, kind)));
  return row;
}

/** Waits until a scheduled job has run (after a reset, a job's first run comes at its next check). */
export function waitForJobRun(h: ServiceHarness, name: string, runs = 1) {
  return waitFor(
    `job ${name} to have run ${runs} time(s)`,
    async () => {
      const [row] = await h.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
      return row?.runs ?? 0;
    },
    { until: (n) => n >= runs },
  );
}
