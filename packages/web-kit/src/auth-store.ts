import type { UserId } from '@campus/contracts/common';

/** What the client keeps about the signed-in user: the login response, which holds no secrets. */
export interface SessionUser {
  _id: UserId;
  name: string;
  email?: string;
  isTeacher: boolean;
  isFirstTime?: boolean;
}

export interface AuthState {
  user: SessionUser | null;
  loading: boolean;
  error: unknown;
}

export type AuthAction =
  | { type: 'LOGIN_START' }
  | { type: 'LOGIN_SUCCESS'; payload: SessionUser }
  | { type: 'LOGIN_FAILURE'; payload: unknown }
  | { type: 'LOGOUT' };

export const USER_STORAGE_KEY = 'user';

/** The spec's auth transitions, exactly. */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'LOGIN_START':
      return { user: null, loading: true, error: null };
    case 'LOGIN_SUCCESS':
      return { user: action.payload, loading: false, error: null };
    case 'LOGIN_FAILURE':
      return { user: null, loading: false, error: action.payload };
    case 'LOGOUT':
      return { user: null, loading: false, error: null };
  }
}

function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate._id === 'string' && typeof candidate.name === 'string';
}

export function readStoredUser(storage: Storage | undefined): SessionUser | null {
  try {
    const raw = storage?.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSessionUser(parsed) ? { ...parsed, isTeacher: parsed.isTeacher === true } : null;
  } catch {
    return null;
  }
}

function writeStoredUser(storage: Storage | undefined, user: SessionUser | null): void {
  try {
    if (user) storage?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else storage?.removeItem(USER_STORAGE_KEY);
  } catch {
    // Storage can be full or disabled (private mode); the in-memory state still works.
  }
}

export interface AuthStore {
  getState(): AuthState;
  dispatch(action: AuthAction): void;
  subscribe(listener: () => void): () => void;
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The auth state as a tiny external store, so the API client (outside React) can sign the user
 * out and every remote sees the same state. The user is persisted under localStorage `user`;
 * a change made in another tab is picked up too.
 */
export function createAuthStore(storage: Storage | undefined = browserStorage()): AuthStore {
  let state: AuthState = { user: readStoredUser(storage), loading: false, error: null };
  const listeners = new Set<() => void>();

  function setState(next: AuthState): void {
    if (next === state) return;
    const userChanged = next.user !== state.user;
    state = next;
    if (userChanged) writeStoredUser(storage, state.user);
    listeners.forEach((listener) => listener());
  }

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== USER_STORAGE_KEY && event.key !== null) return;
      const user = readStoredUser(storage);
      if (JSON.stringify(user) !== JSON.stringify(state.user)) {
        state = { ...state, user };
        listeners.forEach((listener) => listener());
      }
    });
  }

  return {
    getState: () => state,
    dispatch: (action) => setState(authReducer(state, action)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's one auth store; @campus/web-kit is a federation singleton, so remotes share it. */
export const authStore = createAuthStore();
