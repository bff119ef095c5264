import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of the submitted faculty code with the configured one (both trimmed). */
export function isValidTeacherCode(submitted: string | undefined, expected: string): boolean {
  const digest = (v: string) => createHash('sha256').update(v.trim()).digest();
  return timingSafeEqual(digest(submitted ?? ''), digest(expected)) && (submitted ?? '').trim().length > 0;
}
