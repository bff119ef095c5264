import { createApiClient } from '../src/api-client';
import { ApiError } from '../src/api-error';
import { scriptedFetch } from '../src/testing/scripted-fetch';

describe('the API client', () => {
  it('sends JSON to the same origin with the session cookies and returns the parsed body', async () => {
    const { fetch, requests: calls } = scriptedFetch([{ status: 200, body: { _id: 'u1', name: 'Asha' } }]);
    const api = createApiClient({ fetch });

    const user = await api.post<{ name: string }>('/api/auth/login', {
      email: 'a@b.c',
      password: 'secret-pass',
    });

    expect(user.name).toBe('Asha');
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/auth/login',
        method: 'POST',
        credentials: 'include',
        body: { email: 'a@b.c', password: 'secret-pass' },
      }),
    ]);
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('adds the query string and leaves out empty values', async () => {
    const { fetch, requests: calls } = scriptedFetch([{ status: 200, body: { success: true, data: [] } }]);
    const api = createApiClient({ fetch });

    await api.get('/api/book/search', {
      query: { q: 'graphs', subject: '', page: 2, limit: 20, sort: undefined },
    });

    expect(calls[0]?.url).toBe('/api/book/search?q=graphs&page=2&limit=20');
  });

  it('when the server answers an error body, then it throws an ApiError with its status, code and message', async () => {
    const { fetch } = scriptedFetch([
      {
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_FAILED',
          message: 'Invalid input',
          issues: [{ path: 'email', message: 'Bad' }],
        },
      },
    ]);
    const api = createApiClient({ fetch });

    const failure = await api.post('/api/auth/register', {}).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid input' });
    expect((failure as ApiError).issues).toEqual([{ path: 'email', message: 'Bad' }]);
  });

  it('when the network fails, then it throws an ApiError with status 0 and NETWORK_ERROR', async () => {
    const { fetch } = scriptedFetch([new TypeError('Failed to fetch')]);
    const api = createApiClient({ fetch });

    await expect(api.get('/api/job/alljobpost')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('keeps the HTTP status for callers that branch on it (201 is success)', async () => {
    const { fetch } = scriptedFetch([
      { status: 201, body: { success: true, message: 'Registration successful' } },
    ]);
    const api = createApiClient({ fetch });

    const response = await api.send<{ message: string }>('POST', '/api/auth/register', { body: {} });

    expect(response).toEqual({ status: 201, data: { success: true, message: 'Registration successful' } });
  });

  it.each([
    ['the refresh succeeds', { status: 200, body: { success: true } }],
    // Another tab refreshed the same session a moment ago: its new cookies are already in the browser.
    [
      'another tab won the refresh race (REFRESH_RACE)',
      { status: 401, body: { success: false, code: 'REFRESH_RACE', message: 'retry' } },
    ],
  ])(
    'when the access token expired and %s, then the call is retried once and nobody is signed out',
    async (_case, refreshReply) => {
      const { fetch, requests: calls } = scriptedFetch([
        { status: 401, body: { success: false, code: 'TOKEN_EXPIRED', message: 'expired' } },
        refreshReply,
        { status: 200, body: { _id: 'u1', name: 'Asha', isTeacher: false } },
      ]);
      const onSignedOut = jest.fn();
      const api = createApiClient({ fetch, onSignedOut });

      const me = await api.get<{ name: string }>('/api/auth/me');

      expect(me.name).toBe('Asha');
      expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
        'GET /api/auth/me',
        'POST /api/auth/refresh',
        'GET /api/auth/me',
      ]);
      expect(onSignedOut).not.toHaveBeenCalled();
    },
  );

  it('when the refresh is refused, then the user is signed out and the 401 is thrown', async () => {
    const { fetch, requests: calls } = scriptedFetch([
      { status: 401, body: { success: false, code: 'UNAUTHENTICATED', message: 'Sign in first' } },
      { status: 401, body: { success: false, code: 'UNAUTHENTICATED', message: 'No session' } },
    ]);
    const onSignedOut = jest.fn();
    const api = createApiClient({ fetch, onSignedOut });

    await expect(api.patch('/api/book/b1/like', {})).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(calls).toHaveLength(2);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('when the retried call is still 401, then the user is signed out', async () => {
    const { fetch } = scriptedFetch([
      { status: 401, body: { success: false, code: 'TOKEN_EXPIRED', message: 'expired' } },
      { status: 200, body: { success: true } },
      { status: 401, body: { success: false, code: 'UNAUTHENTICATED', message: 'still no' } },
    ]);
    const onSignedOut = jest.fn();
    const api = createApiClient({ fetch, onSignedOut });

    await expect(api.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('when two calls expire together, then they share one refresh', async () => {
    const { fetch, requests: calls } = scriptedFetch([
      { status: 401, body: { code: 'TOKEN_EXPIRED', message: 'expired' } },
      { status: 401, body: { code: 'TOKEN_EXPIRED', message: 'expired' } },
      { status: 200, body: { success: true } },
      { status: 200, body: ['a'] },
      { status: 200, body: ['b'] },
    ]);
    const api = createApiClient({ fetch });

    await Promise.all([api.get('/api/job/alljobpost'), api.get('/api/community')]);

    expect(calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('when a login is refused (wrong password), then no refresh is attempted and nobody is signed out', async () => {
    const { fetch, requests: calls } = scriptedFetch([
      { status: 401, body: { success: false, code: 'INVALID_CREDENTIALS', message: 'Wrong Credentials' } },
    ]);
    const onSignedOut = jest.fn();
    const api = createApiClient({ fetch, onSignedOut });

    await expect(api.post('/api/auth/login', {})).rejects.toMatchObject({ message: 'Wrong Credentials' });
    expect(calls).toHaveLength(1);
    expect(onSignedOut).not.toHaveBeenCalled();
  });
});
