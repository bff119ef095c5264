import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import { outboxTable } from '@campus/service-kit/outbox';
import { tracesOf, type Trace } from '@campus/service-kit/testing/no-trace';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { inboxOf, waitForHandled } from '@campus/service-kit/testing/wait-for-handled';
import { SERVICES } from '../src/service-registry';
import { startPlatform, type RunningPlatform } from '../src/platform';

/**
 * Issue 26 §3's proof: one student writes something in every service, deletes their account, and
 * once every service has handled identity.user.deleted, no service's schema holds their id, name or
 * email (only identity's outbox keeps the deletion announcement itself, with the id, until the outbox
 * prunes it). The whole embedded platform, through the gateway, with its database read directly.
 */
const WHOLE_PLATFORM_MS = 300_000;
const TEACHER_CODE = 'FAC-DELETE-2026';
const PASSWORD = 'a-long-enough-password';

let platform: RunningPlatform;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-platform-delete-'));
  platform = await startPlatform({
    dataDir,
    port: 0,
    seed: false,
    processEnv: {},
    env: { TEACHER_CODE, PASSWORD_HASH_COST: '1024', LOG_LEVEL: 'silent' },
  });
}, WHOLE_PLATFORM_MS);
afterAll(async () => {
  await platform?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Account {
  id: string;
  name: string;
  email: string;
  cookie: string;
}

async function signUp(name: string, email: string, teacher = false): Promise<Account> {
  const registered = await fetch(`${platform.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      email,
      password: PASSWORD,
      isTeacher: teacher,
      teacherCode: teacher ? TEACHER_CODE : '',
    }),
  });
  if (registered.status !== 201)
    throw new Error(`register ${email}: ${registered.status} ${await registered.text()}`);
  const login = await fetch(`${platform.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const user = (await login.json()) as { _id: string };
  return { id: user._id, name, email, cookie };
}

/** Where the walk is, for a failure's message (each step names itself). */
const steps: string[] = [];

async function call<T = unknown>(
  who: Account,
  method: string,
  route: string,
  body?: unknown,
  expected = [200, 201],
) {
  const res = await fetch(`${platform.url}${route}`, {
    signal: AbortSignal.timeout(20_000),
    method,
    headers: { cookie: who.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  steps.push(`${method} ${route} ${res.status}`);
  if (process.env.TRACE_STEPS) process.stderr.write(`${new Date().toISOString()} ${steps.at(-1)}\n`);
  if (!expected.includes(res.status))
    throw new Error(`${method} ${route} as ${who.name}: ${res.status} ${text}`);
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function uploadPoster(who: Account): Promise<string> {
  const jpeg = await sharp({ create: { width: 1080, height: 1350, channels: 3, background: '#3344aa' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('poster', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'poster.jpg');
  const res = await fetch(`${platform.url}/api/event/upload`, {
    method: 'POST',
    headers: { cookie: who.cookie },
    body: form,
  });
  if (!res.ok) throw new Error(`poster upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { posterUrl: string }).posterUrl;
}

/**
 * Everything the student writes or chooses, in every service; the other student's and the teacher's
 * things stay. What they write never spells their own name: under 'anonymise' their words stay, and a
 * service cannot (and must not) rewrite them.
 */
async function createContentEverywhere(asha: Account, ravi: Account, teacher: Account) {
  const subject = 'Operating System';
  await call(teacher, 'POST', '/api/commonData', { department: 'Computer Science', subjects: [subject] });
  await call(asha, 'POST', '/api/commonData', {
    graduationYear: 2027,
    branch: 'Computer Science and Engineering',
    enrollmentNumber: 'CSE2023-0999',
  });

  // Library: a book (accepted by the teacher), a like and a bookmark.
  const book = await call<{ data: { _id: string } }>(asha, 'POST', '/api/book', {
    title: 'Operating System notes, unit 3',
    semester: 4,
    branch: 'Computer Science',
    subject,
    tags: ['scheduling'],
    driveLink: 'https://drive.google.com/file/d/asha-os-notes/view',
  });
  const bookId = book.body.data._id;
  await waitFor(
    'the book in the teacher’s queue',
    async () =>
      (await call<{ data: Array<{ _id: string }> }>(teacher, 'GET', `/api/book/pending/${teacher.id}`)).body
        .data,
    { until: (pending) => pending.some((b) => b._id === bookId), timeoutMs: 30_000 },
  );
  await call(teacher, 'PUT', `/api/book/${bookId}/status`, { status: 1 });
  await call(asha, 'PATCH', `/api/book/${bookId}/like`, {});
  await call(ravi, 'PATCH', `/api/book/${bookId}/like`, {});
  await call(asha, 'PATCH', '/api/book/bookmark', { bookId });

  // Community: a post (Ravi comments on it: a notification for Asha), a comment, a vote, a follow, a pledge.
  const post = await call<{ _id: string }>(asha, 'POST', '/api/community', {
    title: 'A question about the OS lab',
    content: 'Is the OS lab on Friday?',
    tag: 'Q&A',
  });
  const raviPost = await call<{ _id: string }>(ravi, 'POST', '/api/community', {
    title: 'Ravi on hostel wifi',
    content: 'Wifi drops at night.',
    tag: 'Complain',
  });
  await call(ravi, 'POST', `/api/comments/${post.body._id}`, { content: 'Yes, Friday at 2.' });
  await call(asha, 'POST', `/api/comments/${raviPost.body._id}`, { content: 'Same here.' });
  await call(asha, 'PATCH', `/api/community/${raviPost.body._id}/upvote`, {});
  await call(asha, 'PUT', `/api/community/${raviPost.body._id}/follow`, { following: true });
  await call(asha, 'POST', '/api/fundraising/2/pledges', { amount: 300 });

  // Careers: a job post and an interview experience. Housing: a flat request. Events: an event.
  await call(asha, 'POST', '/api/job/createjobpost', {
    companyName: 'Acme',
    role: 'Intern',
    jobDescription: 'Backend internship, six months.',
    salary: '50,000 / month',
    jobType: 'Intern',
  });
  await call(asha, 'POST', '/api/interview/create', {
    companyName: 'Acme',
    role: 'SRE',
    salary: '24 LPA',
    interviewRounds: 2,
    interviewRoundsDescription: '<p>Two rounds: coding, then design.</p>',
  });
  await call(asha, 'POST', '/api/flat', {
    name: asha.name,
    description: 'One room near campus.',
    location: 'https://maps.google.com/?q=Kothrud+Pune',
    genderPreference: 'female',
    rent: '8500',
    moveInDate: '2027-07-01',
    contactInfo: asha.email,
  });
  await call(asha, 'POST', '/api/event/createform', {
    posterLink: await uploadPoster(asha),
    registerLink: 'https://forms.example.org/asha-fest',
    title: 'Spring fest',
    description: 'Music and food on the main lawn.',
  });

  // Moderation: Asha reports Ravi's post (once moderation has heard of it).
  await waitFor(
    'moderation to know Ravi’s post',
    async () =>
      (
        await call(
          asha,
          'POST',
          '/api/reports',
          { targetType: 'post', targetId: raviPost.body._id, reason: 'spam' },
          [201, 404],
        )
      ).status,
    { until: (status) => status === 201, timeoutMs: 30_000 },
  );
  // Notifications: Ravi's comment on Asha's post reaches her.
  await waitFor(
    'Asha’s notification of Ravi’s comment',
    async () => (await call<{ data?: unknown[] } | unknown[]>(asha, 'GET', '/api/notifications')).body,
    { until: (body) => JSON.stringify(body).includes(post.body._id), timeoutMs: 30_000 },
  );
}

function withDeadline<T>(work: Promise<T>, ms: number, why: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(why())), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Waits for every consumer to handle the deletion, then every trace of the person left, by schema. */
async function tracesLeftAfterDeletion(
  userId: string,
  needles: string[],
  consumers: ReadonlyArray<{ name: string }>,
): Promise<Record<string, Trace[]>> {
  const db = platform.database;
  const identityOutbox = outboxTable(pgSchema('identity'));
  const [announcement] = await db
    .select({ id: identityOutbox.id, payload: identityOutbox.payload })
    .from(identityOutbox)
    .where(
      and(
        eq(identityOutbox.name, 'identity.user.deleted'),
        sql`${identityOutbox.payload}->>'userId' = ${userId}`,
      ),
    );
  expect(announcement?.payload).toMatchObject({ userId });
  for (const service of consumers) await waitForHandled(db, inboxOf(service.name), announcement!.id, 30_000);
  const left: Record<string, Trace[]> = {};
  for (const { definition } of SERVICES) {
    const traces = (await tracesOf(db, definition.name, needles)).filter(
      // What stays, and why: the announcement itself (the id and the choice), in identity's outbox until it is pruned.
      (t) =>
        !(
          definition.name === 'identity' &&
          t.table === 'outbox' &&
          t.value === JSON.stringify(announcement!.payload)
        ),
    );
    if (traces.length) left[definition.name] = traces;
  }
  return left;
}

test.each([
  ['delete', 'Asha Rao', 'Ravi Kumar', 'Dr Meera Iyer'],
  ['anonymise', 'Bela Shah', 'Kiran Das', 'Dr Farah Khan'],
] as const)(
  'when a student who wrote in every service deletes their account (%s what they wrote), then after identity.user.deleted is handled no service keeps their id, name or email',
  async (contributions, studentName, otherName, teacherName) => {
    const email = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@campus.test`;
    const asha = await signUp(studentName, email(studentName));
    const ravi = await signUp(otherName, email(otherName));
    const teacher = await signUp(teacherName, email(teacherName), true);
    await createContentEverywhere(asha, ravi, teacher);
    const db = platform.database;
    const needles = [asha.id, asha.name, asha.email];
    const consumers = SERVICES.map((s) => s.definition).filter((d) =>
      d.consumes.includes('identity.user.deleted'),
    );
    // Before: every service holds something of hers, or the check after would prove nothing.
    const holding: string[] = [];
    for (const { definition } of SERVICES)
      if ((await tracesOf(db, definition.name, needles)).length > 0) holding.push(definition.name);
    expect(holding).toEqual(SERVICES.map((s) => s.definition.name));

    // The kit scrubs only published outbox rows after forget (unpublished ones are still to be sent):
    // so every event her writing raised is sent before she leaves, or a slow relay leaves her in one.
    await waitFor(
      'every service’s outbox to be published',
      async () => {
        const unpublished: string[] = [];
        for (const { definition } of SERVICES) {
          const outbox = outboxTable(pgSchema(definition.name));
          const rows = await db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.publishedAt));
          if (rows.length > 0) unpublished.push(`${definition.name}: ${rows.length}`);
        }
        return unpublished;
      },
      { until: (unpublished) => unpublished.length === 0, timeoutMs: 30_000 },
    );

    await call(asha, 'DELETE', '/api/me', { password: PASSWORD, contributions });

    // On the embedded database a forget that queries outside its transaction waits for itself forever
    // (PGlite has one connection): that is a failure to name, not a test that hangs.
    const left = await withDeadline(
      tracesLeftAfterDeletion(asha.id, needles, consumers),
      120_000,
      () =>
        `the platform's database stopped answering after DELETE /api/me (a service's forget querying outside its transaction?). Steps: ${steps.join(', ')}`,
    );
    const report = Object.entries(left)
      .flatMap(([schema, traces]) =>
        traces.map((t) => `${schema}.${t.table}.${t.column} holds "${t.needle}"`),
      )
      .join('\n');
    expect(report).toBe('');
    // Ravi's things are untouched.
    expect((await tracesOf(db, 'community', [ravi.id])).length).toBeGreaterThan(0);
    // And the services that do not consume the event are listed, so a new service cannot slip by unnoticed.
    expect(
      SERVICES.map((s) => s.definition.name).filter(
        (n) => !consumers.some((c) => c.name === n) && n !== 'identity',
      ),
    ).toEqual([]);
  },
  WHOLE_PLATFORM_MS,
);
