import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What an unsubscribe link turns off: one kind's email, or ('digest') every kind the user gets in
 * the daily digest.
 */
export const DIGEST_SCOPE = 'digest';

export interface UnsubscribeScope {
  userId: string;
  /** A declared kind, or DIGEST_SCOPE. */
  kind: string;
}

const MAX_TOKEN_LENGTH = 512;

const mac = (secret: string, { userId, kind }: UnsubscribeScope) =>
  createHmac('sha256', secret).update(`unsubscribe\n${userId}\n${kind}`).digest();

/**
 * The token of a one-click unsubscribe link: who and what, then the HMAC-SHA256 of both with the
 * service's secret, each base64url (`<scope>.<mac>`). It carries no expiry: a link in an old email
 * keeps working, and changing UNSUBSCRIBE_SECRET voids them all.
 */
export function signUnsubscribeToken(secret: string, scope: UnsubscribeScope): string {
  const payload = Buffer.from(JSON.stringify([scope.userId, scope.kind])).toString('base64url');
  return `${payload}.${mac(secret, scope).toString('base64url')}`;
}

/** The scope a token names when its MAC is right (compared in constant time), else undefined. */
export function verifyUnsubscribeToken(
  secret: string | undefined,
  token: string | undefined,
): UnsubscribeScope | undefined {
  if (!secret || !token || token.length > MAX_TOKEN_LENGTH) return undefined;
  const [payload, given, ...rest] = token.split('.');
  if (!payload || !given || rest.length > 0) return undefined;
  let scope: UnsubscribeScope;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (
      !Array.isArray(parsed) ||
      parsed.length !== 2 ||
      typeof parsed[0] !== 'string' ||
      typeof parsed[1] !== 'string' ||
      !parsed[0] ||
      !parsed[1]
    )
      return undefined;
    scope = { userId: parsed[0], kind: parsed[1] };
  } catch {
    return undefined;
  }
  const expected = mac(secret, scope);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  return scope;
}
