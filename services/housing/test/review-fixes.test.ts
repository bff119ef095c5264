import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { FlatRequest } from '@campus/contracts/housing';
import { FLAT_MESSAGES } from '@campus/contracts/housing-rules';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { housingService } from '../src/service';
import { validFlat } from './helpers';

/** Fixes from the review of issue 26: a hidden flat request is not found for anyone but its owner. */
let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(housingService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

function signedIn(name: string) {
  const user = { id: randomUUID(), name, isTeacher: false };
  return { user, headers: { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` } };
}

test('when a stranger edits or deletes a hidden flat request, then 404 (not 403 NOT_OWNER, which would tell them it exists), and the request is unchanged', async () => {
  const asha = signedIn('Asha Rao');
  const ravi = signedIn('Ravi Kumar');
  const flat = (await request(h.url).post('/api/flat').set(asha.headers).send(validFlat).expect(201)).body
    .data as FlatRequest;
  const eventId = randomUUID();
  await h.bus.publish({
    id: eventId,
    name: 'moderation.content.hidden',
    occurredAt: new Date().toISOString(),
    producer: 'moderation',
    payload: {
      targetType: 'flat',
      targetId: flat._id,
      authorId: asha.user.id,
      title: validFlat.name,
      link: '/roomfinder',
      reason: 'Asks for a deposit by wire transfer.',
      by: 'moderator',
    },
  });
  await h.waitForHandled(eventId);

  const edit = await request(h.url)
    .patch(`/api/flat/${flat._id}`)
    .set(ravi.headers)
    .send({ rent: 1 })
    .expect(404);
  expect(edit.body.message).toBe(FLAT_MESSAGES.notFound);
  await request(h.url).delete(`/api/flat/${flat._id}`).set(ravi.headers).expect(404);

  const own = await request(h.url).get(`/api/flat/my/${asha.user.id}`).set(asha.headers).expect(200);
  expect(own.body.data).toEqual([expect.objectContaining({ _id: flat._id, rent: validFlat.rent })]);
  // Its owner still may.
  await request(h.url).patch(`/api/flat/${flat._id}`).set(asha.headers).send({ rent: 9000 }).expect(200);
});
