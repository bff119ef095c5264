import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { signAccessToken } from '@campus/service-kit/auth';
import { postCreate, postTwiceAtOnce } from '@campus/service-kit/testing/idempotent-create';
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

const rows = async (table: typeof flats) => (await h.database.db.select({ n: count() }).from(table))[0]!.n;
const flat = {
  name: 'Sunny 2BHK near the main gate',
  description: 'One room free in a 2BHK, ten minutes on foot to campus. Wi-Fi and a cook.',
  location: 'https://maps.google.com/?q=Kothrud+Pune',
  genderPreference: 'female',
  rent: 8500,
  moveInDate: '2026-07-01',
  contactInfo: '+91 98765 43210',
};

const creates = [
  {
    what: 'a flat request',
    path: () => '/api/flat',
    body: flat,
    other: { ...flat, rent: 9000 },
    table: flats,
  },
];
describe.each(creates)('creating $what with an Idempotency-Key', ({ path, body, other, table }) => {
  test('when the same create is sent twice at once with one key, then one is created and both answers are the same', async () => {
    const before = await rows(table);
    const key = randomUUID();
    const [a, b] = await postTwiceAtOnce(h.url, path(), asha, body, key);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toBe(b.body);
    expect([a.replayed, b.replayed].filter(Boolean)).toEqual(['true']);
    expect(await rows(table)).toBe(before + 1);
  });

  test('when the same key comes with other content, then 422 and nothing more is created', async () => {
    const key = randomUUID();
    expect((await postCreate(h.url, path(), asha, body, key)).status).toBe(201);
    const before = await rows(table);
    const res = await postCreate(h.url, path(), asha, other, key);
    expect(res.status).toBe(422);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await rows(table)).toBe(before);
  });

  test('when no key is sent, then two requests create two, as before', async () => {
    const before = await rows(table);
    const answers = await postTwiceAtOnce(h.url, path(), asha, body);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(await rows(table)).toBe(before + 2);
  });
});
