import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EVENTS_MESSAGES } from '@campus/contracts/events-domain-rules';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { eventsService } from '../src/service';
import { postEvent, signedIn } from './helpers';

/** Fixes from the review of issue 26: a hidden event is not found for anyone but its author. */
let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(eventsService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

test('when a stranger edits or deletes a hidden event, then 404 (as GET answers, not 403 NOT_OWNER), and the event is unchanged', async () => {
  const asha = signedIn(h, 'Asha Rao');
  const ravi = signedIn(h, 'Ravi Kumar');
  const event = await postEvent(h, asha.headers, 3, { title: 'Hack Night' });
  const eventId = randomUUID();
  await h.bus.publish({
    id: eventId,
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
  await h.waitForHandled(eventId);

  await request(h.url).get(`/api/event/events/${event._id}`).set(ravi.headers).expect(404);
  const edit = await request(h.url)
    .patch(`/api/event/events/${event._id}`)
    .set(ravi.headers)
    .send({ title: 'Hijacked' })
    .expect(404);
  expect(edit.body.message).toBe(EVENTS_MESSAGES.eventNotFound);
  await request(h.url).delete(`/api/event/events/${event._id}`).set(ravi.headers).expect(404);

  const own = await request(h.url).get(`/api/event/events/${event._id}`).set(asha.headers).expect(200);
  expect(own.body).toMatchObject({ title: 'Hack Night', moderation: { state: 'hidden' } });
});
