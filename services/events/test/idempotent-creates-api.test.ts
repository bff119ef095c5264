import { describeIdempotentCreate } from '@campus/service-kit/testing/idempotent-create-cases';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { eventsService } from '../src/service';
import { poster, signedIn, storedCounts, uploadPoster } from './helpers';

let h: ServiceHarness;
let asha: ReturnType<typeof signedIn>;
/** The seed of the last poster uploaded: every form gets a poster of its own (a poster posts one event). */
let seed: number;
beforeAll(async () => {
  h = await startServiceForTest(eventsService);
});
afterAll(() => h.stop());
beforeEach(async () => {
  await h.reset();
  asha = signedIn(h, 'Asha Rao');
  seed = 0;
});

/** The createform body for a poster Asha has just uploaded. */
async function eventForm() {
  const uploaded = await uploadPoster(h, asha.headers, await poster(++seed)).expect(200);
  return { posterLink: uploaded.body.posterUrl as string, registerLink: 'https://forms.example.org/fest' };
}

describeIdempotentCreate(() => h, {
  what: 'an event',
  path: () => '/api/event/createform',
  headers: () => asha.headers,
  body: eventForm,
  otherBody: eventForm,
  count: async () => (await storedCounts(h)).events,
});
