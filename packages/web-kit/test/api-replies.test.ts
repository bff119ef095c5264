import { libraryApi } from '@campus/contracts/generated/library-api';
import { Book, BookSearchResponse } from '@campus/contracts/library';
import { createApiClient } from '../src/api-client';
import { ApiError } from '../src/api-error';
import { contractReply, errorReply } from '../src/testing/api-replies';
import { scriptedFetch } from '../src/testing/scripted-fetch';

const book: Book = {
  _id: 'b1',
  title: 'Paging Notes',
  subject: 'Operating System',
  branch: 'CSE',
  tags: [],
  driveLink: 'https://drive.google.com/file/d/b1/view',
  uploadedBy: 'u-other',
  likesCount: 0,
  likes: [],
  status: 'accepted',
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
};

describe('contract-typed replies', () => {
  it('when the body matches the contract, then the screen receives it for the request it targets', async () => {
    const { fetch } = scriptedFetch([
      contractReply(
        BookSearchResponse,
        { success: true, data: [book], pages: 1, total: 1, message: '' },
        { match: '/api/book/search', method: 'GET' },
      ),
    ]);
    const api = createApiClient({ fetch });

    await expect(api.call(libraryApi.searchBooks, { query: { page: 1 } })).resolves.toMatchObject({
      data: [book],
    });
  });

  it('when the body breaks the contract, then it does not compile, and making it fails the test', () => {
    const lost = { ...book, status: 'lost' };
    // @ts-expect-error 'lost' is no book status: a fixture off the contract does not typecheck.
    expect(() => contractReply(Book, lost)).toThrow(/does not match its contract/);
  });

  it('when a request fits no reply (another method), then it fails as the network would', async () => {
    const { fetch } = scriptedFetch([contractReply(Book, book, { match: '/api/book/b1', method: 'GET' })]);
    const api = createApiClient({ fetch });

    await expect(api.send('DELETE', '/api/book/b1')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('an error reply is the platform error body, read by the client as an ApiError with its issues', async () => {
    const issues = [{ path: 'title', message: 'Title is required' }];
    const { fetch } = scriptedFetch([
      errorReply(400, { code: 'VALIDATION_FAILED', message: 'Title is required', issues }),
    ]);
    const api = createApiClient({ fetch });

    const failure = await api.send('POST', '/api/book', { body: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', issues });
  });
});
