import { identityApi } from '@campus/contracts/generated/identity-api';
import { apiClient } from '@campus/web-kit/api-client';
import { authStore } from '@campus/web-kit/auth-store';

/**
 * The stored user is only what the last login answered; the cookies may have expired since.
 * Asking who is signed in (identityApi.getSession) once at start lets the API client refresh the session or sign the user out.
 */
export function verifyStoredSession(): void {
  if (!authStore.getState().user) return;
  apiClient.call(identityApi.getSession).catch(() => {
    // A refused session already dispatched LOGOUT in the client; other failures keep the user.
  });
}
