import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { validFlat } from './helpers';
import { signAccessToken } from '@campus/service-kit/auth';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { deliverDecisions, moderationStateOf } from '@campus/service-kit/testing/moderated-content-harness';
import { flats } from '../src/data/schema';
import { housingService } from '../src/service';

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(housingService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

describe('moderation decisions out of order (hide 1, restore 2, hide 3 delivered as 1, 3, 2)', () => {
  test('when decision 3 (hide) arrives before decision 2 (restore), then 2 is ignored and the flat stays hidden', async () => {
    const user = { id: randomUUID(), name: 'Asha Rao', isTeacher: false };
    const headers = { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` };
    const id = (await request(h.url).post('/api/flat').set(headers).send(validFlat).expect(201)).body.data
      ._id as string;
    const flat = { targetType: 'flat' as const, targetId: id, authorId: user.id };
    await deliverDecisions(h, flat, ['hide', 1], ['hide', 3]);

    await deliverDecisions(h, flat, ['restore', 2]);

    expect(await moderationStateOf(h, flats, id)).toBe('hidden');
  });
});
