import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventEnvelope } from '@campus/contracts/events';
import { handleOnce } from '../src/inbox';
import { openTestDatabase, type TestDatabase } from './bus/test-database';

jest.setTimeout(20_000);

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase('inbox_handle_once');
});
afterAll(() => database.close());
beforeEach(() => database.reset());

const event = (): EventEnvelope => ({
  id: randomUUID(),
  name: 'careers.job.posted',
  occurredAt: new Date().toISOString(),
  producer: 'careers',
  payload: { jobId: 'job-1', postedBy: 'user-1' },
});

function countJob(envelope: EventEnvelope, delayMs = 0) {
  return handleOnce(database.db, database.tables.inbox, envelope, async (tx) => {
    if (delayMs) await sleep(delayMs);
    await tx.insert(database.tables.effects).values({ eventId: envelope.id, queue: 'profile' });
  });
}

const effectCount = async () => (await database.db.select().from(database.tables.effects)).length;

describe('handleOnce', () => {
  it('does the work once: a redelivered event is a no-op', async () => {
    const envelope = event();

    expect(await countJob(envelope)).toBe(true);
    expect(await countJob(envelope)).toBe(false);

    expect(await effectCount()).toBe(1);
    const [row] = await database.db.select().from(database.tables.inbox);
    expect(row).toMatchObject({ eventId: envelope.id, name: 'careers.job.posted' });
  });

  it('when the work throws, neither the work nor the id is recorded, so the next delivery does it', async () => {
    const envelope = event();
    await expect(
      handleOnce(database.db, database.tables.inbox, envelope, async (tx) => {
        await tx.insert(database.tables.effects).values({ eventId: envelope.id, queue: 'profile' });
        throw new Error('handler bug');
      }),
    ).rejects.toThrow('handler bug');
    expect(await database.db.select().from(database.tables.inbox)).toEqual([]);
    expect(await effectCount()).toBe(0);

    expect(await countJob(envelope)).toBe(true);
    expect(await effectCount()).toBe(1);
  });

  it('two deliveries of one event at the same time: exactly one does the work', async () => {
    const envelope = event();

    const outcomes = await Promise.all([countJob(envelope, 50), countJob(envelope, 50)]);

    expect(outcomes.sort()).toEqual([false, true]);
    expect(await effectCount()).toBe(1);
  });

  it('different events are each handled', async () => {
    await Promise.all([countJob(event()), countJob(event()), countJob(event())]);
    expect(await effectCount()).toBe(3);
  });
});
