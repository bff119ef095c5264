/**
 * The smoke test of the production images (topology.ts runs it), through the gateway alone, with the
 * API's own contracts: a student signs up and logs in, uploads a book, and the profile's Books count
 * reaches 1 (the library's event through RabbitMQ to the profile service); a poster is uploaded to the
 * events service and served back as the WebP it was turned into (sharp's native build in the image).
 */
import sharp from 'sharp';
import { PosterUploadResponse } from '@campus/contracts/events-domain';
import { LoginResponse, RegisterResponse } from '@campus/contracts/identity';
import { BookResponse, type CreateBookRequest } from '@campus/contracts/library';
import { ProfileCountsResponse } from '@campus/contracts/profile';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { ApiClient, uniqueEmail } from '../../../e2e-api/support/api-client';

function expectStatus(what: string, res: { status: number; body: unknown }, status: number): void {
  if (res.status !== status)
    throw new Error(`${what} answered ${res.status} (expected ${status}): ${JSON.stringify(res.body)}`);
}

async function step<T>(what: string, action: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await action();
  console.log(`  ok  ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

export async function smokeTest(origin: string): Promise<void> {
  const guest = new ApiClient(origin);
  await step('the gateway reports every service ready (/api/health)', async () => {
    await waitFor('GET /api/health to answer 200', () => guest.get('/api/health'), {
      until: (res) => res.status === 200,
      timeoutMs: 30_000,
      everyMs: 500,
    });
  });

  const student = new ApiClient(origin);
  const email = uniqueEmail('smoke');
  const password = 'a-long-enough-password';
  const userId = await step('a student signs up and logs in', async () => {
    const registered = await student.post('/api/auth/register', {
      name: 'Smoke Test Student',
      email,
      password,
      isTeacher: false,
      teacherCode: '',
    });
    expectStatus('POST /api/auth/register', registered, 201);
    const { user } = RegisterResponse.parse(registered.body);
    const login = await student.post('/api/auth/login', { email, password });
    expectStatus('POST /api/auth/login', login, 200);
    if (LoginResponse.parse(login.body)._id !== user._id)
      throw new Error('the login is not the signed-up user');
    return user._id;
  });

  const countsOf = async () => {
    const res = await student.get(`/api/commonData/${userId}`);
    return res.status === 200 ? ProfileCountsResponse.parse(res.body).data : undefined;
  };
  await step("the new student's profile counts no book", async () => {
    const counts = await countsOf();
    if (counts?.bookCount !== 0) throw new Error(`a new student's bookCount is ${counts?.bookCount}, not 0`);
  });

  await step('the student uploads a book (201, pending)', async () => {
    const book: CreateBookRequest = {
      title: `Smoke test notes ${email}`,
      semester: 4,
      branch: 'CSE',
      subject: 'Database Management System',
      tags: ['smoke'],
      driveLink: 'https://drive.google.com/file/d/smoke-test/view',
    };
    const uploaded = await student.post('/api/book', book);
    expectStatus('POST /api/book', uploaded, 201);
    const { data } = BookResponse.parse(uploaded.body);
    if (data.uploadedBy !== userId)
      throw new Error(`the book was uploaded by ${data.uploadedBy}, not the student`);
  });

  await step("the profile's Books count reaches 1 (library -> RabbitMQ -> profile)", async () => {
    const counts = await waitFor("the student's bookCount to reach 1", countsOf, {
      until: (data) => (data?.bookCount ?? 0) >= 1,
      timeoutMs: 60_000,
      everyMs: 250,
    });
    if (counts?.bookCount !== 1) throw new Error(`bookCount is ${counts?.bookCount}, expected 1`);
  });

  await step('a poster is uploaded and served back as WebP', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#1f5ac8' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('poster', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'poster.jpg');
    const res = await fetch(`${origin}/api/event/upload`, {
      method: 'POST',
      headers: { origin, cookie: `cc_access=${student.cookie('cc_access')}` },
      body: form,
    });
    const body: unknown = await res.json();
    expectStatus('POST /api/event/upload', { status: res.status, body }, 200);
    const { posterUrl } = PosterUploadResponse.parse(body);
    const served = await fetch(`${origin}${posterUrl}`);
    if (served.status !== 200) throw new Error(`GET ${posterUrl} answered ${served.status}`);
    if (served.headers.get('content-type') !== 'image/webp')
      throw new Error(`GET ${posterUrl} is ${served.headers.get('content-type')}, not image/webp`);
    const { format, width } = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    if (format !== 'webp' || !width) throw new Error(`GET ${posterUrl} is not a WebP image (${format})`);
  });

  await step('the shell page is served through the gateway', async () => {
    const page = await fetch(`${origin}/`);
    const type = page.headers.get('content-type') ?? '';
    if (page.status !== 200 || !type.startsWith('text/html'))
      throw new Error(`GET / answered ${page.status} (${type})`);
  });
}
