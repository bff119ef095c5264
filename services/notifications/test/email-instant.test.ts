import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ANONYMOUS_ACTOR } from '@campus/contracts/notifications-rules';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { REGROUP_MS, RETRY_DELAYS_MS } from '../src/email/mail-delivery';
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

const ORIGIN = 'https://campus.example';
const FROM = 'Campus Connect <notify@campus.example>';
let smtp: TestSmtpServer;
let h: ServiceHarness;
const clock = movableClock();

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await startServiceForTest(
    notificationsService,
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: FROM,
      PUBLIC_ORIGIN: ORIGIN,
      UNSUBSCRIBE_SECRET: 'instant-mail-test-secret-0123456789abcdef',
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
});

const postOf = (author: TestPerson, title = 'Exam tips for DBMS') => ({ id: randomUUID(), title, author });

function signedIn(who: TestPerson) {
  const token = signAccessToken({ id: who.id, name: who.name, isTeacher: false }, h.keys.privateKey, 900);
  return { Authorization: `Bearer ${token}` };
}

describe('instant email', () => {
  test('when someone comments anonymously on my post, then one plain, accessible email reaches me: subject, absolute link to the comment, one-click unsubscribe, and no author but "Anonymous User"', async () => {
    const sam = person('Secret Sam');
    await register(h, sam);
    const post = postOf(asha);
    const commentId = randomUUID();

    await commentOn(h, post, { actorName: null, commentId });

    const [mail] = await smtp.waitForMail(asha.email);
    expect(mail!.to).toEqual([asha.email]);
    expect(mail!.headers.get('from')).toBe(FROM);
    expect(mail!.subject).toBe(`${ANONYMOUS_ACTOR} commented on your post “${post.title}”`);
    const link = `${ORIGIN}/post/${post.id}#comment-${commentId}`;
    expect(mail!.text).toContain(`${ANONYMOUS_ACTOR} commented on your post “${post.title}”`);
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(`<a href="${link}">`);
    expect(mail!.html).toMatch(/^<!doctype html>\n<html lang="en">/);
    // RFC 8058: a one-click link on this site, and the POST mail clients make to it.
    expect(mail!.headers.get('list-unsubscribe')).toMatch(
      new RegExp(`^<${ORIGIN}/api/notifications/unsubscribe\\?token=[\\w-]+\\.[\\w-]+>$`),
    );
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers.get('auto-submitted')).toBe('auto-generated');
    // The footer says why and how to change it.
    expect(mail!.text).toContain('“Replies to my posts and comments” is set to email you at once');
    expect(mail!.text).toContain(`${ORIGIN}/notifications/settings`);
    // The anonymous author is nowhere in what was sent.
    expect(mail!.raw).not.toContain(sam.name);
    expect(mail!.raw).not.toContain(sam.id);

    const [row] = await waitUntilDone(h, asha.id);
    expect(row).toMatchObject({ outcome: 'sent', attempts: 1, lastError: null });
  });

  test('when a named member comments, then the email names them, and the mail is sent once', async () => {
    const post = postOf(asha);
    await commentOn(h, post, { actorName: 'Ravi Kumar' });

    const [mail] = await smtp.waitForMail(asha.email);
    expect(mail!.subject).toBe(`Ravi Kumar commented on your post “${post.title}”`);
    await waitUntilDone(h, asha.id);
    expect(smtp.mailTo(asha.email)).toHaveLength(1);
  });

  test('when a post title holds markup, then the HTML alternative shows it as text (escaped) and the plain text as written', async () => {
    const post = postOf(asha, '<img src=x onerror=alert(1)> & "notes"');
    await commentOn(h, post, { actorName: 'Ravi <b>Kumar</b>' });

    const [mail] = await smtp.waitForMail(asha.email);
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).not.toContain('<b>');
    expect(mail!.html).toContain(
      'Ravi &lt;b&gt;Kumar&lt;/b&gt; commented on your post “&lt;img src=x onerror=alert(1)&gt; &amp; &quot;notes&quot;”',
    );
    expect(mail!.text).toContain(
      'Ravi <b>Kumar</b> commented on your post “<img src=x onerror=alert(1)> & "notes"”',
    );
  });

  test("when I turn a kind's email off after its mail was queued, then the mail is not sent and is marked done", async () => {
    await smtp.close();
    await commentOn(h, postOf(asha), { actorName: 'Ravi Kumar' });
    // SMTP is down: the first attempt fails and the mail waits for its retry.
    await waitFor('the first attempt to fail', () => mailRows(h, asha.id), {
      until: ([row]) => row?.attempts === 1 && row.lastError !== null,
    });

    await request(h.url)
      .put('/api/notifications/preferences')
      .set(signedIn(asha))
      .send({ kinds: [{ kind: 'community.reply', inApp: true, email: 'off' }] })
      .expect(200);
    await smtp.listen();
    clock.advance(RETRY_DELAYS_MS[0]!);

    const [row] = await waitUntilDone(h, asha.id);
    expect(row).toMatchObject({ outcome: 'skipped', lastError: 'email turned off' });
    expect(smtp.mailTo(asha.email)).toHaveLength(0);
  });

  test('when replies come on two of my posts one after the other, then each post mails at once (one is not held back by the other)', async () => {
    const one = postOf(asha, 'Exam tips for DBMS');
    const two = postOf(asha, 'Lab partners for OS');
    await commentOn(h, one, { actorName: 'Ravi Kumar' });
    await smtp.waitForMail(asha.email);
    await commentOn(h, two, { actorName: 'Meera Iyer' });

    const mails = await smtp.waitForMail(asha.email, 2);
    expect(mails[1]!.subject).toBe(`Meera Iyer commented on your post “${two.title}”`);
  });

  test('when replies keep coming after the first mail, then they wait and go as one grouped mail', async () => {
    const post = postOf(asha);
    await commentOn(h, post, { actorName: 'Ravi Kumar' });
    await smtp.waitForMail(asha.email);

    for (const name of ['Meera Iyer', 'John Doe', 'Li Wei']) await commentOn(h, post, { actorName: name });
    // Held back: the next mail for this notification may go REGROUP_MS after the first.
    const [, held] = await waitFor('the second mail to be held back', () => mailRows(h, asha.id), {
      until: (rows) => rows.length === 2 && (rows[1]!.nextAttemptAt?.getTime() ?? 0) > clock.now().getTime(),
    });
    expect(held!.attempts).toBe(0);
    expect(smtp.mailTo(asha.email)).toHaveLength(1);

    clock.advance(REGROUP_MS);
    const mails = await smtp.waitForMail(asha.email, 2);
    expect(mails[1]!.subject).toBe(`4 new replies on your post “${post.title}”`);
    await waitUntilDone(h, asha.id, 2);
    expect(smtp.mailTo(asha.email)).toHaveLength(2);
  });
});
