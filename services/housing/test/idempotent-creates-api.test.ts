import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { signAccessToken } from '@campus/service-kit/auth';
import { describeIdempotentCreate } from '@campus/service-kit/testing/idempotent-create-cases';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { flats } from '../src/data/schema';
import { housingService } from '../src/service';

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

const flat = {
  name: 'Sunny 2BHK near the main gate',
  description: 'One room free in a 2BHK, ten minutes on foot to campus. Wi-Fi and a cook.',
  location: 'https://maps.google.com/?q=Kothrud+Pune',
  genderPreference: 'female',
  rent: 8500,
  moveInDate: '2026-07-01',
  contactInfo: '+91 98765 43210',
};

describeIdempotentCreate(() => h, {
  what: 'a flat request',
  path: () => '/api/flat',
  headers: () => asha,
  body: () => flat,
  otherBody: () => ({ ...flat, rent: 9000 }),
  count: async () => (await h.database.db.select({ n: count() }).from(flats))[0]!.n,
});
