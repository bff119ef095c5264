import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { eventsService } from '../src/service';
import { postEvent, signedIn } from './helpers';

/**
 * Review of issue 26: GET /api/event/events/{id} answers a hidden event, with the moderator's
 * reason, to its author alone; that answer must never be kept by a shared cache.
 */
let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(eventsService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

test('when the author reads their hidden event, then the answer is Cache-Control: private, no-store', async () => {
  const asha = signedIn(h, 'Asha Rao');
  const event = await postEvent(h, asha.headers, 1, { title: 'Hack Night' });
  const id = randomUUID();
  await h.bus.publish({
    id,
    name: 'moderation.content.hidden',
    occurredAt: new Date().toISOString(),
    producer: 'moderation',
    payload: {
      targetType: 'event',
      targetId: event._id,
      authorId: asha.user.id,
      title: 'Hack Night',
      link: `/events?event=${event._id}`,
      reason: 'Misleading registration link',
      by: 'moderator',
    },
  });
  await h.waitForHandled(id);
  const res = await request(h.url).get(`/api/event/events/${event._id}`).set(asha.headers).expect(200);
  expect(res.body.moderation).toEqual({ state: 'hidden', reason: 'Misleading registration link' });
  expect(res.headers['cache-control']).toBe('private, no-store');
});
