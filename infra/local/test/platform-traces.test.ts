import {
  startInMemoryTracing,
  type InMemoryTraces,
  type RecordedSpan,
} from '@campus/service-kit/testing/in-memory-traces';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { SERVICES } from '../src/service-registry';
import { startTemporaryPlatform, type TemporaryPlatform } from '../src/testing/temporary-platform';

/**
 * Issue 29 §3's proof: one user action is one trace across the gateway, the library (its HTTP span,
 * its transaction and queries, the outbox publish), the bus and the profile service's consumer and
 * its database work. The embedded platform (gateway, identity, library, profile; the in-process bus,
 * which carries the trace context on the envelope) with the kit's spans kept in memory.
 */
const PLATFORM_MS = 240_000;
const TEACHER_CODE = 'FAC-TRACES-2026';
const PASSWORD = 'a-long-enough-password';

let traces: InMemoryTraces;
let platform: TemporaryPlatform;

beforeAll(async () => {
  traces = startInMemoryTracing('campus-connect');
  platform = await startTemporaryPlatform('traces', {
    processEnv: {},
    env: { TEACHER_CODE, LOG_LEVEL: 'silent' },
    services: SERVICES.map((s) => s.definition).filter((d) =>
      ['identity', 'library', 'profile'].includes(d.name),
    ),
  });
}, PLATFORM_MS);
afterAll(async () => {
  await platform?.stop();
  await traces?.stop();
});

interface Account {
  id: string;
  cookie: string;
}

async function call<T = { data: unknown }>(
  who: Account | undefined,
  method: string,
  route: string,
  body?: unknown,
) {
  const res = await fetch(`${platform.url}${route}`, {
    signal: AbortSignal.timeout(20_000),
    method,
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${text}`);
  return { res, body: JSON.parse(text) as T };
}

async function signUp(name: string, teacher: boolean): Promise<Account> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@traces.test`;
  const registered = await call<{ user: { _id: string } }>(undefined, 'POST', '/api/auth/register', {
    name,
    email,
    password: PASSWORD,
    isTeacher: teacher,
    teacherCode: teacher ? TEACHER_CODE : '',
  });
  const { res } = await call(undefined, 'POST', '/api/auth/login', { email, password: PASSWORD });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { id: registered.body.user._id, cookie };
}

const parentOf = (spans: RecordedSpan[], span: RecordedSpan) =>
  spans.find((s) => s.spanId === span.parentSpanId);
const childrenOf = (spans: RecordedSpan[], span: RecordedSpan) =>
  spans.filter((s) => s.parentSpanId === span.spanId);
const only = (found: RecordedSpan[], what: string) => {
  if (found.length !== 1)
    throw new Error(`expected one ${what}, found ${found.length}: ${found.map((s) => s.name).join(', ')}`);
  return found[0]!;
};
function printTree(spans: RecordedSpan[], parent?: string, depth = 0): void {
  for (const s of spans.filter((x) => x.parentSpanId === parent)) {
    console.log(`${'  '.repeat(depth)}${s.kind} ${s.service ?? ''} ${s.name} ${queryText(s).slice(0, 80)}\n`);
    printTree(spans, s.spanId, depth + 1);
  }
}
const queryText = (span: RecordedSpan) => String(span.attributes['db.query.text'] ?? '');

it("when a teacher accepts a book, then the uploader's profile updates in one trace: gateway -> library (transaction, queries, outbox publish) -> profile consumer -> its transaction and queries", async () => {
  const teacher = await signUp('Prof. Meera Iyer', true);
  const student = await signUp('Kiran Shah', false);
  await call(teacher, 'POST', '/api/commonData', {
    department: 'Computer Science',
    subjects: ['Operating System'],
  });
  const uploaded = await call<{ data: { _id: string } }>(student, 'POST', '/api/book', {
    title: 'Paging and Segmentation',
    branch: 'CSE',
    subject: 'Operating System',
    tags: ['paging'],
    driveLink: 'https://drive.google.com/file/d/traces-paging/view',
  });
  const bookId = uploaded.body.data._id;
  await waitFor("the book in the teacher's pending list", async () => {
    const pending = await call<{ data: Array<{ _id: string }> }>(
      teacher,
      'GET',
      `/api/book/pending/${teacher.id}`,
    );
    return pending.body.data.some((b) => b._id === bookId);
  });

  traces.reset();
  await call(teacher, 'PUT', `/api/book/${bookId}/status`, { status: 1 });
  await waitFor("the accepted book in the uploader's profile", async () => {
    const uploads = await call<{ data: Array<{ _id?: string; bookId?: string; status: string }> }>(
      student,
      'GET',
      `/api/commonData/${student.id}/uploads`,
    );
    return uploads.body.data.some((u) => u.status === 'accepted');
  });

  // The consumer's span ends once its transaction has committed, after the profile was updated.
  const consumer = (await waitFor('the profile consumer span', () =>
    traces.spans().find((s) => s.kind === 'consumer' && s.name === 'process library.book.reviewed'),
  ))!;
  const spans = traces.spans().filter((s) => s.traceId === consumer.traceId);
  if (process.env.PRINT_TRACE) printTree(spans);
  expect(consumer.service).toBe('profile');

  // gateway: the root, a server span named by the API prefix that answered.
  const gateway = only(
    spans.filter((s) => s.service === 'gateway'),
    'gateway span',
  );
  expect(gateway).toMatchObject({ kind: 'server', name: 'PUT /api/book' });
  expect(gateway.parentSpanId).toBeUndefined();

  // library: its server span (the route template) under the gateway's.
  const library = only(
    spans.filter((s) => s.service === 'library' && s.kind === 'server'),
    'library server span',
  );
  expect(library).toMatchObject({ name: 'PUT /api/book/:id/status', parentSpanId: gateway.spanId });
  expect(library.attributes['http.response.status_code']).toBe(200);

  // Its transaction, whose queries include the book's update and the outbox row's insert.
  const libraryTransactions = childrenOf(spans, library).filter((s) => s.name === 'transaction');
  const reviewTransaction = only(
    libraryTransactions.filter((t) =>
      childrenOf(spans, t).some((q) => /^insert into "library"\."outbox"/i.test(queryText(q))),
    ),
    'library transaction writing the outbox',
  );
  const reviewQueries = childrenOf(spans, reviewTransaction).filter((s) => s.kind === 'client');
  expect(reviewQueries.length).toBeGreaterThanOrEqual(2);
  expect(reviewQueries.every((q) => q.attributes['db.system.name'] === 'postgresql')).toBe(true);
  expect(reviewQueries.some((q) => /^update "library"\."books"/i.test(queryText(q)))).toBe(true);

  // The relay's publish: a producer span under the transaction that wrote the row.
  const publish = only(
    spans.filter((s) => s.kind === 'producer' && s.name === 'publish library.book.reviewed'),
    'publish span',
  );
  expect(publish).toMatchObject({ service: 'library', parentSpanId: reviewTransaction.spanId });

  // The profile's consumer span under the publish, then its transaction (inbox + the upload's verdict).
  expect(consumer.parentSpanId).toBe(publish.spanId);
  const profileTransaction = only(
    childrenOf(spans, consumer).filter((s) => s.name === 'transaction'),
    'profile transaction',
  );
  const profileQueries = childrenOf(spans, profileTransaction).map(queryText);
  expect(profileQueries.some((q) => /"profile"\."inbox"/i.test(q))).toBe(true);
  // The uploader's verdict on the book: the profile's own table, written in the same transaction.
  expect(profileQueries.some((q) => /^(insert into|update) "profile"\."(?!inbox")/i.test(q))).toBe(true);

  // One tree: every span of the trace hangs, through its parents, from the gateway's.
  for (const span of spans) {
    let at: RecordedSpan | undefined = span;
    while (at?.parentSpanId) at = parentOf(spans, at);
    expect(at?.spanId).toBe(gateway.spanId);
  }
  expect(spans.filter((s) => s.failed)).toEqual([]);
}, 60_000);
