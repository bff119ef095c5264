import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { deliverDecisions, moderationStateOf } from '@campus/service-kit/testing/moderated-content-harness';
import { books } from '../src/data/schema';
import { libraryService } from '../src/service';
import { makeUser, upload } from './helpers';

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(libraryService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

describe('moderation decisions out of order (hide 1, restore 2, hide 3 delivered as 1, 3, 2)', () => {
  test('when decision 3 (hide) arrives before decision 2 (restore), then 2 is ignored and the book stays hidden', async () => {
    const asha = makeUser(h, 'Asha Rao');
    const id = await upload(h, asha);
    const book = { targetType: 'book' as const, targetId: id, authorId: asha.id };
    await deliverDecisions(h, book, ['hide', 1], ['hide', 3]);

    await deliverDecisions(h, book, ['restore', 2]);

    expect(await moderationStateOf(h, books, id)).toBe('hidden');
  });
});
