import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { identityApi } from '@campus/contracts/generated/identity-api';
import { apiClient as defaultApiClient, type ApiClient } from '@campus/web-kit/api-client';
import { isApiError } from '@campus/web-kit/api-error';
import { forgetDraftsOf } from '@campus/web-kit/draft-storage';
import {
  authStore as defaultAuthStore,
  type AuthAction,
  type AuthState,
  type AuthStore,
  type SessionUser,
} from '@campus/web-kit/auth-store';

export interface Credentials {
  email: string;
  password: string;
}

export interface AuthContextValue extends AuthState {
  isTeacher: boolean;
  dispatch(action: AuthAction): void;
  /** Signs in; resolves with the user (isFirstTime included) or rejects with the ApiError. */
  login(credentials: Credentials): Promise<SessionUser>;
  /** Ends the session on the server (best effort), forgets the stored user and their drafts on this device. */
  logout(): Promise<void>;
}

interface AuthServices {
  store: AuthStore;
  api: ApiClient;
}

const AuthServicesContext = createContext<AuthServices>({ store: defaultAuthStore, api: defaultApiClient });

export function AuthProvider({
  children,
  store = defaultAuthStore,
  api = defaultApiClient,
}: {
  children: ReactNode;
  store?: AuthStore;
  api?: ApiClient;
}) {
  const services = useMemo(() => ({ store, api }), [store, api]);
  return <AuthServicesContext.Provider value={services}>{children}</AuthServicesContext.Provider>;
}

/** The API client of the nearest AuthProvider (the page's one by default): use it for every call. */
export function useApiClient(): ApiClient {
  return useContext(AuthServicesContext).api;
}

/** The auth store of the nearest AuthProvider (the page's one by default), for what lives outside React. */
export function useAuthStore(): AuthStore {
  return useContext(AuthServicesContext).store;
}

export const SOMETHING_WENT_WRONG = 'Something went wrong';

export function useAuth(): AuthContextValue {
  const { store, api } = useContext(AuthServicesContext);
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);

  const login = useCallback(
    async (credentials: Credentials) => {
      store.dispatch({ type: 'LOGIN_START' });
      try {
        const user: SessionUser = await api.call(identityApi.login, { body: credentials });
        store.dispatch({ type: 'LOGIN_SUCCESS', payload: user });
        return user;
      } catch (error) {
        // Spec: the server's answer, or 'Something went wrong' when there was none.
        const serverMessage = isApiError(error) && error.status > 0 ? error.message : null;
        store.dispatch({ type: 'LOGIN_FAILURE', payload: serverMessage ?? SOMETHING_WENT_WRONG });
        throw error;
      }
    },
    [store, api],
  );

  const logout = useCallback(async () => {
    const leaving = store.getState().user;
    try {
      await api.call(identityApi.logout);
    } finally {
      store.dispatch({ type: 'LOGOUT' });
      if (leaving) forgetDraftsOf(leaving._id);
    }
  }, [store, api]);

  return useMemo(
    () => ({ ...state, isTeacher: state.user?.isTeacher === true, dispatch: store.dispatch, login, logout }),
    [state, store, login, logout],
  );
}
