import { randomBytes } from 'node:crypto';
import type { Book } from '@campus/contracts/library';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { signUp, type SignedInUser } from '../support/accounts';
import { waitFor } from '@campus/service-kit/testing/wait-for';

interface ListAnswer<T> {
  success: boolean;
  message: string;
  data: T;
}
interface SearchAnswer extends ListAnswer<Book[]> {
  pages: number;
  total: number;
}

const FOREIGN_ORIGIN = 'https://evil.example';

// Users are the fixtures of the file (a teacher of DBMS and OS, an uploader, a bystander student);
// every test makes its own books, so each one passes or fails alone, in any order.
let teacher: SignedInUser;
let student: SignedInUser;
let otherStudent: SignedInUser;

/** A title no other test, suite or run uses, so a search for its prefix can only find that book. */
const uniqueTitle = () => `Normal Forms Workbook zq${randomBytes(5).toString('hex')}`;
const prefixOf = (title: string) => title.slice(0, -4);
// For the hostile-input tests below: a title from this file's own namespace.
const title = uniqueTitle();

const bookPayload = (overrides: Record<string, unknown> = {}) => ({
  title,
  semester: 4,
  branch: 'CSE',
  subject: 'Database Management System',
  tags: ['normalisation', 'BCNF'],
  driveLink: 'https://drive.google.com/file/d/e2e-normal-forms/view',
  ...overrides,
});

const pendingOf = (user: SignedInUser, teacherId = user._id) =>
  user.client.get<ListAnswer<Book[]>>(`/api/book/pending/${teacherId}`);

const search = (client: ApiClient, query: string) => client.get<SearchAnswer>(`/api/book/search?${query}`);

const like = (client: ApiClient, id: string) =>
  client.request<ListAnswer<{ likes: string[]; likesCount: number }>>('PATCH', `/api/book/${id}/like`, {
    userId: 'someone-else',
  });

/** A new book uploaded by the student: pending, with a title of its own. */
async function uploadBook(overrides: Record<string, unknown> = {}) {
  const bookTitle = uniqueTitle();
  const res = await student.client.post<ListAnswer<Book>>(
    '/api/book',
    bookPayload({ title: bookTitle, ...overrides }),
  );
  if (res.status !== 201)
    throw new Error(`uploading a book answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { res, id: res.body.data._id, title: bookTitle };
}

/** The library learns the teacher's subjects from the profile service's event: a moment later. */
const inPendingList = (id: string) =>
  waitFor("the uploaded book in the teacher's pending list", () => pendingOf(teacher), {
    until: (res) => res.status === 200 && res.body.data.some((b) => b._id === id),
  });

/** A new book, uploaded and accepted by the teacher: searchable. */
async function acceptedBook() {
  const book = await uploadBook();
  await inPendingList(book.id);
  const accepted = await teacher.client.request('PUT', `/api/book/${book.id}/status`, { status: 1 });
  if (accepted.status !== 200) throw new Error(`accepting a book answered ${accepted.status}`);
  return book;
}

beforeAll(async () => {
  [teacher, student, otherStudent] = await Promise.all([
    signUp('teacher', 'Prof. Kavya Rao'),
    signUp('student', 'Asha Verma'),
    signUp('student', 'Rohan Das'),
  ]);
  const saved = await teacher.client.post('/api/commonData', {
    department: 'Computer Science',
    subjects: ['Database Management System', 'Operating System'],
  });
  if (saved.status !== 201)
    throw new Error(`the teacher's common data answered ${saved.status}: ${JSON.stringify(saved.body)}`);
});

describe('library through the gateway: upload, review, search, like, bookmark', () => {
  it("when a student uploads a book in the teacher's subject, then 201 pending, uploaded by the session user whatever the body says", async () => {
    const { res, title: bookTitle } = await uploadBook({ uploadedBy: otherStudent._id });
    expect(res.body).toEqual({
      success: true,
      message: 'Book created successfully',
      data: {
        _id: expect.any(String),
        title: bookTitle,
        subject: 'Database Management System',
        branch: 'CSE',
        semester: 4,
        tags: ['normalisation', 'BCNF'],
        driveLink: 'https://drive.google.com/file/d/e2e-normal-forms/view',
        uploadedBy: student._id,
        // The session user's name, kept for the reviewer's card, whatever the body says.
        uploaderName: student.name,
        likesCount: 0,
        likes: [],
        status: 'pending',
        createdAt: expect.any(String),
        // Additive (issue 26): null until its uploader edits it.
        editedAt: null,
        // Additive (issue 26): what a teacher's verdict names, so an edit made meanwhile is not accepted unseen.
        version: 1,
      },
    });
  });

  it('when the book is pending, then the teacher of its subject sees it in their pending list, and search does not show it yet', async () => {
    const book = await uploadBook();
    const pending = await inPendingList(book.id);
    expect(pending.body).toMatchObject({ success: true, message: 'Pending books' });
    expect(pending.body.data.find((b) => b._id === book.id)).toMatchObject({
      title: book.title,
      status: 'pending',
    });

    const found = await search(new ApiClient(), `q=${encodeURIComponent(prefixOf(book.title))}`);
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([]);
  });

  it("when another student asks for the teacher's pending list, then 403 FORBIDDEN; a guest gets 401", async () => {
    const book = await uploadBook();
    await inPendingList(book.id);
    const asStudent = await pendingOf(otherStudent, teacher._id);
    expect(asStudent.status).toBe(403);
    expect(asStudent.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(JSON.stringify(asStudent.body)).not.toContain(book.title);

    const asGuest = await new ApiClient().get(`/api/book/pending/${teacher._id}`);
    expect(asGuest.status).toBe(401);
    expect(asGuest.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('when a student tries to review the book, then 403 and it stays pending', async () => {
    const book = await uploadBook();
    await inPendingList(book.id);
    const res = await otherStudent.client.request('PUT', `/api/book/${book.id}/status`, { status: 1 });
    expect(res.status).toBe(403);
    expect((await pendingOf(teacher)).body.data.map((b) => b._id)).toContain(book.id);
  });

  it('when the teacher accepts it (status 1), then it leaves the pending list and a search by a prefix of its title finds it verified by the teacher', async () => {
    const book = await uploadBook();
    await inPendingList(book.id);
    const accepted = await teacher.client.request<ListAnswer<Book>>('PUT', `/api/book/${book.id}/status`, {
      status: 1,
      verifiedBy: 'Somebody Else',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      success: true,
      message: 'Book accepted',
      data: { _id: book.id, status: 'accepted', verifiedBy: teacher.name },
    });
    expect((await pendingOf(teacher)).body.data.map((b) => b._id)).not.toContain(book.id);

    const found = await search(new ApiClient(), `q=${encodeURIComponent(prefixOf(book.title))}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ success: true, pages: 1, total: 1, message: 'Books found' });
    expect(found.body.data).toEqual([
      expect.objectContaining({
        _id: book.id,
        title: book.title,
        status: 'accepted',
        verifiedBy: teacher.name,
      }),
    ]);

    const again = await teacher.client.request('PUT', `/api/book/${book.id}/status`, { status: 2 });
    expect(again.status).toBe(409);
  });

  it('when a student likes the book twice, then the like counts once', async () => {
    const book = await acceptedBook();
    const first = await like(otherStudent.client, book.id);
    const second = await like(otherStudent.client, book.id);
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, data: { likes: [otherStudent._id], likesCount: 1 } });
    }
    const found = await search(new ApiClient(), `q=${encodeURIComponent(prefixOf(book.title))}`);
    expect(found.body.data[0]).toMatchObject({ likesCount: 1, likes: [otherStudent._id] });
  });

  it('when a guest likes the book, then 401 and the count is unchanged', async () => {
    const book = await acceptedBook();
    await like(otherStudent.client, book.id);
    const res = await like(new ApiClient(), book.id);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    const found = await search(new ApiClient(), `q=${encodeURIComponent(prefixOf(book.title))}`);
    expect(found.body.data[0]).toMatchObject({ likesCount: 1, likes: [otherStudent._id] });
  });

  it('when a student bookmarks the book, then their bookmarks list it, and nobody else can read that list', async () => {
    const book = await acceptedBook();
    const reader = await signUp('student', 'Meera Bookmarks');
    const marked = await reader.client.request('PATCH', '/api/book/bookmark', {
      bookId: book.id,
      userId: otherStudent._id,
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ success: true, message: 'Book bookmarked successfully' });

    const mine = await reader.client.get<ListAnswer<{ booksBookmark: Book[] }>>(
      `/api/commonData/bookmarks/${reader._id}`,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.success).toBe(true);
    expect(mine.body.data.booksBookmark).toEqual([
      expect.objectContaining({ _id: book.id, title: book.title }),
    ]);

    const theirs = await otherStudent.client.get(`/api/commonData/bookmarks/${otherStudent._id}`);
    expect(theirs.body).toMatchObject({ success: true, data: { booksBookmark: [] } });
    const snooping = await otherStudent.client.get(`/api/commonData/bookmarks/${reader._id}`);
    expect(snooping.status).toBe(403);
  });
});

describe('the uploader owns their book through the gateway (issue 26)', () => {
  it('when a declined book is corrected, then a stranger cannot edit or delete it, the uploader’s edit puts it back in the teacher’s queue, and their delete takes it off their profile count', async () => {
    const book = await uploadBook();
    await inPendingList(book.id);
    const declined = await teacher.client.request('PUT', `/api/book/${book.id}/status`, {
      status: 2,
      reason: 'The link asks for access.',
    });
    expect(declined.status).toBe(200);

    const stranger = await otherStudent.client.request<{ code: string }>('PATCH', `/api/book/${book.id}`, {
      title: 'Hijacked',
    });
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('NOT_OWNER');
    expect((await otherStudent.client.request('DELETE', `/api/book/${book.id}`)).status).toBe(403);

    const corrected = await student.client.request<ListAnswer<Book>>('PATCH', `/api/book/${book.id}`, {
      driveLink: 'https://drive.google.com/file/d/e2e-shared-now/view',
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({
      message: 'Book updated and sent back for review',
      data: { status: 'pending', driveLink: 'https://drive.google.com/file/d/e2e-shared-now/view' },
    });
    expect(corrected.body.data.editedAt).toEqual(expect.any(String));
    await inPendingList(book.id);

    // The profile has the book (counted, and pending again in My uploads) before it is deleted.
    const uploadsOfStudent = () =>
      student.client.get<ListAnswer<Array<{ bookId: string; status: string | null }>>>(
        `/api/commonData/${student._id}/uploads?limit=50`,
      );
    await waitFor("the resubmitted book pending in the uploader's My uploads", uploadsOfStudent, {
      until: (r) =>
        r.status === 200 && r.body.data.some((u) => u.bookId === book.id && u.status === 'pending'),
    });
    const counted = (
      await student.client.get<ListAnswer<{ bookCount: number }>>(`/api/commonData/${student._id}`)
    ).body.data.bookCount;
    const deleted = await student.client.request('DELETE', `/api/book/${book.id}`);
    expect(deleted.status).toBe(200);
    expect((await student.client.get(`/api/book/${book.id}`)).status).toBe(404);
    await waitFor(
      "the uploader's bookCount to drop after the delete",
      () => student.client.get<ListAnswer<{ bookCount: number }>>(`/api/commonData/${student._id}`),
      { until: (r) => r.status === 200 && r.body.data.bookCount === counted - 1 },
    );
    expect((await uploadsOfStudent()).body.data.some((u) => u.bookId === book.id)).toBe(false);
  });
});

describe('library search and writes against hostile input', () => {
  const expectRefusedOrEmpty = (res: ApiResponse<SearchAnswer>) => {
    expect(res.status).toBeLessThan(500);
    if (res.status === 200) expect(res.body.data).toEqual([]);
    else expect(res.status).toBeGreaterThanOrEqual(400);
  };

  it('when q is sent twice (an array), then 4xx or no results, never 5xx', async () => {
    expectRefusedOrEmpty(await search(new ApiClient(), 'q=normal&q=forms'));
  });

  it('when q is 10 KB long, then 4xx or no results, never 5xx', async () => {
    expectRefusedOrEmpty(await search(new ApiClient(), `q=${'a'.repeat(10 * 1024)}`));
  });

  it('when subject is an operator object as text, then 4xx or no results, never 5xx', async () => {
    expectRefusedOrEmpty(await search(new ApiClient(), `subject=${encodeURIComponent('{"$gt":""}')}`));
  });

  it('when a signed-in student uploads from a foreign Origin, then 403 FORBIDDEN_ORIGIN and no book is created', async () => {
    const foreignTitle = `${title} forged`;
    const res = await student.client.post('/api/book', bookPayload({ title: foreignTitle }), {
      origin: FOREIGN_ORIGIN,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN_ORIGIN' });
    const pending = await pendingOf(teacher);
    expect(pending.body.data.map((b) => b.title)).not.toContain(foreignTitle);
  });
});
