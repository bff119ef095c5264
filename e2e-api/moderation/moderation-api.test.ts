import { randomBytes } from 'node:crypto';
import type { Book } from '@campus/contracts/library';
import type {
  LogList,
  ModerationActionResponse,
  QueueList,
  ReportResponse,
} from '@campus/contracts/moderation';
import { MODERATION_MESSAGES, REPORTS_HIDE_REASON } from '@campus/contracts/moderation-rules';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { ApiClient } from '../support/api-client';
import { signUp, type SignedInUser } from '../support/accounts';

/**
 * The whole platform through the gateway: the library announces a book to moderation
 * (library.content.changed), three students report it, the threshold hides it (the library obeys
 * moderation.content.hidden and its uploader sees why), a teacher finds it in the queue and
 * dismisses the reports (the library shows it again), and the log tells every teacher.
 */
let uploader: SignedInUser;
let reporters: SignedInUser[];
let teacher: SignedInUser;
let guest: ApiClient;

beforeAll(async () => {
  guest = new ApiClient();
  [uploader, teacher, ...reporters] = await Promise.all([
    signUp('student', 'Asha Verma'),
    signUp('teacher', 'Prof. Meera Iyer'),
    signUp('student', 'Ravi Kumar'),
    signUp('student', 'Neha Singh'),
    signUp('student', 'Kabir Shah'),
  ]);
});

interface BookAnswer {
  success: boolean;
  data: Book & { moderation?: { state: 'hidden'; reason: string } };
}

const bookOf = (user: SignedInUser, id: string) => user.client.get<BookAnswer>(`/api/book/${id}`);

test('reports hide a book until a teacher dismisses them; the owner obeys each decision and the log says who did what', async () => {
  const uploaded = await uploader.client.post<{ data: Book }>('/api/book', {
    title: `Reported Workbook ${randomBytes(4).toString('hex')}`,
    semester: 4,
    branch: 'CSE',
    subject: 'Database Management System',
    tags: ['normalisation'],
    driveLink: 'https://drive.google.com/file/d/e2e-moderation/view',
  });
  expect(uploaded.status).toBe(201);
  const book = { targetType: 'book', targetId: uploaded.body.data._id };

  // Moderation hears of the book a moment after the library's commit.
  const first = await waitFor(
    'moderation to know the book',
    () => reporters[0]!.client.post<ReportResponse>('/api/reports', { ...book, reason: 'spam' }),
    { until: (res) => res.status !== 404 },
  );
  expect(first.status).toBe(201);
  expect(first.body.message).toBe(MODERATION_MESSAGES.reported);
  const again = await reporters[0]!.client.post('/api/reports', { ...book, reason: 'scam' });
  expect(again.status).toBe(409);
  expect((await uploader.client.post('/api/reports', { ...book, reason: 'spam' })).status).toBe(422);
  expect((await guest.post('/api/reports', { ...book, reason: 'spam' })).status).toBe(401);

  for (const reporter of reporters.slice(1))
    expect((await reporter.client.post('/api/reports', { ...book, reason: 'spam' })).status).toBe(201);

  // The library obeys moderation.content.hidden: its uploader sees the book hidden, and why.
  const hidden = await waitFor('the library to hide the book', () => bookOf(uploader, book.targetId), {
    until: (res) => res.body.data?.moderation?.state === 'hidden',
  });
  expect(hidden.body.data.moderation).toEqual({ state: 'hidden', reason: REPORTS_HIDE_REASON });

  // The teachers' queue; students and guests have none.
  expect((await reporters[0]!.client.get('/api/moderation/queue')).status).toBe(403);
  expect((await guest.get('/api/moderation/queue')).status).toBe(401);
  const queue = await teacher.client.get<QueueList>('/api/moderation/queue?limit=50');
  expect(queue.status).toBe(200);
  expect(queue.body.find((q) => q.item.targetId === book.targetId)).toMatchObject({
    reportCount: 3,
    item: { targetType: 'book', state: 'hidden', hiddenBy: 'reports', authorName: uploader.name },
  });

  const dismissed = await teacher.client.post<ModerationActionResponse>('/api/moderation/actions', {
    ...book,
    action: 'dismiss',
    reason: 'A workbook, not spam.',
  });
  expect(dismissed.status).toBe(200);
  expect(dismissed.body.data.item.state).toBe('visible');

  // The library obeys moderation.content.restored.
  await waitFor('the library to restore the book', () => bookOf(uploader, book.targetId), {
    until: (res) => res.status === 200 && res.body.data.moderation === undefined,
  });

  const log = await teacher.client.get<LogList>('/api/moderation/log?limit=50');
  expect(log.status).toBe(200);
  const ofBook = log.body.filter((e) => e.targetId === book.targetId);
  expect(ofBook.map((e) => [e.action, e.by, e.moderator?.name ?? null])).toEqual([
    ['dismiss', 'moderator', teacher.name],
    ['hide', 'reports', null],
  ]);
});
