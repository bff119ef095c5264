import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { REGROUP_MS } from '../src/email/mail-delivery';
import { notificationsService } from '../src/service';
import {
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

/**
 * A person who turned a grouped kind off in the app but gets it by email: a burst of causes is one
 * mail, as it is for everyone else (the in-app notification groups them), not one mail per cause.
 */
let smtp: TestSmtpServer;
let h: ServiceHarness;
const clock = movableClock();

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await startServiceForTest(
    notificationsService,
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Campus Connect <notify@campus.example>',
      PUBLIC_ORIGIN: 'https://campus.example',
      UNSUBSCRIBE_SECRET: 'email-only-grouping-test-secret-0123456789',
      MAIL_CHECK_MS: '50',
    },
    { now: clock.now },
  );
});
afterAll(async () => {
  await h.stop();
  await smtp.close();
});

let asha: TestPerson;
beforeEach(async () => {
  await h.reset();
  asha = person('Asha Rao');
  await register(h, asha);
  const token = signAccessToken({ id: asha.id, name: asha.name, isTeacher: false }, h.keys.privateKey, 900);
  await request(h.url)
    .put('/api/notifications/preferences')
    .set({ Authorization: `Bearer ${token}` })
    .send({ kinds: [{ kind: 'community.reply', inApp: false, email: 'instant' }] })
    .expect(200);
});

test('when replies to my post come in a burst and I get them by email only, then the first is one mail and the rest wait and go as one grouped mail', async () => {
  const post = { id: randomUUID(), title: 'Exam tips for DBMS', author: asha };
  await commentOn(h, post, { actorName: 'Ravi Kumar' });
  const [first] = await smtp.waitForMail(asha.email);
  expect(first!.subject).toBe(`Ravi Kumar commented on your post “${post.title}”`);

  for (const name of ['Meera Iyer', 'John Doe', 'Li Wei']) await commentOn(h, post, { actorName: name });
  // One more mail for the three, held back until REGROUP_MS after the first.
  await waitFor('the grouped mail to be queued and held back', () => mailRows(h, asha.id), {
    until: (rows) => rows.length === 2 && (rows[1]!.nextAttemptAt?.getTime() ?? 0) > clock.now().getTime(),
  });
  expect(smtp.mailTo(asha.email)).toHaveLength(1);

  clock.advance(REGROUP_MS);
  const mails = await smtp.waitForMail(asha.email, 2);
  expect(mails[1]!.subject).toBe(`4 new replies on your post “${post.title}”`);
  await waitUntilDone(h, asha.id, 2);
  expect(await mailRows(h, asha.id)).toHaveLength(2);
  expect(smtp.mailTo(asha.email)).toHaveLength(2);
});

test('when replies come on two different posts, then each post has its own mail', async () => {
  const one = { id: randomUUID(), title: 'Exam tips for DBMS', author: asha };
  const two = { id: randomUUID(), title: 'Lab partners for OS', author: asha };
  await commentOn(h, one, { actorName: 'Ravi Kumar' });
  await commentOn(h, two, { actorName: 'Meera Iyer' });

  const mails = await smtp.waitForMail(asha.email, 2);
  expect(mails.map((m) => m.subject).sort()).toEqual([
    `Meera Iyer commented on your post “${two.title}”`,
    `Ravi Kumar commented on your post “${one.title}”`,
  ]);
});
