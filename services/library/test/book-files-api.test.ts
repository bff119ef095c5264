import { randomUUID } from 'node:crypto';
import { isNull } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import request from 'supertest';
import type { EventEnvelope } from '@campus/contracts/events';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { blobs, outbox } from '../src/data/schema';
import { contentDisposition } from '../src/http/send-book-file';
import { libraryService } from '../src/service';
import { auth, makeUser, teachSubjects, validBook, type TestUser } from './helpers';

/**
 * Issue 27 (Library): notes uploaded as a PDF, checked by content, page 1 rendered once to the
 * card's preview, served with range requests and a safe Content-Disposition, readable by teachers
 * and the uploader until the book is accepted, then by everyone; "More like this".
 */
let h: ServiceHarness;
let asha: TestUser;
let vikram: TestUser;
let meera: TestUser;

beforeAll(async () => {
  h = await startServiceForTest(libraryService, {
    BOOK_UPLOADS_PER_HOUR: '3',
    BOOK_UPLOAD_MB_PER_DAY: '100',
  });
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  asha = makeUser(h, 'Asha Rao');
  vikram = makeUser(h, 'Vikram Shah');
  meera = makeUser(h, 'Dr. Meera Iyer', true);
  await teachSubjects(h, meera, ['Data Structure and Algorithm']);
});

const api = () => request(h.url);

/** A real PDF of `pages` A4 pages, made here with pdf-lib; `title` drawn on page 1. */
async function makePdf(title = 'Trees and graphs', pages = 2): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawRectangle({ x: 40, y: 700, width: 515, height: 100, color: rgb(0.1, 0.3, 0.7) });
    page.drawText(`${title} (page ${i + 1})`, { x: 50, y: 650, size: 24, font });
  }
  return Buffer.from(await doc.save());
}

const uploadFile = (
  user: TestUser | undefined,
  bytes: Buffer,
  filename = 'trees.pdf',
  contentType = 'application/pdf',
) => {
  const req = api().post('/api/book/upload');
  if (user) req.set(auth(user));
  return req.attach('file', bytes, { filename, contentType });
};

async function uploadPdf(user: TestUser, bytes?: Buffer, filename?: string) {
  const res = await uploadFile(user, bytes ?? (await makePdf()), filename).expect(201);
  return res.body as { fileUrl: string; previewUrl: string; pages: number; size: number; fileName: string };
}

async function createWithFile(user: TestUser, fileUrl: string, book: object = {}) {
  const res = await api()
    .post('/api/book')
    .set(auth(user))
    .send({ ...validBook, driveLink: '', fileUrl, ...book })
    .expect(201);
  return res.body.data as Record<string, unknown> & { _id: string };
}

const accept = (id: string) =>
  api().put(`/api/book/${id}/status`).set(auth(meera)).send({ status: 1 }).expect(200);

describe('POST /api/book/upload', () => {
  test('when a student uploads a PDF, then 201 with where it and its first page’s 480 px WebP preview are served', async () => {
    const pdf = await makePdf('Heaps', 3);
    const res = await uploadFile(asha, pdf, 'heaps.pdf').expect(201);
    expect(res.body).toEqual({
      success: true,
      fileUrl: expect.stringMatching(/^\/api\/book\/file\/[a-f0-9]{64}\.pdf$/),
      previewUrl: expect.stringMatching(/^\/api\/book\/file\/[a-f0-9]{64}\.webp$/),
      previewWidth: 480,
      previewHeight: expect.any(Number),
      pages: 3,
      size: pdf.length,
      fileName: 'heaps.pdf',
    });
    const file = await api().get(res.body.fileUrl).set(auth(asha)).buffer(true).expect(200);
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);
    const preview = await api().get(res.body.previewUrl).set(auth(asha)).buffer(true).expect(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    const meta = await sharp(preview.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: res.body.previewHeight });
    // An A4 page keeps its shape; the drawn page is not blank.
    expect(res.body.previewHeight).toBeGreaterThan(660);
    const stats = await sharp(preview.body as Buffer).stats();
    expect(stats.channels[0]!.min).toBeLessThan(100);
  });

  test('when a guest uploads, then 401', async () => {
    await uploadFile(undefined, await makePdf()).expect(401);
  });

  test('when no file is sent, then 400 "Choose a PDF to upload."', async () => {
    const res = await api().post('/api/book/upload').set(auth(asha)).field('title', 'x').expect(400);
    expect(res.body.message).toBe('Choose a PDF to upload.');
  });

  test('when a PNG is renamed notes.pdf and declared application/pdf, then 415 "Only PDF files can be uploaded." and nothing is stored', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const res = await uploadFile(asha, png, 'notes.pdf').expect(415);
    expect(res.body).toMatchObject({ code: 'NOT_PDF', message: 'Only PDF files can be uploaded.' });
    expect(await h.database.db.select().from(blobs)).toHaveLength(0);
  });

  test('when a file starts %PDF- but is not a PDF the renderer can open, then 422 with a human sentence', async () => {
    const broken = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(4000, 'x'),
      Buffer.from('\n%%EOF\n'),
    ]);
    const res = await uploadFile(asha, broken, 'broken.pdf').expect(422);
    expect(res.body).toMatchObject({
      code: 'PDF_UNREADABLE',
      message: expect.stringMatching(/could not be opened/),
    });
    // A real PDF cut in half is refused the same way.
    const pdf = await makePdf();
    await uploadFile(asha, pdf.subarray(0, Math.floor(pdf.length / 3)), 'cut.pdf').expect(422);
  });

  test('when the PDF is over 20 MB, then 413 "The file is too large: at most 20 MB."', async () => {
    const big = Buffer.concat([await makePdf(), Buffer.alloc(20 * 1024 * 1024, 0x20)]);
    const res = await uploadFile(asha, big, 'big.pdf').expect(413);
    expect(res.body.message).toBe('The file is too large: at most 20 MB.');
  });

  test('when a student uploads more PDFs in an hour than allowed (3 here), then 429 with Retry-After and a sentence', async () => {
    const pdf = await makePdf();
    for (let i = 0; i < 3; i++) await uploadFile(asha, pdf).expect(201);
    const res = await uploadFile(asha, pdf).expect(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.body.message).toMatch(/You have uploaded 3 PDFs in the last hour/);
    // Someone else is not held back by it.
    await uploadFile(vikram, pdf).expect(201);
  });
});

describe('GET /api/book/file/{key}: serving the PDF', () => {
  test('then application/pdf, nosniff, an ETag, Accept-Ranges and a safe Content-Disposition; a Range answers 206 with just those bytes', async () => {
    const pdf = await makePdf('Graphs', 4);
    const { fileUrl } = await uploadPdf(asha, pdf, 'Bäume; und Graphen.pdf');
    const res = await api().get(fileUrl).set(auth(asha)).buffer(true).expect(200);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      etag: expect.stringMatching(/^"[a-f0-9]{64}\.pdf"$/),
      'content-length': String(pdf.length),
    });
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="B_ume und Graphen.pdf"; filename*=UTF-8''B%C3%A4ume%20und%20Graphen.pdf`,
    );

    const first = await api()
      .get(fileUrl)
      .set(auth(asha))
      .set('Range', 'bytes=0-1023')
      .buffer(true)
      .expect(206);
    expect(first.headers['content-range']).toBe(`bytes 0-1023/${pdf.length}`);
    expect(Buffer.compare(first.body as Buffer, pdf.subarray(0, 1024))).toBe(0);
    const tail = await api().get(fileUrl).set(auth(asha)).set('Range', 'bytes=-100').buffer(true).expect(206);
    expect(Buffer.compare(tail.body as Buffer, pdf.subarray(pdf.length - 100))).toBe(0);
    const open = await api()
      .get(fileUrl)
      .set(auth(asha))
      .set('Range', `bytes=${pdf.length - 10}-`)
      .buffer(true)
      .expect(206);
    expect((open.body as Buffer).length).toBe(10);

    const past = await api().get(fileUrl).set(auth(asha)).set('Range', `bytes=${pdf.length}-`).expect(416);
    expect(past.headers['content-range']).toBe(`bytes */${pdf.length}`);
    // A Range for another version (If-Range not this ETag) gets the whole file.
    await api().get(fileUrl).set(auth(asha)).set('Range', 'bytes=0-9').set('If-Range', '"other"').expect(200);
    await api().get(fileUrl).set(auth(asha)).set('If-None-Match', res.headers.etag!).expect(304);
  });

  test('when the key is malformed or unknown, then 404', async () => {
    await api().get('/api/book/file/..%2F..%2Fetc%2Fpasswd').set(auth(asha)).expect(404);
    await api()
      .get(`/api/book/file/${'a'.repeat(64)}.pdf`)
      .set(auth(asha))
      .expect(404);
  });

  test('a pending book’s file: its uploader and teachers read it (private cache); a guest and another student get 404; once accepted, everyone (cached for 5 minutes, so a takedown reaches caches); hidden by a moderator, 404 again', async () => {
    const { fileUrl, previewUrl } = await uploadPdf(asha);
    // Not attached yet: only the uploader.
    await api().get(fileUrl).set(auth(meera)).expect(404);
    const book = await createWithFile(asha, fileUrl);
    expect(book.status).toBe('pending');

    await api().get(fileUrl).expect(404);
    await api().get(previewUrl).expect(404);
    await api().get(fileUrl).set(auth(vikram)).expect(404);
    const mine = await api().get(fileUrl).set(auth(asha)).expect(200);
    expect(mine.headers['cache-control']).toMatch(/^private/);
    const teacher = await api().get(fileUrl).set(auth(meera)).set('Range', 'bytes=0-99').expect(206);
    expect(teacher.headers['cache-control']).toMatch(/^private/);
    await api().get(previewUrl).set(auth(meera)).expect(200);

    await accept(book._id);
    const guest = await api().get(fileUrl).expect(200);
    expect(guest.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    await api().get(previewUrl).expect(200);

    const hide: EventEnvelope = {
      id: randomUUID(),
      name: 'moderation.content.hidden',
      occurredAt: new Date().toISOString(),
      producer: 'moderation',
      payload: {
        targetType: 'book',
        targetId: book._id,
        authorId: asha.id,
        title: validBook.title,
        link: `/library/books/${book._id}`,
        reason: 'Copyrighted',
        by: 'moderator',
        decision: 1,
      },
    };
    await h.bus.publish(hide);
    await h.waitForHandled(hide.id);
    await api().get(fileUrl).expect(404);
    await api().get(fileUrl).set(auth(asha)).expect(200);
  });
});

describe('Content-Disposition of an uploaded name', () => {
  test('then quotes, semicolons, backslashes, paths and line breaks never reach the header, and the UTF-8 name is in filename*', () => {
    expect(contentDisposition('inline', '../../x\r\nSet-Cookie: a=b"; y.pdf')).toBe(
      `inline; filename="xSet-Cookie: a=b y.pdf"; filename*=UTF-8''xSet-Cookie%3A%20a%3Db%20y.pdf`,
    );
    expect(contentDisposition('attachment', 'नोट्स')).toMatch(
      /^attachment; filename="_+\.pdf"; filename\*=UTF-8''%E0/,
    );
  });
});

describe('POST /api/book with fileUrl', () => {
  test('when a student creates a book with only a PDF, then 201 with fileUrl, previewUrl and the PDF as its link; GET /api/book/{id} and search show them', async () => {
    const up = await uploadPdf(asha);
    const book = await createWithFile(asha, up.fileUrl);
    expect(book).toMatchObject({
      fileUrl: up.fileUrl,
      previewUrl: up.previewUrl,
      driveLink: up.fileUrl,
      previewWidth: 480,
      filePages: 2,
      uploadedBy: asha.id,
    });
    await accept(book._id);
    const got = await api().get(`/api/book/${book._id}`).expect(200);
    expect(got.body.data).toMatchObject({ fileUrl: up.fileUrl, previewUrl: up.previewUrl });
    const found = await api().get('/api/book/search').query({ q: 'Data Structure Notes' }).expect(200);
    expect(found.body.data[0]).toMatchObject({ _id: book._id, previewUrl: up.previewUrl });
  });

  test('when the book has both a Drive link and a PDF, then both are kept', async () => {
    const up = await uploadPdf(asha);
    const book = await createWithFile(asha, up.fileUrl, { driveLink: validBook.driveLink });
    expect(book).toMatchObject({ driveLink: validBook.driveLink, fileUrl: up.fileUrl });
  });

  test('when the PDF is another student’s, or already used by a book, then 400 FILE_UNKNOWN and no book', async () => {
    const up = await uploadPdf(asha);
    const other = await api()
      .post('/api/book')
      .set(auth(vikram))
      .send({ ...validBook, driveLink: undefined, fileUrl: up.fileUrl })
      .expect(400);
    expect(other.body).toMatchObject({
      code: 'FILE_UNKNOWN',
      message: expect.stringMatching(/not uploaded by you/),
    });
    await createWithFile(asha, up.fileUrl);
    await api()
      .post('/api/book')
      .set(auth(asha))
      .send({ ...validBook, fileUrl: up.fileUrl })
      .expect(400);
    const mine = await api().get('/api/book/search').expect(200);
    expect(mine.body.total).toBe(0);
  });

  test('when neither a Drive link nor a PDF is sent, then 400 "Google Drive link is required" as the spec says', async () => {
    const res = await api()
      .post('/api/book')
      .set(auth(asha))
      .send({ ...validBook, driveLink: '' })
      .expect(400);
    expect(res.body.message).toBe('Google Drive link is required');
    const bad = await api()
      .post('/api/book')
      .set(auth(asha))
      .send({ ...validBook, fileUrl: '/etc/passwd' })
      .expect(400);
    expect(bad.body.message).toMatch(/not uploaded by you/);
  });

  test('when the uploader deletes the book, then its PDF and preview are gone (404) and their blobs removed', async () => {
    const up = await uploadPdf(asha);
    const book = await createWithFile(asha, up.fileUrl);
    await api().delete(`/api/book/${book._id}`).set(auth(asha)).expect(200);
    await api().get(up.fileUrl).set(auth(asha)).expect(404);
    expect(await h.database.db.select().from(blobs)).toHaveLength(0);
  });
});

describe('GET /api/book/{id}/similar (More like this)', () => {
  test('then accepted books of the same subject and semester, most liked first, never the book itself, not pending ones or other semesters; 404 for no such book', async () => {
    const create = async (title: string, extra: object = {}, acceptIt = true) => {
      const res = await api()
        .post('/api/book')
        .set(auth(asha))
        .send({ ...validBook, title, ...extra })
        .expect(201);
      if (acceptIt) await accept(res.body.data._id);
      return res.body.data._id as string;
    };
    const self = await create('Trees');
    const a = await create('Graphs');
    const b = await create('Heaps');
    await create('Tries, semester 5', { semester: 5 });
    await create('Pending hashing', {}, false);
    await create('DBMS', { subject: 'Database Management System' }, false);
    await api().patch(`/api/book/${b}/like`).set(auth(vikram)).expect(200);

    const res = await api().get(`/api/book/${self}/similar`).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((x: { _id: string }) => x._id)).toEqual([b, a]);
    await api().get(`/api/book/${randomUUID()}/similar`).expect(404);
  });
});

describe('your data: PDFs', () => {
  test('the export lists every PDF uploaded (used or not) with its URLs; deleting the account removes them and their blobs', async () => {
    const used = await uploadPdf(asha);
    const unused = await uploadPdf(asha, await makePdf('Draft', 1), 'draft.pdf');
    await createWithFile(asha, used.fileUrl);
    const res = await api().get('/api/me/export/library').set(auth(asha)).expect(200);
    expect(res.body.files['pdf-uploads.json']).toEqual([
      expect.objectContaining({
        fileUrl: used.fileUrl,
        previewUrl: used.previewUrl,
        name: 'trees.pdf',
        bookId: expect.any(String),
      }),
      expect.objectContaining({ fileUrl: unused.fileUrl, name: 'draft.pdf', bookId: null }),
    ]);

    await waitFor('the outbox published', async () => {
      return (await h.database.db.select().from(outbox).where(isNull(outbox.publishedAt))).length === 0;
    });
    const envelope: EventEnvelope = {
      id: randomUUID(),
      name: 'identity.user.deleted',
      occurredAt: new Date().toISOString(),
      producer: 'identity',
      payload: { userId: asha.id, contributions: 'delete' },
    };
    await h.bus.publish(envelope);
    await h.waitForHandled(envelope.id);
    await api().get(used.fileUrl).set(auth(asha)).expect(404);
    expect(await h.database.db.select().from(blobs)).toHaveLength(0);
  });
});
