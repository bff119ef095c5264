import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../src/email/mail-delivery';
import { notificationsService } from '../src/service';
import {
  capturedLogger,
  commentOn,
  mailRows,
  movableClock,
  person,
  register,
  startSmtpServer,
  waitUntilDone,
  type TestPerson,
  type TestSmtpServer,
} from './email-support';

let smtp: TestSmtpServer;
let h: ServiceHarness;
const clock = movableClock();
const logs = capturedLogger();

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await startServiceForTest(
    notificationsService,
    {
      SMTP_URL: smtp.url,
      PUBLIC_ORIGIN: 'https://campus.example',
      UNSUBSCRIBE_SECRET: 'failure-test-secret-0123456789abcdefghij',
      MAIL_CHECK_MS: '50',
    },
    { now: clock.now, logger: logs.logger },
  );
});
afterAll(async () => {
  await h.stop();
  await smtp.close();
});

let asha: TestPerson;
beforeEach(async () => {
  await h.reset();
  smtp.refuse.clear();
  await smtp.listen(); // up again after a test that stopped it
  asha = person('Asha Rao');
  await register(h, asha);
});

const post = (author: TestPerson) => ({ id: randomUUID(), title: 'Lab record deadline', author });

/** What the service logged about mail holds no address and nothing a message said. */
function expectLogsWithoutAddressesOrContent() {
  const text = logs.text();
  expect(text).toContain('email batch done');
  expect(text).not.toMatch(/@campus\.test/);
  expect(text).not.toContain('commented on your post');
  expect(text).not.toContain('Lab record deadline');
}

/** Waits until the user's one mail row has failed `attempts` times (and is still waiting, or given up). */
const failedAttempts = (userId: string, attempts: number) =>
  waitFor(`attempt ${attempts} to have failed`, () => mailRows(h, userId), {
    until: ([row]) => row?.attempts === attempts && row.lastError !== null,
  });

describe('when SMTP fails', () => {
  test('when the SMTP server is down, then the mail is kept, retried after its backoff, and arrives once the server is back; the service keeps answering', async () => {
    await smtp.close();
    await commentOn(h, post(asha), { actorName: 'Ravi Kumar' });

    const [failed] = await failedAttempts(asha.id, 1);
    expect(failed).toMatchObject({ sentAt: null, outcome: null });
    expect(failed!.lastError).toMatch(/^E[A-Z]+/);
    expect(failed!.nextAttemptAt!.getTime()).toBeGreaterThan(clock.now().getTime());
    await request(h.url).get('/health').expect(200);

    await smtp.listen();
    // Not before its retry time: still one attempt, nothing delivered.
    expect((await mailRows(h, asha.id))[0]!.attempts).toBe(1);
    clock.advance(RETRY_DELAYS_MS[0]!);

    const [mail] = await smtp.waitForMail(asha.email);
    expect(mail!.subject).toContain('Ravi Kumar commented on your post');
    const [row] = await waitUntilDone(h, asha.id);
    expect(row).toMatchObject({ outcome: 'sent', attempts: 2, lastError: null });
  });

  test(`when it stays down, then the mail is tried ${MAX_ATTEMPTS} times with growing delays, then given up and logged, without a crash`, async () => {
    await smtp.close();
    await commentOn(h, post(asha), { actorName: 'Ravi Kumar' });

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const [row] = await failedAttempts(asha.id, attempt);
      expect(row!.sentAt).toBeNull();
      expect(row!.nextAttemptAt!.getTime() - clock.now().getTime()).toBeGreaterThan(
        RETRY_DELAYS_MS[attempt - 1]! - 60_000,
      );
      clock.advance(RETRY_DELAYS_MS[attempt - 1]!);
    }
    const [row] = await waitUntilDone(h, asha.id);
    expect(row).toMatchObject({ outcome: 'failed', attempts: MAX_ATTEMPTS });

    const gaveUp = logs.lines().filter((line) => line.msg === 'email given up');
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]).toMatchObject({ attempt: MAX_ATTEMPTS, mail: [row!.id] });
    expectLogsWithoutAddressesOrContent();
    await request(h.url).get('/health').expect(200);
  });

  test('when the server refuses a recipient for good (550), then that mail is given up at once and the others still go', async () => {
    const bob = person('Bob Paul');
    await register(h, bob);
    smtp.refuse.add(asha.email);

    await commentOn(h, post(asha), { actorName: 'Ravi Kumar' });
    await commentOn(h, post(bob), { actorName: 'Ravi Kumar' });

    await smtp.waitForMail(bob.email);
    const [refused] = await waitUntilDone(h, asha.id);
    expect(refused).toMatchObject({ outcome: 'failed', attempts: 1 });
    expect(refused!.lastError).toMatch(/^EENVELOPE 550/);
    // What is stored and logged of the refusal names no address.
    expect(refused!.lastError).not.toContain(asha.email);
    expect(smtp.mailTo(asha.email)).toHaveLength(0);
    expectLogsWithoutAddressesOrContent();
  });
});
