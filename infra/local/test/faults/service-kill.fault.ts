import { waitFor } from '@campus/service-kit/testing/wait-for';
import { report, sleep, timed } from './support/figures';
import { startFaultPlatform, type FaultPlatform } from './support/fault-platform';
import { PASSWORD, steadyRegistrations, type Attempt } from './support/registrations';

let faults: FaultPlatform;

beforeAll(async () => {
  faults = await startFaultPlatform();
});
afterAll(async () => {
  await faults?.stop();
});

const ok = (a: Attempt) => a.status >= 200 && a.status < 300;

describe('a service SIGKILLed under steady load', () => {
  it('the gateway answers JSON 502/503 at once (never waiting out its deadline), requests succeed again after the restart, and every acknowledged write is kept', async () => {
    const { platform } = faults;
    const load = steadyRegistrations(platform.url, 'kill', 4);
    await sleep(2_000);

    const killedAt = performance.now();
    const exit = await platform.kill('identity', 'SIGKILL');
    await platform.process('identity').whenReady(30_000);
    const readyAt = performance.now();
    await waitFor('a registration through the gateway to succeed after the restart', () =>
      load.attempts.some((a) => a.startedAt >= readyAt && ok(a)),
    );
    await sleep(1_500);
    const attempts = await load.stop();

    const beforeKill = attempts.filter((a) => a.finishedAt < killedAt);
    const duringOutage = attempts.filter((a) => a.finishedAt >= killedAt && a.startedAt < readyAt);
    const failed = duringOutage.filter((a) => !ok(a));
    const firstSuccessAfterReady = Math.min(
      ...attempts.filter((a) => a.startedAt >= readyAt && ok(a)).map((a) => a.finishedAt),
    );
    const acknowledged = attempts.filter(ok);

    const stored = await faults
      .db('identity')
      .query<{ email: string; id: string }>('select id, email from identity.users where email = any($1)', [
        acknowledged.map((a) => a.email),
      ]);
    // The events of acknowledged writes were in the outbox when the process died: none is lost.
    const ids = stored.rows.map((r) => r.id);
    const profileWait = await timed(() =>
      waitFor(
        'a profile for every acknowledged registration',
        async () => {
          const { rows } = await faults.db('profile').query<{
            n: number;
          }>('select count(*)::int as n from profile.profiles where user_id = any($1)', [ids]);
          return rows[0]!.n === ids.length;
        },
        30_000,
      ),
    );
    const sample = acknowledged.filter((a) => a.finishedAt < killedAt).slice(-1)[0]!;
    const login = await fetch(`${platform.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: platform.url },
      body: JSON.stringify({ email: sample.email, password: PASSWORD }),
    });

    const failLatencies = failed.map((a) => a.finishedAt - a.startedAt);
    report('identity SIGKILLed under 4 steady clients', {
      'requests in all': attempts.length,
      'acknowledged (2xx)': acknowledged.length,
      'acknowledged before the kill': beforeKill.filter(ok).length,
      'exit of the killed process': `signal ${exit.signal}`,
      'failed while down': `${failed.length} (${[...new Set(failed.map((a) => `${a.status} ${a.code}`))].join(', ')})`,
      'slowest failure answer (ms)': Math.round(Math.max(0, ...failLatencies)),
      'kill -> restarted and ready (ms)': Math.round(readyAt - killedAt),
      'ready -> first 2xx through the gateway (ms)': Math.round(firstSuccessAfterReady - readyAt),
      'acknowledged and stored': `${stored.rowCount}/${acknowledged.length}`,
      'profiles for them (events kept) after (ms)': Math.round(profileWait),
      'restarts by the supervisor': platform.process('identity').restarts(),
    });

    expect(exit.signal).toBe('SIGKILL');
    expect(failed.length).toBeGreaterThan(0);
    // Refused at once: a request that waited out the gateway's deadline would be a 504 GATEWAY_TIMEOUT.
    for (const a of failed) {
      expect([502, 503]).toContain(a.status);
      expect(a.json).toBe(true);
      expect(['BAD_GATEWAY', 'SERVICE_UNAVAILABLE']).toContain(a.code);
    }
    expect(attempts.filter((a) => a.startedAt >= readyAt).some(ok)).toBe(true);
    expect(stored.rowCount).toBe(acknowledged.length);
    expect(login.status).toBe(200);
  });
});
