import { Navigate } from 'react-router-dom';
import type { SessionUser } from '@campus/web-kit/auth-store';
import { RETURN_PARAM } from '@campus/web-kit/login-return-path';

/**
 * Where a signed-in user belongs: the profile form until it is filled in (carrying `next` on), then
 * the page they came from (`next`, already checked by web-kit's safeReturnPath), else the feature grid.
 */
export function signedInHomeOf(user: SessionUser, next?: string): string {
  if (!user.isFirstTime) return next ?? '/feature';
  // The profile form first; it carries the return path and goes there once saved.
  return next ? `/commondataform?${RETURN_PARAM}=${encodeURIComponent(next)}` : '/commondataform';
}

/** Sends a signed-in user on from a guest's screen (login, register), replacing it so Back does not loop. */
export function SignedInRedirect({ user, next }: { user: SessionUser; next?: string }) {
  return <Navigate to={signedInHomeOf(user, next)} replace />;
}
