import { randomUUID } from 'node:crypto';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { DIGEST_EVERY_MS, OPEN_DIGESTS_JOB } from '../src/email/digest-job';
import { DIGEST_MAX_ITEMS } from '../src/email/mail-content';
import { notificationsService } from '../src/service';
import {
  commentOn,
  mailRows,
  movableClock,
  person,
  register,
  startSmtpServer,
  waitForJobRun,
  waitUntilDone,
  type TestPerson,
  type TestSmtpServer,
} from './email-support';

const ORIGIN = 'https://campus.example';
const env = {
  PUBLIC_ORIGIN: ORIGIN,
  UNSUBSCRIBE_SECRET: 'digest-test-secret-0123456789abcdefghijkl',
  MAIL_CHECK_MS: '50',
};
let smtp: TestSmtpServer;
let h: ServiceHarness;
const clock = movableClock();

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await startServiceForTest(notificationsService, { ...env, SMTP_URL: smtp.url }, { now: clock.now });
});
afterAll(async () => {
  await h.stop();
  await smtp.close();
});

let bob: TestPerson;
beforeEach(async () => {
  await h.reset();
  bob = person('Bob Paul');
  await register(h, bob);
  // After the reset the digest job's first run comes at its next check: let it pass before queuing.
  await waitForJobRun(h, OPEN_DIGESTS_JOB);
});

/** A comment on a post Bob follows (his 'community.thread' kind: a daily email by default). */
async function activityBobFollows(title: string) {
  const post = { id: randomUUID(), title, author: null };
  await commentOn(h, post, { actorName: 'Meera Iyer', followers: [bob] });
  return post;
}

describe('daily digest', () => {
  test('when posts I follow have new comments, then nothing is mailed until the day is over, then ONE message lists them newest first and they are marked sent', async () => {
    const titles = ['Hostel wifi', 'Canteen menu', 'Sports day'];
    const posts = [];
    for (const title of titles) posts.push(await activityBobFollows(title));

    const queued = await mailRows(h, bob.id);
    expect(queued).toHaveLength(3);
    // Waiting for the digest: not due, so the mail job cannot take them.
    expect(queued.every((row) => row.delivery === 'daily' && row.nextAttemptAt === null)).toBe(true);
    expect(smtp.mailTo(bob.email)).toHaveLength(0);

    clock.advance(DIGEST_EVERY_MS);
    const [digest] = await smtp.waitForMail(bob.email);
    expect(digest!.subject).toBe('Your Campus Connect digest: 3 new notifications');
    const order = ['Sports day', 'Canteen menu', 'Hostel wifi'].map((title) => digest!.text.indexOf(title));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    for (const post of posts) expect(digest!.text).toContain(`${ORIGIN}/post/${post.id}#comment-`);
    expect(digest!.html).toContain('<ul>');
    expect(digest!.text).toContain('New activity in posts I follow');
    expect(digest!.headers.get('list-unsubscribe')).toMatch(
      /^<https:\/\/campus\.example\/api\/notifications\/unsubscribe\?token=/,
    );
    expect(digest!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const rows = await waitUntilDone(h, bob.id, 3);
    expect(rows.map((row) => row.outcome)).toEqual(['sent', 'sent', 'sent']);
    expect(smtp.mailTo(bob.email)).toHaveLength(1);
  });

  test(`when more than ${DIGEST_MAX_ITEMS} happened, then the digest lists the newest ${DIGEST_MAX_ITEMS} and says how many more, with a link to all`, async () => {
    for (let i = 1; i <= DIGEST_MAX_ITEMS + 3; i++) await activityBobFollows(`Thread number ${i}`);

    clock.advance(DIGEST_EVERY_MS);
    const [digest] = await smtp.waitForMail(bob.email);
    expect(digest!.subject).toBe(`Your Campus Connect digest: ${DIGEST_MAX_ITEMS + 3} new notifications`);
    expect(digest!.text).toContain(`Thread number ${DIGEST_MAX_ITEMS + 3}`);
    expect(digest!.text).not.toContain('“Thread number 3”');
    expect(digest!.text).toContain(`... and 3 more: ${ORIGIN}/notifications`);
    expect(digest!.html).toContain(`<a href="${ORIGIN}/notifications">And 3 more</a>`);
    await waitUntilDone(h, bob.id, DIGEST_MAX_ITEMS + 3);
  });

  test("when two replicas run on the same database, then the day's digest is opened once and sent once", async () => {
    const replica = await h.startAnother({ SMTP_URL: smtp.url });
    try {
      for (const title of ['Library hours', 'Placement talk']) await activityBobFollows(title);

      clock.advance(DIGEST_EVERY_MS);
      await waitUntilDone(h, bob.id, 2);
      // The reset's first run, then this day's: one run across both replicas.
      expect(await waitForJobRun(h, OPEN_DIGESTS_JOB, 2)).toBe(2);
      expect(smtp.mailTo(bob.email)).toHaveLength(1);
      expect(smtp.mailTo(bob.email)[0]!.subject).toBe('Your Campus Connect digest: 2 new notifications');
    } finally {
      await replica.stop();
    }
  });
});
