import { randomUUID } from 'node:crypto';
import { postCreate, postTwiceAtOnce } from '@campus/service-kit/testing/idempotent-create';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { eventsService } from '../src/service';
import { poster, signedIn, storedCounts, uploadPoster } from './helpers';

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceForTest(eventsService);
});
afterAll(() => h.stop());
beforeEach(() => h.reset());

/** The createform body for a poster the user has just uploaded. */
async function eventForm(headers: Record<string, string>, seed: number) {
  const uploaded = await uploadPoster(h, headers, await poster(seed)).expect(200);
  return { posterLink: uploaded.body.posterUrl as string, registerLink: 'https://forms.example.org/fest' };
}

describe('posting an event with an Idempotency-Key', () => {
  test('when the same form is sent twice at once with one key, then one event is posted and both answers are the same', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const form = await eventForm(asha.headers, 1);
    const [a, b] = await postTwiceAtOnce(h.url, '/api/event/createform', asha.headers, form, randomUUID());
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toBe(b.body);
    expect([a.replayed, b.replayed].filter(Boolean)).toEqual(['true']);
    expect((await storedCounts(h)).events).toBe(1);
  });

  test('when the same key comes with other content, then 422 and no second event', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const form = await eventForm(asha.headers, 1);
    const key = randomUUID();
    expect((await postCreate(h.url, '/api/event/createform', asha.headers, form, key)).status).toBe(201);
    const other = await eventForm(asha.headers, 2);
    const res = await postCreate(h.url, '/api/event/createform', asha.headers, other, key);
    expect(res.status).toBe(422);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await storedCounts(h)).events).toBe(1);
  });

  test('when no key is sent, then each form posts an event, as before', async () => {
    const asha = signedIn(h, 'Asha Rao');
    const forms = [await eventForm(asha.headers, 1), await eventForm(asha.headers, 2)];
    const answers = await Promise.all(
      forms.map((form) => postCreate(h.url, '/api/event/createform', asha.headers, form)),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect((await storedCounts(h)).events).toBe(2);
  });
});
