import { z } from 'zod';
import { SERVICE_NAMES } from './route-table';

const serviceUrls = Object.fromEntries(
  SERVICE_NAMES.map((name) => [
    `${name.toUpperCase()}_SERVICE_URL`,
    z.url({ protocol: /^https?$/ }).optional(),
  ]),
);

export const GatewayConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Express `trust proxy`: which hops in front of the gateway may report the client address
   * (e.g. '1' behind one load balancer). Default: none, so X-Forwarded-For from clients is ignored.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => (v === 'false' ? false : v === 'true' ? true : /^\d+$/.test(v) ? Number(v) : v)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_PUBLIC_KEY: z.string().min(1, 'the PEM public key that verifies access tokens is required'),
  /** Origins allowed to send state-changing requests, comma separated; the gateway's own origin always is. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(6 * 1024 * 1024),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  HEALTH_TIMEOUT_MS: z.coerce.number().int().min(50).default(1_000),
  /** Folder with shell/ and remotes/<name>/ builds; absent means API only. */
  WEB_ROOT: z.string().optional(),
  /** Behind TLS (production): adds HSTS and upgrade-insecure-requests. Off for plain-http local runs. */
  HTTPS_ONLY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Extra origins the CSP allows for scripts and styles (remotes served from a CDN). */
  CSP_EXTRA_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(/[\s,]+/).filter(Boolean)),
  ...serviceUrls,
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;

export function upstreamsFrom(config: GatewayConfig): Map<string, string> {
  const map = new Map<string, string>();
  for (const name of SERVICE_NAMES) {
    const url = (config as Record<string, unknown>)[`${name.toUpperCase()}_SERVICE_URL`];
    if (typeof url === 'string') map.set(name, url.replace(/\/$/, ''));
  }
  return map;
}
