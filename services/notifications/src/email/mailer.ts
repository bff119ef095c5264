import nodemailer from 'nodemailer';

/** One message, ready to go: plain text first, a minimal HTML alternative, its own headers. */
export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface Mailer {
  /**
   * Resolves once the SMTP server accepted the message; rejects with what went wrong (EABORT when
   * `signal` aborts it first, the process is stopping, or it took longer than the send timeout).
   */
  send(message: OutgoingMessage, signal?: AbortSignal): Promise<void>;
  /** Closes the pooled connections (the process stops sending). */
  close(): void;
}

/** How long the SMTP conversation may stall before the attempt fails (it is retried later). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** A message not accepted within this long is aborted (EABORT: a failed attempt, tried again later). */
export const DEFAULT_SEND_TIMEOUT_MS = 30_000;

/**
 * The process's one SMTP transport: pooled (a connection is kept between messages and closed after
 * a while idle), with bounded timeouts, no retries of its own (the mail job counts attempts and
 * backs off) and no access to files or URLs (a message never attaches anything).
 */
export function createSmtpMailer(options: { url: string; from: string; sendTimeoutMs?: number }): Mailer {
  const sendTimeoutMs = options.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
  // No single wait is longer than the whole message may take.
  const timeouts = Object.fromEntries(
    Object.entries(TIMEOUTS).map(([name, ms]) => [name, Math.min(ms, sendTimeoutMs)]),
  );
  const transport = nodemailer.createTransport(
    {
      url: options.url,
      pool: true,
      maxConnections: 2,
      maxRequeues: 0,
      idleTimeout: 30_000,
      ...timeouts,
      disableFileAccess: true,
      disableUrlAccess: true,
    },
    { from: options.from },
  );
  return {
    async send(message, signal) {
      // The whole conversation is bounded, not only each wait in it: the mail job's claim on a
      // batch is sized from this (mail-delivery.ts), so a slow server can never outlast it.
      const deadline = AbortSignal.timeout(sendTimeoutMs);
      await transport.sendMail({
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        textEncoding: 'quoted-printable',
      });
    },
    close: () => transport.close(),
  };
}

/** What a failed send means for the rest: this recipient only, or the server (every message now). */
export interface SendFailure {
  scope: 'recipient' | 'server';
  /** The server refused it for good (a 5xx): trying again cannot help. */
  permanent: boolean;
  /** For the queue and the logs: the code and the server's words, with any address taken out. */
  reason: string;
}

const ADDRESS = /[^\s<>@"',;:]+@[^\s<>@"',;:]+/g;

/** Takes addresses out of a text, so an error stored or logged never says who was written to. */
export const withoutAddresses = (text: string) => text.replace(ADDRESS, '<address>');

interface SmtpError {
  code?: unknown;
  responseCode?: unknown;
  permanent?: unknown;
  message?: unknown;
}

export function describeSendFailure(error: unknown): SendFailure {
  const e = (error ?? {}) as SmtpError;
  const code = typeof e.code === 'string' ? e.code : 'ERROR';
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const message = typeof e.message === 'string' ? e.message : String(error);
  const reason = withoutAddresses(`${code}${responseCode ? ` ${responseCode}` : ''}: ${message}`).slice(
    0,
    300,
  );
  // The server answered about this message (its recipient or content): the others may still go.
  const aboutThisMessage = (code === 'EENVELOPE' || code === 'EMESSAGE') && responseCode !== undefined;
  return {
    scope: aboutThisMessage ? 'recipient' : 'server',
    permanent: aboutThisMessage && e.permanent === true,
    reason,
  };
}
