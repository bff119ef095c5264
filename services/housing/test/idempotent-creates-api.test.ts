import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { signAccessToken } from '@campus/service-kit/auth';
import { describeIdempotentCreate } from '@campus/service-kit/testing/idempotent-create-cases';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { flats } from '../src/data/schema';
import { housingService } from '../src/service';
import { validFlat } from './helpers';

let h: ServiceHarness;
/** Asha's request headers: a signed access token naming her, as the gateway hands her over. */
let asha: { Authorization: string };
beforeAll(async () => {
  h = await startServiceForTest(housingService);
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  const user = { id: randomUUID(), name: 'Asha Rao', isTeacher: false };
  asha = { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` };
});

describeIdempotentCreate(() => h, {
  what: 'a flat request',
  path: () => '/api/flat',
  headers: () => asha,
  body: () => validFlat,
  otherBody: () => ({ ...validFlat, rent: 9000 }),
  count: async () => (await h.database.db.select({ n: count() }).from(flats))[0]!.n,
});
