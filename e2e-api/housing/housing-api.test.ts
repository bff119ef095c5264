import type { FlatListResponse, FlatRequest, FlatResponse } from '@campus/contracts/housing';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { ApiClient } from '../support/api-client';
import { signUp, type SignedInUser } from '../support/accounts';

/** The whole platform through the gateway: two students, a guest, and the profile's Room Requests count. */
let asha: SignedInUser;
let rohan: SignedInUser;
let guest: ApiClient;

const flatBody = (name: string) => ({
  userId: 'someone-else',
  name,
  description: 'One room in a furnished 2BHK, ten minutes on foot to campus.',
  location: 'https://maps.google.com/?q=Kothrud+Pune',
  genderPreference: 'female',
  rent: '8500',
  moveInDate: '2026-07-01',
  contactInfo: '+91 98765 43210',
});

const roomRequestsOf = async (user: SignedInUser) => {
  const res = await user.client.get<{ data: { fundRaisingCount: number } }>(`/api/commonData/${user._id}`);
  if (res.status !== 200) throw new Error(`counts answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.fundRaisingCount;
};
const countBecomes = (user: SignedInUser, expected: number) =>
  waitFor(`${user.name}'s Room Requests count to be ${expected}`, () => roomRequestsOf(user), {
    until: (n) => n === expected,
  });

beforeAll(async () => {
  guest = new ApiClient();
  [asha, rohan] = await Promise.all([signUp('student', 'Asha Verma'), signUp('student', 'Rohan Das')]);
});

test('a student creates two requests, a guest sees them without contact, the other student cannot delete them, the owner can, and the Room Requests count follows each step', async () => {
  expect(await roomRequestsOf(asha)).toBe(0);

  const created: FlatRequest[] = [];
  for (const name of ['Room near the main gate', 'Room in Kothrud']) {
    const res = await asha.client.post<FlatResponse>('/api/flat', flatBody(name));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name,
      userId: asha._id,
      rent: 8500,
      contactInfo: '+91 98765 43210',
    });
    created.push(res.body.data);
  }
  await countBecomes(asha, 2);

  const [first, second] = created as [FlatRequest, FlatRequest];
  const asGuest = await guest.get<FlatListResponse>(`/api/flat?q=${encodeURIComponent(first.name)}`);
  expect(asGuest.status).toBe(200);
  expect(asGuest.body.data.map((f) => f._id)).toContain(first._id);
  for (const f of asGuest.body.data) expect(f).not.toHaveProperty('contactInfo');

  const asRohan = await rohan.client.get<FlatListResponse>(`/api/flat?q=${encodeURIComponent(first.name)}`);
  expect(asRohan.body.data.find((f) => f._id === first._id)?.contactInfo).toBe('+91 98765 43210');

  expect((await rohan.client.request('DELETE', `/api/flat/${first._id}`)).status).toBe(403);
  expect((await guest.request('DELETE', `/api/flat/${first._id}`)).status).toBe(401);
  expect((await rohan.client.get(`/api/flat/my/${asha._id}`)).status).toBe(403);

  expect((await asha.client.request('DELETE', `/api/flat/${first._id}`)).status).toBe(200);
  await countBecomes(asha, 1);
  const mine = await asha.client.get<FlatListResponse>(`/api/flat/my/${asha._id}`);
  expect(mine.body.data.map((f) => f._id)).toEqual([second._id]);
  expect(await roomRequestsOf(rohan)).toBe(0);
});
