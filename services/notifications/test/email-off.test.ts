import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { signAccessToken } from '@campus/service-kit/auth';
import { loadConfig } from '@campus/service-kit/config';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { NotificationsConfig } from '../src/config';
import { notifications, outgoingMail, scheduledJobs } from '../src/data/schema';
import { OPEN_DIGESTS_JOB } from '../src/email/digest-job';
import { EMAIL_OFF_MESSAGE } from '../src/email/email';
import { SEND_MAIL_JOB } from '../src/email/mail-delivery';
import { notificationsService } from '../src/service';
import {
  capturedLogger,
  commentOn,
  mailRows,
  person,
  register,
  startSmtpServer,
  type TestSmtpServer,
} from './email-support';

let smtp: TestSmtpServer;
let h: ServiceHarness;
const logs = capturedLogger();

beforeAll(async () => {
  // A mail server is up, but nothing tells the service where: SMTP_URL is unset.
  smtp = await startSmtpServer();
  h = await startServiceForTest(
    notificationsService,
    { PUBLIC_ORIGIN: 'https://campus.example', MAIL_CHECK_MS: '50' },
    { logger: logs.logger },
  );
});
afterAll(async () => {
  await h.stop();
  await smtp.close();
});
// On PostgreSQL the database outlives a test file: start from nothing (the start-up line is already said).
beforeEach(() => h.reset());

describe('when SMTP_URL is not set', () => {
  test('then the service says once at start that email is off, runs no mail job, sends nothing, and the settings say email is unavailable', async () => {
    const said = logs.lines().filter((line) => line.msg === EMAIL_OFF_MESSAGE);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ level: 40 });

    const asha = person('Asha Rao');
    await register(h, asha);
    await commentOn(h, { id: randomUUID(), title: 'Bus timings', author: asha }, { actorName: 'Ravi Kumar' });
    expect(await mailRows(h, asha.id)).toHaveLength(0);

    // Even mail left queued from a time email was on stays where it is.
    const [left] = await h.database.db
      .insert(notifications)
      .values({
        userId: asha.id,
        kind: 'community.reply',
        text: 'Left over',
        link: '/post/1',
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    await h.database.db.insert(outgoingMail).values({
      userId: asha.id,
      notificationId: left!.id,
      kind: 'community.reply',
      delivery: 'instant',
      createdAt: new Date(),
    });
    // The service's own jobs run (the prune job's first run is recorded) while no email job exists.
    await request(h.url).get('/health').expect(200);
    const jobs = (await h.database.db.select().from(scheduledJobs)).map((job) => job.name);
    expect(jobs).not.toContain(SEND_MAIL_JOB);
    expect(jobs).not.toContain(OPEN_DIGESTS_JOB);
    expect((await mailRows(h, asha.id))[0]).toMatchObject({ sentAt: null, attempts: 0 });
    expect(smtp.received).toHaveLength(0);

    const token = signAccessToken({ id: asha.id, name: asha.name, isTeacher: false }, h.keys.privateKey, 900);
    const settings = await request(h.url)
      .get('/api/notifications/preferences')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(settings.body.emailAvailable).toBe(false);
  });

  test('then configuration asks for the unsubscribe secret only once SMTP_URL is set', () => {
    const base = { PORT: '0', JWT_PUBLIC_KEY: 'k' };
    expect(() => loadConfig('notifications', NotificationsConfig, base)).not.toThrow();
    expect(() =>
      loadConfig('notifications', NotificationsConfig, { ...base, SMTP_URL: 'smtp://mail:25' }),
    ).toThrow(/UNSUBSCRIBE_SECRET: is required when SMTP_URL is set/);
    expect(() =>
      loadConfig('notifications', NotificationsConfig, {
        ...base,
        SMTP_URL: 'smtp://mail:25',
        UNSUBSCRIBE_SECRET: 'short',
      }),
    ).toThrow(/UNSUBSCRIBE_SECRET must be at least 32 characters/);
    const config = loadConfig('notifications', NotificationsConfig, {
      ...base,
      SMTP_URL: 'smtp://mail:25',
      UNSUBSCRIBE_SECRET: 'x'.repeat(32),
      MAIL_FROM: '',
      PUBLIC_ORIGIN: 'https://campus.example/',
    });
    expect(config).toMatchObject({
      MAIL_FROM: 'Campus Connect <no-reply@campus.local>',
      PUBLIC_ORIGIN: 'https://campus.example',
    });
    expect(() =>
      loadConfig('notifications', NotificationsConfig, {
        ...base,
        PUBLIC_ORIGIN: 'https://campus.example/app',
      }),
    ).toThrow(/PUBLIC_ORIGIN must be an origin/);
  });
});
