import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { validBook } from './helpers';
import type { EventEnvelope, ModerationDecisionPayload } from '@campus/contracts/events';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { books } from '../src/data/schema';
import { libraryService } from '../src/service';

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(libraryService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

/** Publishes moderation's `n`-th decision about the book and waits until the service has handled it. */
async function decide(
  name: 'moderation.content.hidden' | 'moderation.content.restored',
  targetId: string,
  authorId: string,
  n: number,
) {
  const envelope: EventEnvelope<ModerationDecisionPayload> = {
    id: randomUUID(),
    name,
    occurredAt: new Date().toISOString(),
    producer: 'moderation',
    payload: {
      targetType: 'book',
      targetId,
      authorId,
      title: 'An item',
      link: '/somewhere',
      reason: 'Breaks the campus rules.',
      by: 'moderator',
      decision: n,
    },
  };
  await h.bus.publish(envelope);
  await h.waitForHandled(envelope.id);
}

const stateOf = async (id: string) =>
  (await h.database.db.select({ moderation: books.moderation }).from(books).where(eq(books.id, id)))[0]
    ?.moderation;

describe('moderation decisions out of order (hide 1, restore 2, hide 3 delivered as 1, 3, 2)', () => {
  test('when decision 3 (hide) arrives before decision 2 (restore), then 2 is ignored and the book stays hidden', async () => {
    const user = { id: randomUUID(), name: 'Asha Rao', isTeacher: false };
    const headers = { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` };
    const id = (await request(h.url).post('/api/book').set(headers).send(validBook).expect(201)).body.data
      ._id as string;
    await decide('moderation.content.hidden', id, user.id, 1);
    await decide('moderation.content.hidden', id, user.id, 3);

    await decide('moderation.content.restored', id, user.id, 2);

    expect(await stateOf(id)).toBe('hidden');
  });
});
