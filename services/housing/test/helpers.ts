import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { FlatRequest } from '@campus/contracts/housing';
import { signAccessToken } from '@campus/service-kit/auth';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';

/** A flat request the service accepts, as the create form sends it. */
export const validFlat = {
  name: 'Sunny 2BHK near the main gate',
  description: 'One room free in a 2BHK, ten minutes on foot to campus. Wi-Fi and a cook.',
  location: 'https://maps.google.com/?q=Kothrud+Pune',
  genderPreference: 'female',
  rent: 8500,
  moveInDate: '2026-07-01',
  contactInfo: '+91 98765 43210',
};

/** A signed-in student (a token the harness's keys sign), as the interest tests use them. */
export function studentOf(h: ServiceHarness, name: string) {
  const user = { id: randomUUID(), name, isTeacher: false };
  return { user, headers: { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` } };
}
export type Person = ReturnType<typeof studentOf>;

/** A request whose owner shares the contact on request only (ADR 0119). */
export async function createOnRequestFlat(
  h: ServiceHarness,
  owner: Person,
  overrides: Record<string, unknown> = {},
) {
  const res = await request(h.url)
    .post('/api/flat')
    .set(owner.headers)
    .send({ ...validFlat, contactVisibility: 'on-request', ...overrides })
    .expect(201);
  return res.body.data as FlatRequest;
}
