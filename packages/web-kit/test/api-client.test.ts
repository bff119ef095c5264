import { communityApi } from '@campus/contracts/generated/community-api';
import { housingApi } from '@campus/contracts/generated/housing-api';
import { libraryApi } from '@campus/contracts/generated/library-api';
import { AnswerContractError, createApiClient } from '../src/api-client';
import { ApiError } from '../src/api-error';
import { scriptedFetch } from '../src/testing/scripted-fetch';

const bookmarkAnswer = {
  success: true as const,
  message: 'Book bookmarked successfully',
  data: { bookId: 'b1', bookmarked: true },
};

describe('the typed client (operations generated from the services’ routes)', () => {
  it('when an operation has path params, then each is encoded as one segment of the declared path', async () => {
    const { fetch, requests } = scriptedFetch([{ status: 200, body: bookmarkAnswer }]);
    const api = createApiClient({ fetch });

    await api.call(libraryApi.removeBookmark, { params: { bookId: 'a/b?c' } });

    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /api/book/bookmark/a%2Fb%3Fc']);
  });

  it('when a path param is empty, . or .., then nothing is sent: the URL would name another route', async () => {
    const { fetch, requests } = scriptedFetch([]);
    const api = createApiClient({ fetch });

    for (const campaignId of ['', '.', '..'])
      await expect(
        api.call(communityApi.createPledge, { params: { campaignId }, body: { amount: 100 } }),
      ).rejects.toThrow(`the path parameter 'campaignId' is '${campaignId}', which is no segment`);

    expect(requests).toEqual([]);
  });

  it('when a body is sent, then it is the operation’s body as JSON with the Idempotency-Key given', async () => {
    const { fetch, requests } = scriptedFetch([{ status: 200, body: bookmarkAnswer }]);
    const api = createApiClient({ fetch });

    const answer = await api.call(libraryApi.bookmarkBook, { body: { bookId: 'b1' }, idempotencyKey: 'k-1' });

    expect(answer).toEqual(bookmarkAnswer);
    expect(requests[0]).toMatchObject({ method: 'PATCH', url: '/api/book/bookmark', body: { bookId: 'b1' } });
    expect(requests[0]?.headers['Idempotency-Key']).toBe('k-1');
  });

  it('when a body names who acts, then it does not compile, and the identity field is not sent anyway', async () => {
    const { fetch, requests } = scriptedFetch([{ status: 200, body: bookmarkAnswer }]);
    const api = createApiClient({ fetch });

    // @ts-expect-error userId comes from the session: no operation's body type has it.
    await api.call(libraryApi.bookmarkBook, { body: { bookId: 'b1', userId: 'u-someone-else' } });

    expect(requests[0]?.body).toEqual({ bookId: 'b1' });
  });

  it('when the server pages with X-Next-Cursor, then exchange gives it as nextCursor, and null at the end', async () => {
    const { fetch } = scriptedFetch([
      { status: 200, body: [], headers: { 'X-Next-Cursor': 'c-2' } },
      { status: 200, body: [] },
    ]);
    const api = createApiClient({ fetch });

    const first = await api.exchange(communityApi.listPosts, { query: { limit: 12 } });
    const last = await api.exchange(communityApi.listPosts, { query: { limit: 12, cursor: 'c-2' } });

    expect(first).toMatchObject({ status: 200, data: [], nextCursor: 'c-2' });
    expect(last.nextCursor).toBeNull();
  });

  it('when an answer breaks the operation’s contract (tests and development builds), then the call fails and says where', async () => {
    const { fetch } = scriptedFetch([
      { status: 200, body: { success: true, message: '', data: 'not a list', page: 1, pages: 1, total: 0 } },
    ]);
    const api = createApiClient({ fetch });

    const failure = await api
      .call(housingApi.listFlats, { query: { page: 1 } })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AnswerContractError);
    expect((failure as Error).message).toMatch(/^GET \/api\/flat answered outside its contract: data: /);
  });
});

describe('the API client', () => {
  it('sends JSON to the same origin with the session cookies and returns the parsed body', async () => {
    const { fetch, requests: calls } = scriptedFetch([{ status: 200, body: { _id: 'u1', name: 'Asha' } }]);
    const api = createApiClient({ fetch });

    const { data: user } = await api.send<{ name: string }>('POST', '/api/auth/login', {
      body: { email: 'a@b.c', password: 'secret-pass' },
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

    await api.send('GET', '/api/book/search', {
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

    const failure = await api
      .send('POST', '/api/auth/register', { body: {} })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid input' });
    expect((failure as ApiError).issues).toEqual([{ path: 'email', message: 'Bad' }]);
  });

  it('when the network fails, then it throws an ApiError with status 0 and NETWORK_ERROR', async () => {
    const { fetch } = scriptedFetch([new TypeError('Failed to fetch')]);
    const api = createApiClient({ fetch });

    await expect(api.send('GET', '/api/job/alljobpost')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('keeps the HTTP status for callers that branch on it (201 is success)', async () => {
    const { fetch } = scriptedFetch([
      { status: 201, body: { success: true, message: 'Registration successful' } },
    ]);
    const api = createApiClient({ fetch });

    const response = await api.send<{ message: string }>('POST', '/api/auth/register', { body: {} });

    expect(response).toEqual({
      status: 201,
      data: { success: true, message: 'Registration successful' },
      nextCursor: null,
    });
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

      const { data: me } = await api.send<{ name: string }>('GET', '/api/auth/me');

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

    await expect(api.send('PATCH', '/api/book/b1/like', { body: {} })).rejects.toMatchObject({
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

    await expect(api.send('GET', '/api/auth/me')).rejects.toMatchObject({ status: 401 });
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

    await Promise.all([api.send('GET', '/api/job/alljobpost'), api.send('GET', '/api/community')]);

    expect(calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('when a login is refused (wrong password), then no refresh is attempted and nobody is signed out', async () => {
    const { fetch, requests: calls } = scriptedFetch([
      { status: 401, body: { success: false, code: 'INVALID_CREDENTIALS', message: 'Wrong Credentials' } },
    ]);
    const onSignedOut = jest.fn();
    const api = createApiClient({ fetch, onSignedOut });

    await expect(api.send('POST', '/api/auth/login', { body: {} })).rejects.toMatchObject({
      message: 'Wrong Credentials',
    });
    expect(calls).toHaveLength(1);
    expect(onSignedOut).not.toHaveBeenCalled();
  });
});
