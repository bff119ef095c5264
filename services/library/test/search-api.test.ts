import request from 'supertest';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { libraryService } from '../src/service';
import { auth, makeUser, teachSubjects, upload, uploadAccepted, validBook, type TestUser } from './helpers';

let h: ServiceHarness;
let student: TestUser;
let reviewer: TestUser;
const ids: Record<string, string> = {};

const book = (title: string, subject: string, tags: string[] = []) => ({
  ...validBook,
  title,
  subject,
  tags,
});

// One catalogue for the whole file: the searches only read it.
beforeAll(async () => {
  h = await startServiceForTest(libraryService);
  // The worker's database may hold another file's books (PostgreSQL: one database per worker).
  await h.reset();
  student = makeUser(h, 'Asha Rao');
  reviewer = makeUser(h, 'Dr. Meera Iyer', true);
  await teachSubjects(h, reviewer, [
    'Data Structure and Algorithm',
    'Database Management System',
    'Operating System',
    'Theory of Computation',
  ]);
  const catalogue: Array<[string, ReturnType<typeof book>]> = [
    ['dsTrees', book('Data Structure Trees and Graphs', 'Data Structure and Alogrithm', ['trees'])],
    ['sorting', book('Sorting Techniques', 'Data Structure and Alogrithm', ['quicksort', 'data structures'])],
    ['normal', book('Normalization up to BCNF', 'Database Management System', ['dbms', 'normal forms'])],
    ['sql', book('SQL Joins Explained', 'Database Management System', ['sql'])],
    ['paging', book('Paging and Virtual Memory', 'Operating System', ['memory'])],
    ['theorie', book('Théorie des Automates', 'Theory of Computation', ['dfa', 'Éléments'])],
  ];
  for (const [key, b] of catalogue) ids[key] = await uploadAccepted(h, student, reviewer, b);
  ids.pending = await upload(
    h,
    student,
    book('Data Structure Pending Draft', 'Data Structure and Alogrithm'),
  );
  // Likes: sql 3, paging 1, the others 0.
  for (const [key, n] of [
    ['sql', 3],
    ['paging', 1],
  ] as const)
    for (let i = 0; i < n; i++)
      await request(h.url)
        .patch(`/api/book/${ids[key]}/like`)
        .set(auth(makeUser(h, `L${i}`)))
        .expect(200);
});
afterAll(() => h.stop());

const search = (query: Record<string, string>) => request(h.url).get('/api/book/search').query(query);
const titlesOf = (res: request.Response) => (res.body.data as Array<{ title: string }>).map((b) => b.title);

describe('search (GET /api/book/search)', () => {
  test('when nobody is signed in and nothing is asked, then every accepted book, newest first, with success, data, pages and message', async () => {
    const res = await search({}).expect(200);
    expect(res.body).toMatchObject({ success: true, pages: 1, total: 6, message: 'Books found' });
    expect(titlesOf(res)).toEqual([
      'Théorie des Automates',
      'Paging and Virtual Memory',
      'SQL Joins Explained',
      'Normalization up to BCNF',
      'Sorting Techniques',
      'Data Structure Trees and Graphs',
    ]);
  });

  test('when the user types "data struc", then books whose title starts so come first, then books tagged so; pending ones never', async () => {
    const res = await search({ q: 'data struc' }).expect(200);
    expect(titlesOf(res)).toEqual(['Data Structure Trees and Graphs', 'Sorting Techniques']);
  });

  test('when the case and accents differ ("THEORIE elements"), then the accented book is found', async () => {
    expect(titlesOf(await search({ q: 'THEORIE elements' }))).toEqual(['Théorie des Automates']);
    expect(titlesOf(await search({ q: 'théorie' }))).toEqual(['Théorie des Automates']);
  });

  test('when the query names a subject ("database"), then books of that subject match by subject', async () => {
    expect(titlesOf(await search({ q: 'database management' })).sort()).toEqual([
      'Normalization up to BCNF',
      'SQL Joins Explained',
    ]);
  });

  test('when the query says "algorithm", then DSA books are found despite their subject being spelt "Alogrithm"', async () => {
    expect(titlesOf(await search({ q: 'algorithm' })).sort()).toEqual([
      'Data Structure Trees and Graphs',
      'Sorting Techniques',
    ]);
  });

  test('when a subject filter is given, in either spelling or as "Data Structure & Algorithm", then only that subject', async () => {
    for (const subject of [
      'Data Structure and Alogrithm',
      'Data Structure and Algorithm',
      'Data Structure & Algorithm',
    ]) {
      const res = await search({ subject }).expect(200);
      expect(titlesOf(res).sort()).toEqual(['Data Structure Trees and Graphs', 'Sorting Techniques']);
    }
    expect(titlesOf(await search({ subject: 'All Subjects' }))).toHaveLength(6);
  });

  test('when sorted by likes, then most liked first (likes_desc) or least liked first (likes_asc)', async () => {
    const most = titlesOf(await search({ sort: 'likes_desc' }));
    expect(most.slice(0, 2)).toEqual(['SQL Joins Explained', 'Paging and Virtual Memory']);
    const least = titlesOf(await search({ sort: 'likes_asc' }));
    expect(least.slice(-2)).toEqual(['Paging and Virtual Memory', 'SQL Joins Explained']);
    expect(
      titlesOf(await search({ q: 'sql', subject: 'Database Management System', sort: 'likes_desc' })),
    ).toEqual(['SQL Joins Explained']);
  });

  test('when paging 2 at a time, then pages is 3 and the pages are disjoint and cover everything; past the end is empty with pages still right', async () => {
    const seen: string[] = [];
    for (const page of ['1', '2', '3']) {
      const res = await search({ limit: '2', page }).expect(200);
      expect(res.body.pages).toBe(3);
      seen.push(...titlesOf(res));
    }
    expect(new Set(seen).size).toBe(6);
    const past = await search({ limit: '2', page: '9' }).expect(200);
    expect(past.body).toMatchObject({ data: [], pages: 3, total: 6 });
    const pastText = await search({ q: 'data struc', limit: '1', page: '5' }).expect(200);
    expect(pastText.body).toMatchObject({ data: [], pages: 2, total: 2 });
  });

  test("when nothing matches, then an empty list and the spec's message", async () => {
    const res = await search({ q: 'quantum chromodynamics' }).expect(200);
    expect(res.body).toEqual({
      success: true,
      data: [],
      pages: 0,
      total: 0,
      message: 'No books found matching your criteria',
    });
  });

  test('when limit is left out, then 20 per page; above 50 or below 1, then 400', async () => {
    expect((await search({})).body.data.length).toBeLessThanOrEqual(20);
    expect((await search({ limit: '51' }).expect(400)).body.message).toBe(
      'Limit must be a whole number from 1 to 50',
    );
    await search({ limit: '0' }).expect(400);
    await search({ limit: '1e9' }).expect(400);
    await search({ page: '-1' }).expect(400);
  });

  test.each([
    ['a LIKE pattern', '%'],
    ['LIKE wildcards', '_a_%'],
    ['a regex', '.*(a|b)+$'],
    ['tsquery operators', 'data & !struc | (x <-> y):*'],
    ['quotes and backslashes', "O'Reilly \\ '' \\\\"],
    ['SQL', "'; drop table library.books; --"],
    ['only punctuation', '!!! ::: &&&'],
    ['unicode and emoji', 'データ構造 📚 ∑'],
    ['NUL-free control characters', '\u0007\u001b[31m'],
    ['200 characters of one-letter words', 'a '.repeat(100)],
  ])('when q is %s, then 200 with a list (the text is data, never syntax)', async (_case, q) => {
    const res = await search({ q }).expect(200);
    expect(Array.isArray(res.body.data)).toBe(true);
    expect(res.body.data.every((b: { status: string }) => b.status === 'accepted')).toBe(true);
  });

  test('when q is a 10 KB string, then 400 "Search text must be at most 200 characters"', async () => {
    const res = await search({ q: 'x'.repeat(10_240) }).expect(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Search text must be at most 200 characters',
    });
  });

  test('when q or subject is sent twice (an array) or as q[$ne]=x, then 4xx, never 5xx', async () => {
    const twice = await request(h.url).get('/api/book/search?q=a&q=b');
    expect(twice.status).toBe(400);
    const objectLike = await request(h.url).get('/api/book/search?q[$ne]=x&subject[$gt]=');
    expect(objectLike.status).toBeLessThan(500);
    const subjects = await request(h.url).get(
      '/api/book/search?subject=Operating%20System&subject=Compiler%20Design',
    );
    expect(subjects.status).toBe(400);
  });

  test.each([
    ['SQL', "' or 1=1 --"],
    ['a LIKE pattern', '%'],
    ['not a subject', 'Astrology'],
    ['10 KB long', 'x'.repeat(10_240)],
  ])('when subject is %s, then 400 "Unknown subject filter"', async (_case, subject) => {
    const res = await search({ subject }).expect(400);
    expect(res.body.message).toBe('Unknown subject filter');
  });

  test('when sort is unknown, then 400 "Sort must be likes_desc or likes_asc"', async () => {
    expect((await search({ sort: 'title; drop' }).expect(400)).body.message).toBe(
      'Sort must be likes_desc or likes_asc',
    );
  });
});
