import {
  authReducer,
  createAuthStore,
  readStoredUser,
  USER_STORAGE_KEY,
  type AuthState,
} from '../src/auth-store';

const asha = { _id: 'u1', name: 'Asha', email: 'asha@campus.test', isTeacher: false, isFirstTime: true };
const signedIn: AuthState = { user: asha, loading: false, error: null };

describe('the auth transitions', () => {
  it('LOGIN_START sets loading and clears the user and the error', () => {
    expect(authReducer({ user: asha, loading: false, error: 'old' }, { type: 'LOGIN_START' })).toEqual({
      user: null,
      loading: true,
      error: null,
    });
  });

  it('LOGIN_SUCCESS stores the user and stops loading', () => {
    expect(
      authReducer({ user: null, loading: true, error: null }, { type: 'LOGIN_SUCCESS', payload: asha }),
    ).toEqual(signedIn);
  });

  it('LOGIN_FAILURE clears the user and stores the error', () => {
    expect(
      authReducer(
        { user: null, loading: true, error: null },
        { type: 'LOGIN_FAILURE', payload: 'Wrong Credentials' },
      ),
    ).toEqual({ user: null, loading: false, error: 'Wrong Credentials' });
  });

  it('LOGOUT clears the user', () => {
    expect(authReducer(signedIn, { type: 'LOGOUT' }).user).toBeNull();
  });
});

describe('the stored user', () => {
  beforeEach(() => localStorage.clear());

  it('starts from the user kept in localStorage `user`', () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(asha));
    expect(createAuthStore(localStorage).getState().user).toEqual(asha);
  });

  it('starts signed out when the stored value is missing, unparsable or not a user', () => {
    expect(readStoredUser(localStorage)).toBeNull();
    localStorage.setItem(USER_STORAGE_KEY, '{not json');
    expect(readStoredUser(localStorage)).toBeNull();
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ hello: 'world' }));
    expect(readStoredUser(localStorage)).toBeNull();
  });

  it('writes the user when it changes and removes it when it becomes null', () => {
    const store = createAuthStore(localStorage);

    store.dispatch({ type: 'LOGIN_SUCCESS', payload: asha });
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(asha);

    store.dispatch({ type: 'LOGOUT' });
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('tells subscribers about every change and stops when they unsubscribe', () => {
    const store = createAuthStore(localStorage);
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);

    store.dispatch({ type: 'LOGIN_START' });
    store.dispatch({ type: 'LOGIN_SUCCESS', payload: asha });
    unsubscribe();
    store.dispatch({ type: 'LOGOUT' });

    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('when another tab signs out, then this tab is signed out too', () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(asha));
    const store = createAuthStore(localStorage);

    localStorage.removeItem(USER_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY }));

    expect(store.getState().user).toBeNull();
  });
});
