import { randomUUID } from 'node:crypto';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { deliver, envelope, listOf, person, startNotifications } from './notifications-test-kit';

/** A campaign organiser's update reaches the campaign's backers (issue 28: community.campaign). */
let h: ServiceHarness;
beforeAll(async () => {
  ({ h } = await startNotifications());
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

describe('community.campaign: updates on campaigns I pledged to', () => {
  test('when the organiser posts an update, then each backer named by the event gets it, linking to the campaign, and nobody else', async () => {
    const asha = person(h, 'Asha Rao');
    const ravi = person(h, 'Ravi Kumar');
    const zara = person(h, 'Zara Khan');
    const campaignId = randomUUID();
    await deliver(
      h,
      envelope('community.campaign.updated', {
        campaignId,
        updateId: randomUUID(),
        title: 'Robotics Club Kits',
        excerpt: 'Ten kits bought!',
        link: `/campaign/${campaignId}`,
        backerIds: [asha.id, ravi.id],
      }),
    );
    for (const backer of [asha, ravi])
      expect(await listOf(h, backer)).toEqual([
        expect.objectContaining({
          kind: 'community.campaign',
          text: 'New update on “Robotics Club Kits”: Ten kits bought!',
          link: `/campaign/${campaignId}`,
          actor: null,
          read: false,
        }),
      ]);
    expect(await listOf(h, zara)).toEqual([]);
  });
});
