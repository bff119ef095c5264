import { randomBytes, randomUUID } from 'node:crypto';
import type { Post } from '@campus/contracts/community';
import { signUp, type SignedInUser } from '../support/accounts';

let asha: SignedInUser;
const title = `Lost charger in lab 3 zq${randomBytes(5).toString('hex')}`;

beforeAll(async () => {
  asha = await signUp('student', 'Asha Verma');
});

const postsTitled = async (t: string) =>
  ((await asha.client.get<Post[]>('/api/community?limit=50')).body ?? []).filter((p) => p.title === t);

describe('one create per intent through the gateway', () => {
  it('when a post is double-tapped with one Idempotency-Key, then one post, both answers the same, the repeat marked as replayed', async () => {
    const key = randomUUID();
    const send = () =>
      asha.client.post<Post>(
        '/api/community',
        { title, content: 'Black, with a blue cable.' },
        { 'Idempotency-Key': key },
      );
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    expect(
      [a.headers.get('idempotent-replayed'), b.headers.get('idempotent-replayed')].filter(Boolean),
    ).toEqual(['true']);
    expect(await postsTitled(title)).toHaveLength(1);

    const other = await asha.client.post(
      '/api/community',
      { title, content: 'Something else.' },
      { 'Idempotency-Key': key },
    );
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await postsTitled(title)).toHaveLength(1);
  });

  it('when the header is absent, then the spec client gets what it always got: each POST creates', async () => {
    const plain = `${title} (no key)`;
    for (let i = 0; i < 2; i++)
      expect((await asha.client.post('/api/community', { title: plain, content: 'Twice.' })).status).toBe(
        201,
      );
    expect(await postsTitled(plain)).toHaveLength(2);
  });

  it('when the API reference is read, then the create documents the optional Idempotency-Key header', async () => {
    const doc = (
      await asha.client.get<{ paths: Record<string, { post?: { parameters?: unknown[] } }> }>(
        '/api/docs/openapi.json',
      )
    ).body;
    const parameters = doc?.paths?.['/api/community']?.post?.parameters ?? [];
    expect(parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'Idempotency-Key' })]),
    );
  });
});
