import type { ExampleItemResponse, ExampleListResponse } from '@campus/contracts/example';
import { ApiClient } from '../support/api-client';
import { signUp, type SignedInUser } from '../support/accounts';

/** The whole platform through the gateway: a student adds items, a guest reads them, a guest cannot add. */
let asha: SignedInUser;
let guest: ApiClient;

beforeAll(async () => {
  guest = new ApiClient();
  asha = await signUp('student', 'Asha Verma');
});

test('a student adds an item, a guest finds it in the list with its author, and a guest cannot add one', async () => {
  const created = await asha.client.post<ExampleItemResponse>('/api/example', {
    title: 'Through the gateway',
    createdBy: 'someone-else',
  });
  expect(created.status).toBe(201);
  expect(created.body.data).toMatchObject({ title: 'Through the gateway', createdBy: asha._id });

  const list = await guest.get<ExampleListResponse>('/api/example?limit=50');
  expect(list.status).toBe(200);
  expect(list.body.data.find((item) => item._id === created.body.data._id)).toMatchObject({
    authorName: asha.name,
  });

  const refused = await guest.post('/api/example', { title: 'Anonymous' });
  expect(refused.status).toBe(401);
});
