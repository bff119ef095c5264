import fs from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import type { DeadLetter } from '@campus/service-kit/bus/event-bus';
import { peekDeadLetters } from '@campus/service-kit/bus/rabbitmq-bus';
import { freePort } from '../../src/multi-process/ports';
import { superviseProcess, type SupervisedProcess } from '../../src/multi-process/supervised-process';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { report, timed } from './support/figures';
import { startFaultPlatform, type FaultPlatform } from './support/fault-platform';
import { probeSchemaName } from './support/probe-consumer';
import { markedEmail, register } from './support/registrations';

let faults: FaultPlatform;
let probeDb: Pool;
let probeDbUrl: string;
const probes: SupervisedProcess[] = [];

beforeAll(async () => {
  faults = await startFaultPlatform();
  probeDbUrl = await faults.extraDatabase('probe');
  probeDb = new Pool({ connectionString: probeDbUrl, max: 2 });
});
afterAll(async () => {
  await Promise.all(probes.map((p) => p.stop()));
  await probeDb?.end();
  await faults?.stop();
});

/** A consuming service process (support/probe-consumer.ts) on the run's broker, restarted when it dies. */
async function startProbe(replica: string, env: Record<string, string>): Promise<SupervisedProcess> {
  const port = await freePort();
  const probe = superviseProcess({
    name: `probe-${replica}`,
    entry: path.join(__dirname, 'support', 'probe-consumer.ts'),
    cwd: path.resolve(__dirname, '..', '..', '..', '..'),
    env: {
      ...process.env,
      AMQP_URL: faults.amqpUrl,
      DATABASE_URL: probeDbUrl,
      PORT: String(port),
      REPLICA: replica,
      ...env,
    },
    isReady: async () => (await fetch(`http://127.0.0.1:${port}/`)).ok,
    log: (line) => fs.appendFileSync(faults.logFile, `${line}\n`),
    initialBackoffMs: 100,
  });
  probes.push(probe);
  await probe.whenReady(30_000);
  return probe;
}

/** Rows of one probe queue's tables: `{s}` in the query names its schema. */
async function rows<T>(queue: string, query: string, params: unknown[] = []): Promise<T[]> {
  return (await probeDb.query(query.replaceAll('{s}', probeSchemaName(queue)), params)).rows as T[];
}

async function registerAll(emails: string[]) {
  for (const email of emails) expect((await register(faults.platform.url, email)).status).toBe(201);
}

describe('consumers as processes on RabbitMQ', () => {
  it('when a consumer process dies mid-message (work committed, ack not sent), the message comes again and is handled once', async () => {
    const queue = 'probe-crash';
    const probe = await startProbe('crash', { QUEUE: queue, CRASH_MARK: 'crash-me' });
    const firstPid = probe.pid();
    const victim = markedEmail('crash-me');
    const emails = [markedEmail('calm'), victim, markedEmail('calm')];
    await registerAll(emails);
    const victimDeliveries = async () =>
      (
        await rows<{ n: number }>(
          queue,
          'select count(*)::int as n from {s}.deliveries d join {s}.handled h using (event_id) where h.email = $1',
          [victim],
        )
      )[0]?.n ?? 0;
    // The work of the interrupted delivery is committed before the kill: wait for the redelivery
    // to the restarted process, not just for the rows.
    const redeliveredAfter = await timed(() =>
      waitFor(
        'the interrupted event to be delivered again and every event handled',
        async () =>
          (await victimDeliveries()) >= 2 &&
          (await rows<{ n: number }>(queue, 'select count(distinct email)::int as n from {s}.handled'))[0]!
            .n === 3,
        { timeoutMs: 30_000, everyMs: 100 },
      ),
    );
    const lastPid = probe.pid();
    // A graceful stop lets deliveries in flight finish: after it, what was handled is final.
    await probe.stop();
    const handled = await rows<{ email: string }>(queue, 'select email from {s}.handled');
    const deliveries = await victimDeliveries();

    report('consumer process SIGKILLed after its work committed, before the ack', {
      'process restarts': probe.restarts(),
      'pid before / after': `${firstPid} / ${lastPid}`,
      'deliveries of the interrupted event': deliveries,
      'times its work was done': handled.filter((r) => r.email === victim).length,
      'events sent / handled rows': `${emails.length} / ${handled.length}`,
      'last registration -> redelivered and all handled (ms)': Math.round(redeliveredAfter),
    });

    expect(probe.restarts()).toBe(1);
    expect(deliveries).toBe(2);
    expect(handled.map((r) => r.email).sort()).toEqual([...emails].sort());
  });

  it('a poison message goes to the dead-letter queue after bounded retries and does not hold back the next one', async () => {
    const queue = 'probe-poison';
    const probe = await startProbe('poison', { QUEUE: queue, POISON_MARK: 'poison-pill', MAX_ATTEMPTS: '3' });
    const poison = markedEmail('poison-pill');
    const next = markedEmail('next-one');
    await registerAll([poison, next]);
    const nextHandledAfter = await timed(() =>
      waitFor(
        'the event after the poison to be handled',
        async () => (await rows(queue, 'select 1 from {s}.handled where email = $1', [next])).length === 1,
        20_000,
      ),
    );
    let letters: DeadLetter[] = [];
    const deadLetteredAfter = await timed(async () => {
      letters = await waitFor(
        'the poison in the dead-letter queue',
        () => peekDeadLetters({ url: faults.amqpUrl, queue }),
        {
          until: (found) => found.length === 1,
          timeoutMs: 20_000,
          everyMs: 200,
        },
      );
    });
    const letter = letters[0]!;
    const eventId = (JSON.parse(letter.body) as { id: string }).id;
    const [deliveries] = await rows<{ n: number }>(
      queue,
      'select count(*)::int as n from {s}.deliveries where event_id = $1',
      [eventId],
    );
    const poisonHandled = await rows(queue, 'select 1 from {s}.handled where email = $1', [poison]);

    report('poison event (its handler always throws), retry policy 3 attempts after 200/400 ms', {
      'deliveries of the poison': deliveries!.n,
      'attempts on the dead letter': letter.attempts,
      'reason on the dead letter': letter.reason,
      'next event handled after (ms)': Math.round(nextHandledAfter),
      'then poison in <queue>.dlq after (ms)': Math.round(deadLetteredAfter),
      'poison handled': poisonHandled.length,
    });

    expect(letters).toHaveLength(1);
    expect((JSON.parse(letter.body) as { payload: { email: string } }).payload.email).toBe(poison);
    expect(letter.attempts).toBe(3);
    expect(deliveries!.n).toBe(3);
    expect(poisonHandled).toHaveLength(0);
    await probe.stop();
  });

  it('two replicas consuming one queue: each event is handled once, and both take a share', async () => {
    const queue = 'probe-replicas';
    const a = await startProbe('a', { QUEUE: queue });
    const b = await startProbe('b', { QUEUE: queue });
    const emails = Array.from({ length: 40 }, () => markedEmail('replica'));
    await Promise.all([0, 1, 2, 3].map((lane) => registerAll(emails.filter((_, i) => i % 4 === lane))));
    const doneAfter = await timed(() =>
      waitFor(
        'all 40 to be handled',
        async () =>
          (await rows<{ n: number }>(queue, 'select count(*)::int as n from {s}.handled'))[0]!.n >= 40,
        { timeoutMs: 30_000, everyMs: 100 },
      ),
    );
    // Graceful stops let deliveries in flight finish: after them, what was handled is final.
    await Promise.all([a.stop(), b.stop()]);
    const handled = await rows<{ email: string; replica: string }>(
      queue,
      'select email, replica from {s}.handled',
    );
    const share = (replica: string) => handled.filter((r) => r.replica === replica).length;
    const distinct = new Set(handled.map((r) => r.email)).size;
    report('two consumer processes on one queue, 40 registrations from 4 clients', {
      'handled by replica a / b': `${share('a')} / ${share('b')}`,
      'handled rows / distinct events': `${handled.length} / ${distinct}`,
      'last registration -> all handled (ms)': Math.round(doneAfter),
    });
    expect(handled.map((r) => r.email).sort()).toEqual([...emails].sort());
    expect(share('a')).toBeGreaterThan(0);
    expect(share('b')).toBeGreaterThan(0);
  });
});
