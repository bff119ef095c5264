import { randomUUID } from 'node:crypto';
import pino from 'pino';
import request from 'supertest';
import { NOTIFICATION_KINDS, NOTIFICATIONS_MESSAGES } from '@campus/contracts/notifications-rules';
import { GatewayConfig } from '@campus/gateway/config';
import { startGateway, type RunningGateway } from '@campus/gateway/start-gateway';
import { signAccessToken } from '@campus/service-kit/auth';
import { loadConfig } from '@campus/service-kit/config';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { DIGEST_EVERY_MS, OPEN_DIGESTS_JOB } from '../src/email/digest-job';
import { signUnsubscribeToken } from '../src/email/unsubscribe-token';
import { notificationsService } from '../src/service';
import {
  commentOn,
  mailRows,
  movableClock,
  person,
  register,
  startSmtpServer,
  storedChoice,
  waitForJobRun,
  type TestPerson,
  type TestSmtpServer,
} from './email-support';

const SECRET = 'unsubscribe-test-secret-0123456789abcdefgh';
const UNSUBSCRIBE = '/api/notifications/unsubscribe';
let smtp: TestSmtpServer;
let h: ServiceHarness;
let gateway: RunningGateway;
const clock = movableClock();

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await startServiceForTest(
    notificationsService,
    {
      SMTP_URL: smtp.url,
      PUBLIC_ORIGIN: 'https://campus.example',
      UNSUBSCRIBE_SECRET: SECRET,
      MAIL_CHECK_MS: '50',
    },
    { now: clock.now },
  );
  gateway = await startGateway(
    loadConfig('gateway', GatewayConfig, {
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_PUBLIC_KEY: h.keys.publicKey,
      NOTIFICATIONS_SERVICE_URL: h.url,
    }),
    pino({ level: 'silent' }),
  );
});
afterAll(async () => {
  await gateway.stop();
  await h.stop();
  await smtp.close();
});

let asha: TestPerson;
beforeEach(async () => {
  await h.reset();
  asha = person('Asha Rao');
  await register(h, asha);
});

const postOf = (author: TestPerson) => ({ id: randomUUID(), title: 'Mess food survey', author });

/** The one-click link of the newest mail to `who`: what a mail client POSTs to. */
async function unsubscribeLinkOfMail(who: TestPerson, count = 1): Promise<URL> {
  const mails = await smtp.waitForMail(who.email, count);
  const header = mails[count - 1]!.headers.get('list-unsubscribe')!;
  return new URL(header.slice(1, -1));
}

/** A mail client's RFC 8058 POST: the form body, no cookie, no Origin. */
const oneClick = (base: string, pathAndQuery: string) =>
  request(base).post(pathAndQuery).type('form').send('List-Unsubscribe=One-Click');

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

describe('one-click unsubscribe', () => {
  test("when my mail client posts the List-Unsubscribe link, then that kind's email is off (the in-app choice kept), and later replies send no mail", async () => {
    const post = postOf(asha);
    await commentOn(h, post, { actorName: 'Ravi Kumar' });
    const link = await unsubscribeLinkOfMail(asha);
    expect(link.origin).toBe('https://campus.example');
    expect(link.pathname).toBe(UNSUBSCRIBE);

    const res = await oneClick(h.url, pathOf(link)).expect(200);
    expect(res.body).toEqual({ success: true, message: NOTIFICATIONS_MESSAGES.unsubscribed });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await storedChoice(h, asha.id, 'community.reply')).toMatchObject({
      email: 'off',
      inApp: NOTIFICATION_KINDS['community.reply'].defaults.inApp,
    });
    // Again: the same answer, nothing else changes.
    await oneClick(h.url, pathOf(link)).expect(200);

    await commentOn(h, post, { actorName: 'Meera Iyer' });
    const rows = await mailRows(h, asha.id);
    expect(rows).toHaveLength(1); // the first mail's; the second reply queued none
    expect(smtp.mailTo(asha.email)).toHaveLength(1);
  });

  test('when I had turned the app off for a kind, then unsubscribing keeps it off and only turns the email off', async () => {
    const token = signAccessToken({ id: asha.id, name: asha.name, isTeacher: false }, h.keys.privateKey, 900);
    await request(h.url)
      .put('/api/notifications/preferences')
      .set('Authorization', `Bearer ${token}`)
      .send({ kinds: [{ kind: 'community.mention', inApp: false, email: 'instant' }] })
      .expect(200);

    const scoped = signUnsubscribeToken(SECRET, { userId: asha.id, kind: 'community.mention' });
    await oneClick(h.url, `${UNSUBSCRIBE}?token=${scoped}`).expect(200);

    expect(await storedChoice(h, asha.id, 'community.mention')).toMatchObject({ inApp: false, email: 'off' });
  });

  test("when a digest's link is used, then every kind I get daily is off and the instant ones stay on", async () => {
    const bob = person('Bob Paul');
    await register(h, bob);
    await waitForJobRun(h, OPEN_DIGESTS_JOB);
    await commentOn(
      h,
      { id: randomUUID(), title: 'Fest volunteers', author: null },
      {
        actorName: 'Meera Iyer',
        followers: [bob],
      },
    );
    clock.advance(DIGEST_EVERY_MS);
    const link = await unsubscribeLinkOfMail(bob);

    await oneClick(h.url, pathOf(link)).expect(200);

    expect(await storedChoice(h, bob.id, 'community.thread')).toMatchObject({ email: 'off', inApp: true });
    expect(await storedChoice(h, bob.id, 'library.review-waiting')).toMatchObject({ email: 'off' });
    expect(await storedChoice(h, bob.id, 'community.reply')).toBeUndefined();
  });

  test.each([
    ['no token', ''],
    [
      'a token whose signature is not ours',
      `?token=${signUnsubscribeToken('another-secret-0123456789abcdefghijklmn', { userId: 'u1', kind: 'community.reply' })}`,
    ],
    ['a token with its user changed', 'CHANGED'],
    [
      'a token for a kind that does not exist',
      `?token=${signUnsubscribeToken(SECRET, { userId: 'u1', kind: 'community.everything' })}`,
    ],
    ['garbage', '?token=%E2%9C%93..'],
    ['two tokens', `?token=a&token=b`],
  ])('when the link carries %s, then 400 with the message, and nothing changes', async (_what, query) => {
    let suffix = query;
    if (query === 'CHANGED') {
      const [, mac] = signUnsubscribeToken(SECRET, { userId: 'u1', kind: 'community.reply' }).split('.');
      const forged = Buffer.from(JSON.stringify([asha.id, 'community.reply'])).toString('base64url');
      suffix = `?token=${forged}.${mac}`;
    }
    const res = await oneClick(h.url, `${UNSUBSCRIBE}${suffix}`).expect(400);
    expect(res.body).toMatchObject({
      success: false,
      message: NOTIFICATIONS_MESSAGES.unsubscribeInvalid,
    });
    expect(await storedChoice(h, asha.id, 'community.reply')).toBeUndefined();
  });
});

describe('the page a person opens from the link', () => {
  test('when I open the link in a browser, then a page asks with one button and nothing changes yet; pressing it turns the email off and says so', async () => {
    const token = signUnsubscribeToken(SECRET, { userId: asha.id, kind: 'community.reply' });

    const page = await request(h.url).get(`${UNSUBSCRIBE}?token=${token}`).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).toContain('“Replies to my posts and comments”');
    expect(page.text).toContain(`<form method="post" action="?token=${token}">`);
    expect(page.text).toContain('<button type="submit">Unsubscribe</button>');
    expect(page.text).toContain('<meta name="referrer" content="same-origin">');
    expect(await storedChoice(h, asha.id, 'community.reply')).toBeUndefined();

    const done = await request(h.url)
      .post(`${UNSUBSCRIBE}?token=${token}`)
      .set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')
      .type('form')
      .send('')
      .expect(200);
    expect(done.headers['content-type']).toMatch(/^text\/html/);
    expect(done.text).toContain(NOTIFICATIONS_MESSAGES.unsubscribed);
    expect(await storedChoice(h, asha.id, 'community.reply')).toMatchObject({ email: 'off' });
  });

  test('when the link is not valid, then the page says so with 400, as HTML', async () => {
    const page = await request(h.url).get(`${UNSUBSCRIBE}?token=nonsense.nonsense`).expect(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(NOTIFICATIONS_MESSAGES.unsubscribeInvalid);
    expect(page.text).not.toContain('<form');
  });
});

describe('through the gateway', () => {
  test('when a mail client posts without Origin or cookie, then the gateway lets it through and the email is off', async () => {
    const token = signUnsubscribeToken(SECRET, { userId: asha.id, kind: 'community.reply' });
    const res = await oneClick(gateway.url, `${UNSUBSCRIBE}?token=${token}`).expect(200);
    expect(res.body).toEqual({ success: true, message: NOTIFICATIONS_MESSAGES.unsubscribed });
    expect(await storedChoice(h, asha.id, 'community.reply')).toMatchObject({ email: 'off' });
  });

  test("when the confirmation page's form posts from the site's own origin, then it passes; a foreign site's post is still refused", async () => {
    const token = signUnsubscribeToken(SECRET, { userId: asha.id, kind: 'community.reply' });
    await request(gateway.url)
      .post(`${UNSUBSCRIBE}?token=${token}`)
      .set('Origin', gateway.url)
      .set('Accept', 'text/html')
      .type('form')
      .send('')
      .expect(200);
    const foreign = await request(gateway.url)
      .post(`${UNSUBSCRIBE}?token=${token}`)
      .set('Origin', 'https://evil.example')
      .expect(403);
    expect(foreign.body).toMatchObject({ code: 'FORBIDDEN_ORIGIN' });
  });

  test("the page reaches the browser with the gateway's headers and changes nothing", async () => {
    const token = signUnsubscribeToken(SECRET, { userId: asha.id, kind: 'community.reply' });
    const page = await request(gateway.url).get(`${UNSUBSCRIBE}?token=${token}`).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(await storedChoice(h, asha.id, 'community.reply')).toBeUndefined();
  });
});
