import { Navigate } from 'react-router-dom';
import type { SessionUser } from '@campus/web-kit/auth-store';

/** Where a signed-in user belongs: the profile form until it is filled in, then the feature grid. */
export function signedInHomeOf(user: SessionUser): string {
  return user.isFirstTime ? '/commondataform' : '/feature';
}

/** Sends a signed-in user on from a guest's screen (login, register), replacing it so Back does not loop. */
export function SignedInRedirect({ user }: { user: SessionUser }) {
  return <Navigate to={signedInHomeOf(user)} replace />;
}
