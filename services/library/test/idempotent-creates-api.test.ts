import { count } from 'drizzle-orm';
import { describeIdempotentCreate } from '@campus/service-kit/testing/idempotent-create-cases';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { books } from '../src/data/schema';
import { libraryService } from '../src/service';
import { auth, makeUser, validBook, type TestUser } from './helpers';

let h: ServiceHarness;
let asha: TestUser;
beforeAll(async () => {
  h = await startServiceForTest(libraryService);
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  asha = makeUser(h, 'Asha Rao');
});

describeIdempotentCreate(() => h, {
  what: 'a book',
  path: () => '/api/book',
  headers: () => auth(asha),
  body: () => validBook,
  otherBody: () => ({ ...validBook, semester: 4 }),
  count: async () => (await h.database.db.select({ n: count() }).from(books))[0]!.n,
});
