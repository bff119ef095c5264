import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { ACCESS_COOKIE } from '@campus/service-kit/auth';
import { startPlatform, type RunningPlatform } from '../src/platform';

/**
 * `npm start` is configured like production: the operator's environment reaches every service and the
 * gateway, and the runner's generated values are only defaults under it.
 */
/**
 * Each test starts (and the last one seeds) the whole platform, every service with its migrations:
 * 5-22 s on a quiet 2-core machine, over 60 s while the rest of CI runs beside it.
 */
const WHOLE_PLATFORM_MS = 150_000;

const teacher = (email: string, teacherCode: string) => ({
  name: 'Dr Env',
  email,
  password: 'a-long-enough-password',
  isTeacher: true,
  teacherCode,
});

async function withPlatform(
  processEnv: NodeJS.ProcessEnv,
  check: (platform: RunningPlatform, dataDir: string) => Promise<void>,
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-platform-env-'));
  const platform = await startPlatform({ dataDir, port: 0, seed: false, processEnv });
  try {
    await check(platform, dataDir);
  } finally {
    await platform.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

test(
  'when the environment sets the faculty code, token lifetime, a per-service override and a gateway limit, then each one is what the platform uses',
  async () => {
    await withPlatform(
      {
        TEACHER_CODE: '  CAMPUS-FACULTY-2026 ',
        PASSWORD_HASH_COST: '1024',
        ACCESS_TOKEN_TTL_SECONDS: '600',
        IDENTITY_ACCESS_TOKEN_TTL_SECONDS: '45',
        BODY_LIMIT_BYTES: '2048',
        // Meant for the gateway in `npm start`; must not put every service on one port.
        PORT: '8080',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        LOG_LEVEL: 'silent',
      },
      async (platform, dataDir) => {
        expect(platform.teacherCode).toBe('CAMPUS-FACULTY-2026');
        expect(platform.teacherCodeSource).toBe('environment');
        expect(new Set(platform.services.map((s) => s.url)).size).toBe(platform.services.length);

        const generated = fs.readFileSync(path.join(dataDir, 'secrets', 'teacher-code.txt'), 'utf8').trim();
        const refused = await request(platform.url)
          .post('/api/auth/register')
          .send(teacher('generated@campus.test', generated))
          .expect(400);
        expect(refused.body.message).toBe('Invalid teacher unique ID.');

        const account = teacher('env@campus.test', 'CAMPUS-FACULTY-2026');
        await request(platform.url).post('/api/auth/register').send(account).expect(201);
        const login = await request(platform.url)
          .post('/api/auth/login')
          .send({ email: account.email, password: account.password })
          .expect(200);
        const access = ([] as string[])
          .concat(login.headers['set-cookie'] ?? [])
          .find((c) => c.startsWith(`${ACCESS_COOKIE}=`));
        expect(access).toMatch(/Max-Age=45(;|$)/);

        const tooBig = await request(platform.url)
          .post('/api/auth/login')
          .send({ email: 'x'.repeat(3000), password: 'x' })
          .expect(413);
        expect(tooBig.body.code).toBe('PAYLOAD_TOO_LARGE');
      },
    );
  },
  WHOLE_PLATFORM_MS,
);

test(
  'when the environment sets no faculty code, then the generated one works and is reported as generated',
  async () => {
    await withPlatform({ PASSWORD_HASH_COST: '1024', LOG_LEVEL: 'silent' }, async (platform, dataDir) => {
      expect(platform.teacherCodeSource).toBe('generated');
      const generated = fs.readFileSync(path.join(dataDir, 'secrets', 'teacher-code.txt'), 'utf8').trim();
      expect(platform.teacherCode).toBe(generated);
      await request(platform.url)
        .post('/api/auth/register')
        .send(teacher('generated@campus.test', generated))
        .expect(201);
    });
  },
  WHOLE_PLATFORM_MS,
);

test(
  'when a setting in the environment is invalid, then start-up fails naming the service and the setting',
  async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-platform-env-'));
    try {
      await expect(
        startPlatform({
          dataDir,
          port: 0,
          seed: false,
          processEnv: { TEACHER_CODE: 'abc', LOG_LEVEL: 'silent' },
        }),
      ).rejects.toThrow(/identity: invalid configuration[\s\S]*TEACHER_CODE/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
  WHOLE_PLATFORM_MS,
);

test(
  'when the faculty code is given to identity alone (IDENTITY_TEACHER_CODE), then the platform, its banner and the demo seed use it',
  async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-platform-env-'));
    const platform = await startPlatform({
      dataDir,
      port: 0,
      processEnv: {
        IDENTITY_TEACHER_CODE: 'SCOPED-FACULTY-999',
        PASSWORD_HASH_COST: '1024',
        LOG_LEVEL: 'silent',
      },
    });
    try {
      expect(platform.teacherCode).toBe('SCOPED-FACULTY-999');
      expect(platform.teacherCodeSource).toBe('environment');
      await request(platform.url)
        .post('/api/auth/register')
        .send(teacher('scoped@campus.test', 'SCOPED-FACULTY-999'))
        .expect(201);
    } finally {
      await platform.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
  WHOLE_PLATFORM_MS,
);
