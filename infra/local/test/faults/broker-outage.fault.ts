import { waitFor } from '@campus/service-kit/testing/wait-for';
import { messagesInFlight } from './support/broker-queues';
import { report, sleep, timed } from './support/figures';
import { startFaultPlatform, type FaultPlatform } from './support/fault-platform';
import { markedEmail, register } from './support/registrations';

let faults: FaultPlatform;

beforeAll(async () => {
  faults = await startFaultPlatform();
});
afterAll(async () => {
  await faults?.stop();
});

async function count(service: string, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await faults.db(service).query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

describe('RabbitMQ unreachable while users register', () => {
  it('writes keep succeeding, events wait in the outbox, and the profile counts converge to the exact totals once it is back', async () => {
    const { platform, brokerLink } = faults;
    const before = [];
    for (let i = 0; i < 5; i++) before.push(await register(platform.url, markedEmail('before')));
    expect(before.every((a) => a.status === 201)).toBe(true);
    await waitFor(
      'profiles of the first registrations',
      async () => (await count('profile', 'select count(*)::int as n from profile.profiles')) === 5,
      20_000,
    );

    brokerLink.cut();
    const cutAt = performance.now();
    await waitFor(
      'the gateway health to show the bus down',
      async () => (await fetch(`${platform.url}/api/health`)).status === 503,
      { timeoutMs: 20_000, everyMs: 100 },
    );
    const healthDegradedAfter = performance.now() - cutAt;

    const during = [];
    for (let i = 0; i < 40; i++) during.push(await register(platform.url, markedEmail('outage')));
    const acknowledged = during.filter((a) => a.status === 201);
    const waiting = await count(
      'identity',
      'select count(*)::int as n from identity.outbox where published_at is null',
    );
    const profilesDuring = await count('profile', 'select count(*)::int as n from profile.profiles');
    await sleep(1_000);
    const outageMs = performance.now() - cutAt;

    brokerLink.restore();
    const expected = 5 + acknowledged.length;
    const convergedAfter = await timed(() =>
      waitFor(
        'profiles to converge to every acknowledged registration',
        async () => (await count('profile', 'select count(*)::int as n from profile.profiles')) >= expected,
        { timeoutMs: 60_000, everyMs: 100 },
      ),
    );
    // Count only once nothing is left to arrive: the relay has published every row, and the
    // profile queue holds no message, ready or unacknowledged (a late duplicate included).
    await waitFor(
      'every outbox row published and the profile queue empty',
      async () =>
        (await count(
          'identity',
          'select count(*)::int as n from identity.outbox where published_at is null',
        )) === 0 && (await messagesInFlight(faults.runId, 'profile')) === 0,
      { timeoutMs: 30_000, everyMs: 200 },
    );
    const profiles = await count('profile', 'select count(*)::int as n from profile.profiles');
    const handled = await count(
      'profile',
      `select count(*)::int as n from profile.inbox where name = 'identity.user.registered'`,
    );
    const users = await count('identity', 'select count(*)::int as n from identity.users');
    const unpublished = await count(
      'identity',
      'select count(*)::int as n from identity.outbox where published_at is null',
    );
    const publishAttempts = await count(
      'identity',
      'select coalesce(sum(attempts), 0)::int as n from identity.outbox',
    );

    report('RabbitMQ cut away from every service during 40 registrations', {
      'registrations during the outage': during.length,
      'acknowledged (201) during the outage': acknowledged.length,
      'slowest registration during the outage (ms)': Math.round(
        Math.max(...during.map((a) => a.finishedAt - a.startedAt)),
      ),
      '/api/health 503 after the cut (ms)': Math.round(healthDegradedAfter),
      'events waiting in the outbox while down': waiting,
      'profiles created while down': profilesDuring - 5,
      'outage length (ms)': Math.round(outageMs),
      'broker back -> counts converged (ms)': Math.round(convergedAfter),
      'users / profiles / inbox entries': `${users} / ${profiles} / ${handled}`,
      'failed publish attempts retried by the relay': publishAttempts,
      'outbox rows still unpublished': unpublished,
    });

    expect(acknowledged).toHaveLength(during.length);
    expect(waiting).toBe(acknowledged.length);
    expect(profilesDuring).toBe(5);
    expect(users).toBe(expected);
    expect(profiles).toBe(expected);
    expect(handled).toBe(expected);
    expect(unpublished).toBe(0);
  });
});
