import { isIP } from 'node:net';
import { z } from 'zod';
import { baseEnv } from '@campus/service-kit/config';
import { SERVICE_NAMES, WEB_REMOTES } from './generated/platform-routes';
import { webRemoteUrlKey } from './web-route-table';
import type { WebUpstreams } from './web-proxy';

const ORIGIN_MESSAGE =
  'must be an origin: http(s), host and optional port, no path (e.g. https://campus.example)';

/**
 * An origin as browsers send it in `Origin`: scheme, host, optional port, nothing else. Normalised the
 * way browsers serialise it (lower-case host, default port dropped), so a plain string compare holds.
 */
const Origin = z
  .url({ protocol: /^https?$/, error: ORIGIN_MESSAGE })
  .refine((value) => {
    if (!URL.canParse(value)) return true; // z.url has reported it
    const url = new URL(value);
    return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  }, ORIGIN_MESSAGE)
  .transform((value) => new URL(value).origin);

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry Express's `trust proxy` understands: a named range, an address, or address/prefix|netmask. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return isIP(range) === family;
}

const webUrls = Object.fromEntries(
  WEB_REMOTES.map((name) => [
    webRemoteUrlKey(name),
    z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe(
        `Where the ${name} remote's container answers (with WEB_SHELL_URL); unset: /remotes/${name}/ is 404.`,
      ),
  ]),
);

const serviceUrls = Object.fromEntries(
  SERVICE_NAMES.map((name) => [
    `${name.toUpperCase()}_SERVICE_URL`,
    z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe(`Where the ${name} service answers; unset: its routes answer 503.`),
  ]),
);

export const GatewayConfig = z
  .object({
    PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .default(8080)
      .describe('TCP port the gateway listens on.'),
    HOST: z.string().default('0.0.0.0').describe('Address the gateway listens on.'),
    /**
     * Prometheus metrics (ADR 0120) on a port of their own, never on PORT: the public port is what the
     * Ingress exposes, and request counts by route are nobody's business outside. Unset: not served.
     */
    METRICS_PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .optional()
      .describe(
        'Port serving GET /metrics (Prometheus) on HOST, apart from the public PORT; unset: no metrics served.',
      ),
    /**
     * Express `trust proxy`: which hops in front of the gateway may report the client's address and
     * scheme (X-Forwarded-For/-Proto). A number counts the proxies in front (1 behind one TLS proxy: the
     * address it appends is the client's, whatever the client wrote before it); or addresses, CIDRs and
     * loopback|linklocal|uniquelocal, comma separated. Default: none, so clients' X-Forwarded-* are
     * ignored. 'true' (trust every hop) is refused: any client could then choose its own address.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .refine(
        (v) => v !== 'true',
        "'true' would let any client choose its address; give the number of proxies in front (e.g. 1) or their addresses",
      )
      .refine(
        (v) =>
          ['true', 'false', ''].includes(v) ||
          /^\d+$/.test(v) ||
          v.split(',').every((e) => isProxyAddress(e.trim())),
        'must be false, a number of proxy hops, or addresses/CIDRs/loopback/linklocal/uniquelocal, comma separated',
      )
      .transform((v): false | number | string =>
        ['false', ''].includes(v) ? false : /^\d+$/.test(v) ? Number(v) : v,
      )
      .describe(
        'Proxies in front of the gateway whose X-Forwarded-For/-Proto count: their number (1 behind one TLS proxy) or addresses/CIDRs; false: none.',
      ),
    /**
     * The origin users see in their address bar (e.g. https://campus.example behind a TLS proxy). When
     * set, it is the gateway's own origin for the Origin check and for X-Forwarded-Proto/-Host to the
     * services, instead of what the Host header and the connection say. Unset: derived per request.
     */
    PUBLIC_ORIGIN: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(Origin.optional())
      .describe(
        'The origin users open (https://campus.example): the own origin for the Origin check and what services are told. Unset: derived from each request.',
      ),
    LOG_LEVEL: baseEnv.LOG_LEVEL,
    JWT_PUBLIC_KEY: baseEnv.JWT_PUBLIC_KEY,
    OTEL_EXPORTER_OTLP_ENDPOINT: baseEnv.OTEL_EXPORTER_OTLP_ENDPOINT,
    /** Other origins allowed to send state-changing requests, comma separated; the gateway's own always is. */
    ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(Origin))
      .describe('Other origins allowed to send state-changing requests, comma separated.'),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024)
      .describe('Largest request body forwarded (413 above it).'),
    UPLOAD_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(21 * 1024 * 1024)
      .describe(
        'Largest body on upload routes (book PDFs up to 20 MB with their multipart framing; each service caps its own files lower).',
      ),
    UPSTREAM_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(10_000)
      .describe(
        'How long a service may take to start answering, counted from arrival, time waiting for a turn included (then 504).',
      ),
    /**
     * The admission gate in front of each service (ADR 0087): this many requests forwarded at once,
     * UPSTREAM_MAX_QUEUED more waiting their turn for at most UPSTREAM_QUEUE_TIMEOUT_MS, and beyond
     * that a 503 OVERLOADED with Retry-After at once, so a burst never takes the gateway down.
     */
    UPSTREAM_MAX_IN_FLIGHT: z.coerce
      .number()
      .int()
      .min(1)
      .default(256)
      .describe('Requests forwarded to one service at the same time; more wait in its queue.'),
    UPSTREAM_MAX_QUEUED: z.coerce
      .number()
      .int()
      .min(0)
      .default(1024)
      .describe('Requests waiting for a turn at one service; beyond it: 503 OVERLOADED with Retry-After.'),
    UPSTREAM_QUEUE_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1)
      .default(3_000)
      .describe(
        'Longest wait for a turn at a busy service (never past the route timeout); then 503 OVERLOADED.',
      ),
    /**
     * Event streams (server-sent events) are long-lived: they are counted apart from the admission
     * gate of short requests, each service up to this many open through one gateway.
     */
    UPSTREAM_MAX_STREAMS: z.coerce
      .number()
      .int()
      .min(0)
      .default(10_000)
      .describe(
        'Event streams (server-sent events) open to one service through this gateway at once, apart from UPSTREAM_MAX_IN_FLIGHT; beyond it: 503 OVERLOADED.',
      ),
    HEALTH_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(50)
      .default(1_000)
      .describe('How long /api/health and /api/docs wait for each service.'),
    /** ADR 0007: a logged-out session's access token is refused within about this long. */
    SESSION_REVOCATION_POLL_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(60_000)
      .default(1_000)
      .describe(
        'How often the gateway asks identity for ended sessions (logout), whose access tokens it then refuses (ms).',
      ),
    /** ADR 0007: requests a browser sent with the same lapsed cookies before the renewal's answer reached it. */
    SESSION_RENEWAL_SHARE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(10_000)
      .describe(
        'How long a session the gateway renewed answers other requests carrying the same refresh cookie (ms).',
      ),
    /**
     * Each frontend in its own container (production, ADR 0084): the shell's URL, and each remote's
     * in WEB_<NAME>_URL. Takes the place of WEB_ROOT.
     */
    WEB_SHELL_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe(
        "Where the shell's container answers; set: the frontends are forwarded to their containers, not read from WEB_ROOT.",
      ),
    ...webUrls,
    /** Folder with shell/ and remotes/<name>/ builds; absent means API only. */
    WEB_ROOT: z
      .string()
      .optional()
      .describe('Folder with the frontend builds (shell/, remotes/<name>/); unset: API only.'),
    /**
     * Behind TLS (production): adds HSTS and upgrade-insecure-requests. Off for plain-http local runs.
     * Refused with an http:// PUBLIC_ORIGIN, which it would make unreachable.
     */
    HTTPS_ONLY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true')
      .describe('Behind TLS: HSTS and upgrade-insecure-requests.'),
    /** Extra origins the CSP allows for scripts and styles (remotes served from a CDN). */
    CSP_EXTRA_ORIGINS: z
      .string()
      .default('')
      .transform((v) => v.split(/[\s,]+/).filter(Boolean))
      .describe('Extra origins the CSP allows for scripts and styles (remotes on a CDN).'),
    ...serviceUrls,
  })
  .superRefine((config, ctx) => {
    if (config.HTTPS_ONLY && config.PUBLIC_ORIGIN?.startsWith('http:'))
      ctx.addIssue({
        code: 'custom',
        path: ['HTTPS_ONLY'],
        message: `is true, but PUBLIC_ORIGIN ${config.PUBLIC_ORIGIN} is plain http: browsers would be sent to https`,
      });
  });
export type GatewayConfig = z.infer<typeof GatewayConfig>;

/** The frontends' containers, when WEB_SHELL_URL says they are deployed apart (else undefined). */
export function webUpstreamsFrom(config: GatewayConfig): WebUpstreams | undefined {
  if (!config.WEB_SHELL_URL) return undefined;
  const remotes = new Map<string, string>();
  for (const name of WEB_REMOTES) {
    const url = (config as Record<string, unknown>)[webRemoteUrlKey(name)];
    if (typeof url === 'string') remotes.set(name, url.replace(/\/$/, ''));
  }
  return { shell: config.WEB_SHELL_URL.replace(/\/$/, ''), remotes };
}

export function upstreamsFrom(config: GatewayConfig): Map<string, string> {
  const map = new Map<string, string>();
  for (const name of SERVICE_NAMES) {
    const url = (config as Record<string, unknown>)[`${name.toUpperCase()}_SERVICE_URL`];
    if (typeof url === 'string') map.set(name, url.replace(/\/$/, ''));
  }
  return map;
}

/**
 * Settings that start but are almost certainly not what the operator meant; logged at start. An https
 * public origin means a TLS proxy in front, and without TRUST_PROXY every client would then reach the
 * services (and their rate limits) as that proxy's one address.
 */
export function configWarnings(config: GatewayConfig): string[] {
  const warnings: string[] = [];
  if (config.PUBLIC_ORIGIN?.startsWith('https:') && !config.TRUST_PROXY)
    warnings.push(
      "PUBLIC_ORIGIN is https but TRUST_PROXY is not set: every client will appear as the TLS proxy's address (one shared rate-limit key). Set TRUST_PROXY to the number of proxies in front (usually 1).",
    );
  return warnings;
}
