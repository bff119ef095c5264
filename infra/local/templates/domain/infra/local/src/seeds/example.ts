import { exampleApi } from '@campus/contracts/generated/example-api';
import { DEMO_USERS } from '../demo-data';
import { signedInFetch, type SeedStep } from './seed-step';

/** Two items from the demo student, through the public API, so the screen is not empty. */
export const exampleSeed: SeedStep = {
  name: 'example',
  async run(ctx) {
    const { student } = DEMO_USERS;
    const { call } = await signedInFetch(ctx.url, student.email, student.password);
    for (const title of ['Welcome to Example', 'A second item']) {
      const res = await call(exampleApi.createExampleItem.path, { body: { title } });
      if (!res.ok) throw new Error(`seed example item: HTTP ${res.status}`);
    }
  },
};
