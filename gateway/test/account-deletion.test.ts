import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '@campus/service-kit/config';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { identityService } from '@campus/identity-service/service';
import { GatewayConfig } from '../src/config';
import { createGateway } from '../src/gateway';

/** DELETE /api/me through the gateway, with the real identity service: the session ends at once (ADR 0007). */
let identity: ServiceHarness;
let gateway: { url: string; close(): Promise<void> };

beforeAll(async () => {
  identity = await startServiceForTest(identityService, {
    TEACHER_CODE: 'FAC-TEST-2026',
    COOKIE_SECURE: 'false',
    PASSWORD_HASH_COST: '1024',
  });
  const config = loadConfig('gateway', GatewayConfig, {
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_PUBLIC_KEY: identity.keys.publicKey,
    IDENTITY_SERVICE_URL: identity.url,
    SESSION_REVOCATION_POLL_MS: '100',
  });
  const g = createGateway(config, pino({ level: 'silent' }));
  const server: Server = await new Promise((resolve) => {
    const s = g.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  gateway = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      g.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
});
afterAll(async () => {
  await gateway.close();
  await identity.stop();
});

test('when a user deletes their account, then a copy of their access token is refused at the gateway within a poll', async () => {
  const student = { name: 'Asha Rao', email: 'asha@campus.test', password: 'correct-horse' };
  await request(gateway.url).post('/api/auth/register').send(student).expect(201);
  const login = await request(gateway.url)
    .post('/api/auth/login')
    .send({ email: student.email, password: student.password })
    .expect(200);
  const access = ((login.headers['set-cookie'] as unknown as string[]) ?? [])
    .find((c) => c.startsWith('cc_access='))!
    .split(';')[0]!;
  await request(gateway.url).get('/api/auth/me').set('Cookie', access).expect(200);

  const deleted = await request(gateway.url)
    .delete('/api/me')
    .set('Cookie', access)
    .send({ password: student.password, contributions: 'delete' })
    .expect(200);
  expect(deleted.body.success).toBe(true);

  // Someone who copied the token before keeps presenting it: TOKEN_REVOKED, on every route.
  await waitFor(
    'the deleted account’s token refused',
    async () => (await request(gateway.url).get('/api/auth/me').set('Cookie', access)).body.code,
    { until: (code) => code === 'TOKEN_REVOKED' },
  );
  const res = await request(gateway.url).get('/api/me/export').set('Cookie', access).expect(401);
  expect(res.body.code).toBe('TOKEN_REVOKED');
});
