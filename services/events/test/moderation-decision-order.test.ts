import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { deliverDecisions, moderationStateOf } from '@campus/service-kit/testing/moderated-content-harness';
import { events } from '../src/data/schema';
import { eventsService } from '../src/service';
import { postEvent, signedIn } from './helpers';

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(eventsService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

describe('moderation decisions out of order (hide 1, restore 2, hide 3 delivered as 1, 3, 2)', () => {
  test('when decision 3 (hide) arrives before decision 2 (restore), then 2 is ignored and the event stays hidden', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const id = (await postEvent(h, asha.headers, 7))._id;
    const event = { targetType: 'event' as const, targetId: id, authorId: asha.user.id };
    await deliverDecisions(h, event, ['hide', 1], ['hide', 3]);

    await deliverDecisions(h, event, ['restore', 2]);

    expect(await moderationStateOf(h, events, id)).toBe('hidden');
  });
});
