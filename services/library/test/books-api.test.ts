import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { libraryService } from '../src/service';
import {
  auth,
  captureEvents,
  makeUser,
  teachSubjects,
  upload,
  uploadAccepted,
  validBook,
  type TestUser,
} from './helpers';

let h: ServiceHarness;
let events: EventEnvelope[];
let student: TestUser;
let otherStudent: TestUser;
let dsaTeacher: TestUser;
let dbmsTeacher: TestUser;

beforeAll(async () => {
  h = await startServiceForTest(libraryService);
  events = await captureEvents(h);
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  events.length = 0;
  student = makeUser(h, 'Asha Rao');
  otherStudent = makeUser(h, 'Vikram Shah');
  dsaTeacher = makeUser(h, 'Dr. Meera Iyer', true);
  dbmsTeacher = makeUser(h, 'Prof. Anil Kumar', true);
  await teachSubjects(h, dsaTeacher, ['Data Structure and Algorithm', 'Compiler Design']);
  await teachSubjects(h, dbmsTeacher, ['Database Management System']);
});

const api = () => request(h.url);

describe('uploading a book (POST /api/book)', () => {
  test('when a student uploads a valid book, then 201 "Book created successfully", it is pending, and the uploader is the student', async () => {
    const res = await api()
      .post('/api/book')
      .set(auth(student))
      .send({ ...validBook, uploadedBy: otherStudent.id })
      .expect(201);
    expect(res.body).toEqual({
      success: true,
      message: 'Book created successfully',
      data: expect.objectContaining({
        title: validBook.title,
        subject: 'Data Structure and Alogrithm',
        semester: 3,
        uploadedBy: student.id,
        status: 'pending',
        likesCount: 0,
        likes: [],
      }),
    });
    expect(res.body.data.verifiedBy).toBeUndefined();
  });

  test('when it is created, then library.book.submitted is published with the book, uploader, subject and title', async () => {
    const id = await upload(h, student);
    await waitFor('library.book.submitted published', () => events.length > 0);
    expect(events[0]).toMatchObject({
      name: 'library.book.submitted',
      producer: 'library',
      payload: {
        bookId: id,
        uploadedBy: student.id,
        subject: 'Data Structure and Alogrithm',
        title: validBook.title,
      },
    });
  });

  test('when tags come as comma-separated text, then they are split, trimmed, and empties and repeats dropped; title, branch and link are trimmed', async () => {
    const res = await api()
      .post('/api/book')
      .set(auth(student))
      .send({
        ...validBook,
        title: '  Trees  ',
        branch: ' CSE ',
        driveLink: '  https://docs.google.com/document/d/xyz/edit  ',
        tags: ' trees, ,graphs,, Trees , bfs ',
      })
      .expect(201);
    expect(res.body.data).toMatchObject({
      title: 'Trees',
      branch: 'CSE',
      driveLink: 'https://docs.google.com/document/d/xyz/edit',
      tags: ['trees', 'graphs', 'bfs'],
    });
  });

  test('when the semester is left out or blank, then the book has no semester; when it is "5", then it is the number 5', async () => {
    const without = await api()
      .post('/api/book')
      .set(auth(student))
      .send({ ...validBook, semester: '' })
      .expect(201);
    expect(without.body.data).not.toHaveProperty('semester');
    const withText = await api()
      .post('/api/book')
      .set(auth(student))
      .send({ ...validBook, semester: '5' })
      .expect(201);
    expect(withText.body.data.semester).toBe(5);
  });

  test('when the subject uses the teacher spelling "Data Structure and Algorithm", then the book carries the book spelling', async () => {
    const res = await api()
      .post('/api/book')
      .set(auth(student))
      .send({ ...validBook, subject: 'Data Structure and Algorithm' })
      .expect(201);
    expect(res.body.data.subject).toBe('Data Structure and Alogrithm');
  });

  test.each([
    ['title missing', 'Title is required', { title: undefined }],
    ['title blank', 'Title is required', { title: '   ' }],
    ['branch missing', 'Branch is required', { branch: undefined }],
    ['branch blank', 'Branch is required', { branch: ' ' }],
    ['subject missing', 'Subject is required', { subject: undefined }],
    ['subject blank', 'Subject is required', { subject: '' }],
    ['subject not in the list', 'Please choose a subject from the list', { subject: 'Astrology' }],
    ['drive link missing', 'Google Drive link is required', { driveLink: undefined }],
    ['drive link blank', 'Google Drive link is required', { driveLink: '  ' }],
    [
      'drive link on another host',
      'Invalid Google Drive link',
      { driveLink: 'https://evil.example.com/drive.google.com/x' },
    ],
    [
      'drive link lookalike host',
      'Invalid Google Drive link',
      { driveLink: 'https://drive.google.com.evil.io/file/d/1' },
    ],
    [
      'drive link javascript:',
      'Invalid Google Drive link',
      { driveLink: 'javascript:alert(1)//drive.google.com' },
    ],
    ['drive link ftp', 'Invalid Google Drive link', { driveLink: 'ftp://drive.google.com/file/d/1' }],
    [
      'drive link with credentials',
      'Invalid Google Drive link',
      { driveLink: 'https://user:pw@drive.google.com/file/d/1' },
    ],
    ['drive link without a path', 'Invalid Google Drive link', { driveLink: 'https://drive.google.com/' }],
    ['semester not a number', 'Semester must be a whole number from 1 to 10', { semester: 'third' }],
    ['semester zero', 'Semester must be a whole number from 1 to 10', { semester: 0 }],
    ['semester fractional', 'Semester must be a whole number from 1 to 10', { semester: 2.5 }],
    ['too many tags', 'At most 20 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }],
    ['a tag too long', 'Each tag must be at most 40 characters', { tags: ['x'.repeat(41)] }],
    ['an object for the title', 'Title is required', { title: { $ne: '' } }],
    ['a 240-character title', 'Title must be at most 200 characters.', { title: 'x'.repeat(240) }],
    ['a 101-character branch', 'Branch must be at most 100 characters.', { branch: 'x'.repeat(101) }],
  ])('when %s, then 400 "%s" and nothing is stored', async (_case, message, change) => {
    const res = await api()
      .post('/api/book')
      .set(auth(student))
      .send({ ...validBook, ...change })
      .expect(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
    expect(events).toHaveLength(0);
  });

  test('when a guest uploads, then 401 and nothing is stored', async () => {
    const res = await api().post('/api/book').send(validBook).expect(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    const pending = await api().get(`/api/book/pending/${dsaTeacher.id}`).set(auth(dsaTeacher)).expect(200);
    expect(pending.body.data).toEqual([]);
  });

  test('when the token is forged, then 401', async () => {
    await api().post('/api/book').set('Authorization', 'Bearer not.a.token').send(validBook).expect(401);
  });
});

describe('reviewing (GET /api/book/pending/{userId}, PUT /api/book/{id}/status)', () => {
  test('when a DSA book is uploaded, then the teacher of "Data Structure and Algorithm" sees it pending, despite the two spellings', async () => {
    const id = await upload(h, student);
    const res = await api().get(`/api/book/pending/${dsaTeacher.id}`).set(auth(dsaTeacher)).expect(200);
    expect(res.body).toMatchObject({ success: true, message: 'Pending books' });
    expect(res.body.data.map((b: { _id: string }) => b._id)).toEqual([id]);
  });

  test('when the teacher teaches another subject, then the book is not in their pending list and they may not review it (403)', async () => {
    const id = await upload(h, student);
    const res = await api().get(`/api/book/pending/${dbmsTeacher.id}`).set(auth(dbmsTeacher)).expect(200);
    expect(res.body).toEqual({
      success: true,
      message: 'No pending books to review',
      data: [],
      page: 1,
      pages: 0,
      total: 0,
    });
    const put = await api()
      .put(`/api/book/${id}/status`)
      .set(auth(dbmsTeacher))
      .send({ status: 1 })
      .expect(403);
    expect(put.body.message).toBe('You can only review books in the subjects you teach.');
  });

  test('when a teacher has not told the profile service their subjects, then they see nothing pending', async () => {
    await upload(h, student);
    const newTeacher = makeUser(h, 'Dr. New', true);
    const res = await api().get(`/api/book/pending/${newTeacher.id}`).set(auth(newTeacher)).expect(200);
    expect(res.body.data).toEqual([]);
  });

  test('when a teacher drops a subject in a later profile update, then its books leave their list; an older update arriving late changes nothing', async () => {
    await upload(h, student);
    const later = new Date(Date.now() + 60_000);
    await teachSubjects(h, dsaTeacher, ['Compiler Design'], later);
    expect((await api().get(`/api/book/pending/${dsaTeacher.id}`).set(auth(dsaTeacher))).body.data).toEqual(
      [],
    );
    await teachSubjects(h, dsaTeacher, ['Data Structure and Algorithm'], new Date(later.getTime() - 30_000));
    expect((await api().get(`/api/book/pending/${dsaTeacher.id}`).set(auth(dsaTeacher))).body.data).toEqual(
      [],
    );
  });

  test("when a student asks for a pending list, then 403; a guest gets 401; a teacher asking for another teacher's list gets 403", async () => {
    await api().get(`/api/book/pending/${student.id}`).set(auth(student)).expect(403);
    await api().get(`/api/book/pending/${dsaTeacher.id}`).expect(401);
    const res = await api().get(`/api/book/pending/${dbmsTeacher.id}`).set(auth(dsaTeacher)).expect(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  test("when the teacher accepts (status 1), then the book is accepted, verifiedBy is the teacher's name (not the body's), and library.book.reviewed is published", async () => {
    const id = await upload(h, student);
    const res = await api()
      .put(`/api/book/${id}/status`)
      .set(auth(dsaTeacher))
      .send({ status: 1, verifiedBy: 'Somebody Else' })
      .expect(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Book accepted',
      data: { _id: id, status: 'accepted', verifiedBy: 'Dr. Meera Iyer' },
    });
    await waitFor('library.book.reviewed published', () =>
      events.some((e) => e.name === 'library.book.reviewed'),
    );
    expect(events.find((e) => e.name === 'library.book.reviewed')?.payload).toEqual({
      bookId: id,
      uploadedBy: student.id,
      reviewerId: dsaTeacher.id,
      verifiedBy: 'Dr. Meera Iyer',
      status: 'accepted',
      title: 'Data Structure Notes: Trees and Graphs',
    });
    const pending = await api().get(`/api/book/pending/${dsaTeacher.id}`).set(auth(dsaTeacher));
    expect(pending.body.data).toEqual([]);
  });

  test('when the teacher declines (status "2"), then the book is declined and never appears in search', async () => {
    const id = await upload(h, student);
    const res = await api()
      .put(`/api/book/${id}/status`)
      .set(auth(dsaTeacher))
      .send({ status: '2' })
      .expect(200);
    expect(res.body).toMatchObject({
      message: 'Book declined',
      data: { status: 'declined', verifiedBy: 'Dr. Meera Iyer' },
    });
    const search = await api().get('/api/book/search').expect(200);
    expect(search.body.data).toEqual([]);
  });

  test('when the teacher declines with a reason, then the book and library.book.reviewed carry it for the uploader', async () => {
    const id = await upload(h, student);
    const res = await api()
      .put(`/api/book/${id}/status`)
      .set(auth(dsaTeacher))
      .send({ status: 2, reason: '  The Drive link asks for access.  ' })
      .expect(200);
    expect(res.body.data).toMatchObject({
      status: 'declined',
      declineReason: 'The Drive link asks for access.',
    });
    await waitFor('library.book.reviewed published', () =>
      events.some((e) => e.name === 'library.book.reviewed'),
    );
    expect(events.find((e) => e.name === 'library.book.reviewed')?.payload).toEqual({
      bookId: id,
      uploadedBy: student.id,
      reviewerId: dsaTeacher.id,
      verifiedBy: 'Dr. Meera Iyer',
      status: 'declined',
      reason: 'The Drive link asks for access.',
      title: 'Data Structure Notes: Trees and Graphs',
    });
  });

  test('when the teacher declines with a blank reason, then no reason is kept or sent', async () => {
    const id = await upload(h, student);
    const res = await api()
      .put(`/api/book/${id}/status`)
      .set(auth(dsaTeacher))
      .send({ status: 2, reason: '   ' })
      .expect(200);
    expect(res.body.data).not.toHaveProperty('declineReason');
    await waitFor('library.book.reviewed published', () =>
      events.some((e) => e.name === 'library.book.reviewed'),
    );
    expect(events.find((e) => e.name === 'library.book.reviewed')?.payload).not.toHaveProperty('reason');
  });

  test('when the teacher accepts with a reason, then the reason is ignored (only a decline has one)', async () => {
    const id = await upload(h, student);
    const res = await api()
      .put(`/api/book/${id}/status`)
      .set(auth(dsaTeacher))
      .send({ status: 1, reason: 'Great notes' })
      .expect(200);
    expect(res.body.data).not.toHaveProperty('declineReason');
  });

  test.each([
    ['x'.repeat(501), 'The reason must be at most 500 characters'],
    [42, 'The reason must be text'],
    [{ $ne: '' }, 'The reason must be text'],
  ])('when the decline reason is %j, then 400 and the book stays pending', async (reason, message) => {
    const id = await upload(h, student);
    const res = await api()
      .put(`/api/book/${id}/status`)
      .set(auth(dsaTeacher))
      .send({ status: 2, reason })
      .expect(400);
    expect(res.body.message).toBe(message);
    const pending = await api().get(`/api/book/pending/${dsaTeacher.id}`).set(auth(dsaTeacher));
    expect(pending.body.data).toEqual([expect.objectContaining({ _id: id, uploaderName: student.name })]);
  });

  test('when a book has been reviewed, then a second review answers 409 and the first verdict stands', async () => {
    const id = await upload(h, student);
    const other = makeUser(h, 'Dr. Second', true);
    await teachSubjects(h, other, ['Data Structure and Algorithm']);
    await api().put(`/api/book/${id}/status`).set(auth(dsaTeacher)).send({ status: 1 }).expect(200);
    const res = await api().put(`/api/book/${id}/status`).set(auth(other)).send({ status: 2 }).expect(409);
    expect(res.body).toMatchObject({
      code: 'ALREADY_REVIEWED',
      message: 'This book has already been reviewed.',
    });
    const search = await api().get('/api/book/search').expect(200);
    expect(search.body.data[0]).toMatchObject({ _id: id, verifiedBy: 'Dr. Meera Iyer' });
  });

  test('when a teacher uploads a book in their own subject, then it is not in their list and they may not review it', async () => {
    const id = await upload(h, dsaTeacher);
    expect((await api().get(`/api/book/pending/${dsaTeacher.id}`).set(auth(dsaTeacher))).body.data).toEqual(
      [],
    );
    const res = await api()
      .put(`/api/book/${id}/status`)
      .set(auth(dsaTeacher))
      .send({ status: 1 })
      .expect(403);
    expect(res.body.message).toBe('You cannot review a book you uploaded.');
  });

  test.each([[0], [3], ['accept'], [null], [[1]], [{ $eq: 1 }]])(
    'when the status is %j, then 400 "Status must be 1 (accept) or 2 (decline)"',
    async (status) => {
      const id = await upload(h, student);
      const res = await api()
        .put(`/api/book/${id}/status`)
        .set(auth(dsaTeacher))
        .send({ status })
        .expect(400);
      expect(res.body.message).toBe('Status must be 1 (accept) or 2 (decline)');
    },
  );

  test('when a student or a guest tries to review, then 403 and 401, and the book stays pending', async () => {
    const id = await upload(h, student);
    await api().put(`/api/book/${id}/status`).set(auth(otherStudent)).send({ status: 1 }).expect(403);
    await api().put(`/api/book/${id}/status`).send({ status: 1 }).expect(401);
    expect(
      (await api().get(`/api/book/pending/${dsaTeacher.id}`).set(auth(dsaTeacher))).body.data,
    ).toHaveLength(1);
  });

  test('when the book does not exist or the id is not an id, then 404 "Book not found."', async () => {
    const res = await api()
      .put(`/api/book/${randomUUID()}/status`)
      .set(auth(dsaTeacher))
      .send({ status: 1 })
      .expect(404);
    expect(res.body.message).toBe('Book not found.');
    await api().put(`/api/book/'%20or%201=1--/status`).set(auth(dsaTeacher)).send({ status: 1 }).expect(404);
  });
});

describe('likes (PATCH /api/book/{id}/like)', () => {
  test('when a student likes a book twice, then it counts once and the answer lists their id', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    const first = await api()
      .patch(`/api/book/${id}/like`)
      .set(auth(otherStudent))
      .send({ userId: student.id })
      .expect(200);
    expect(first.body).toEqual({
      success: true,
      message: 'Book liked',
      data: { likes: [otherStudent.id], likesCount: 1 },
    });
    const second = await api().patch(`/api/book/${id}/like`).set(auth(otherStudent)).expect(200);
    expect(second.body.data).toEqual({ likes: [otherStudent.id], likesCount: 1 });
    const search = await api().get('/api/book/search').expect(200);
    expect(search.body.data[0]).toMatchObject({ likesCount: 1, likes: [otherStudent.id] });
  });

  test('when many people like at once, then every like counts exactly once', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    const likers = Array.from({ length: 8 }, (_, i) => makeUser(h, `Liker ${i}`));
    await Promise.all(
      [...likers, ...likers].map((u) => api().patch(`/api/book/${id}/like`).set(auth(u)).expect(200)),
    );
    const search = await api().get('/api/book/search').expect(200);
    expect(search.body.data[0].likesCount).toBe(8);
    expect(new Set(search.body.data[0].likes)).toEqual(new Set(likers.map((u) => u.id)));
  });

  test('when a guest likes, then 401 and the count is unchanged', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    await api().patch(`/api/book/${id}/like`).expect(401);
    expect((await api().get('/api/book/search')).body.data[0].likesCount).toBe(0);
  });

  test('when the book is pending, unknown or not an id, then 404', async () => {
    const pendingId = await upload(h, student);
    await api().patch(`/api/book/${pendingId}/like`).set(auth(otherStudent)).expect(404);
    await api().patch(`/api/book/${randomUUID()}/like`).set(auth(otherStudent)).expect(404);
    await api().patch('/api/book/nope/like').set(auth(otherStudent)).expect(404);
  });
});

describe('bookmarks (PATCH /api/book/bookmark, DELETE /api/book/bookmark/{id}, GET /api/commonData/bookmarks/{userId})', () => {
  test('when a student bookmarks a book, then "Book bookmarked successfully" and it is under their bookmarks, once however often they click', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    const res = await api()
      .patch('/api/book/bookmark')
      .set(auth(otherStudent))
      .send({ userId: student.id, bookId: id })
      .expect(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Book bookmarked successfully',
      data: { bookId: id, bookmarked: true },
    });
    await api().patch('/api/book/bookmark').set(auth(otherStudent)).send({ bookId: id }).expect(200);
    const list = await api()
      .get(`/api/commonData/bookmarks/${otherStudent.id}`)
      .set(auth(otherStudent))
      .expect(200);
    expect(list.body.success).toBe(true);
    expect(list.body.data.booksBookmark).toHaveLength(1);
    expect(list.body.data.booksBookmark[0]).toMatchObject({ _id: id, verifiedBy: 'Dr. Meera Iyer' });
    const uploaderList = await api()
      .get(`/api/commonData/bookmarks/${student.id}`)
      .set(auth(student))
      .expect(200);
    expect(uploaderList.body.data.booksBookmark).toEqual([]);
  });

  test('when a student removes a bookmark, then it leaves the list; removing it again is fine', async () => {
    const id = await uploadAccepted(h, student, dsaTeacher);
    await api().patch('/api/book/bookmark').set(auth(student)).send({ bookId: id }).expect(200);
    const res = await api().delete(`/api/book/bookmark/${id}`).set(auth(student)).expect(200);
    expect(res.body).toMatchObject({ success: true, data: { bookId: id, bookmarked: false } });
    await api().delete(`/api/book/bookmark/${id}`).set(auth(student)).expect(200);
    expect(
      (await api().get(`/api/commonData/bookmarks/${student.id}`).set(auth(student))).body.data.booksBookmark,
    ).toEqual([]);
  });

  test("when someone reads another user's bookmarks, then 403; a guest gets 401", async () => {
    await api().get(`/api/commonData/bookmarks/${student.id}`).set(auth(otherStudent)).expect(403);
    await api().get(`/api/commonData/bookmarks/${student.id}`).expect(401);
  });

  test('when a guest bookmarks, then 401; a pending book or a missing bookId, then 404 and 400', async () => {
    const pendingId = await upload(h, student);
    await api().patch('/api/book/bookmark').send({ bookId: pendingId }).expect(401);
    await api().patch('/api/book/bookmark').set(auth(student)).send({ bookId: pendingId }).expect(404);
    const res = await api().patch('/api/book/bookmark').set(auth(student)).send({}).expect(400);
    expect(res.body.message).toBe('bookId is required');
    await api()
      .patch('/api/book/bookmark')
      .set(auth(student))
      .send({ bookId: { $ne: null } })
      .expect(400);
  });
});

describe('paging the review queue and the bookmarks (?page=&limit=)', () => {
  test('when 25 books wait for review, then the queue answers pages of 20 oldest first, the second page holds the rest, and every book is reachable', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push(await upload(h, student, { ...validBook, title: `Notes ${i}` }));
    const first = await api().get(`/api/book/pending/${dsaTeacher.id}`).set(auth(dsaTeacher)).expect(200);
    expect(first.body).toMatchObject({ success: true, page: 1, pages: 2, total: 25 });
    expect(first.body.data).toHaveLength(20);
    const second = await api()
      .get(`/api/book/pending/${dsaTeacher.id}?page=2`)
      .set(auth(dsaTeacher))
      .expect(200);
    expect(second.body).toMatchObject({ page: 2, pages: 2, total: 25 });
    expect([...first.body.data, ...second.body.data].map((b: { _id: string }) => b._id)).toEqual(ids);
  });

  test('when a page or limit is out of range, then 400 with the shared paging message', async () => {
    const page = await api()
      .get(`/api/book/pending/${dsaTeacher.id}?page=0`)
      .set(auth(dsaTeacher))
      .expect(400);
    expect(page.body.message).toBe('Page must be a whole number from 1 to 10000');
    const limit = await api()
      .get(`/api/commonData/bookmarks/${student.id}?limit=51`)
      .set(auth(student))
      .expect(400);
    expect(limit.body.message).toBe('Limit must be a whole number from 1 to 50');
  });

  test('when a student has more bookmarks than a page, then pages with the total, each bookmark on exactly one page', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await uploadAccepted(h, otherStudent, dsaTeacher);
      await api().patch('/api/book/bookmark').set(auth(student)).send({ bookId: id }).expect(200);
      ids.push(id);
    }
    const first = await api()
      .get(`/api/commonData/bookmarks/${student.id}?limit=2`)
      .set(auth(student))
      .expect(200);
    expect(first.body.data).toMatchObject({ page: 1, pages: 2, total: 3 });
    const second = await api()
      .get(`/api/commonData/bookmarks/${student.id}?limit=2&page=2`)
      .set(auth(student))
      .expect(200);
    expect(
      [...first.body.data.booksBookmark, ...second.body.data.booksBookmark].map(
        (b: { _id: string }) => b._id,
      ),
    ).toEqual(expect.arrayContaining(ids));
    expect(second.body.data.booksBookmark).toHaveLength(1);
  });
});
