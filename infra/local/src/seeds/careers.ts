import { DEMO_USERS } from '../demo-data';
import { signedInFetch, type SeedStep } from './seed-step';

/** A few careers items from the demo student, through the public API, so the screen is not empty. */
export const careersSeed: SeedStep = {
  name: 'careers',
  async run(ctx) {
    const { student } = DEMO_USERS;
    const { call } = await signedInFetch(ctx.url, student.email, student.password);
    for (const title of ['Welcome to Careers', 'A second careers item']) {
      const res = await call('/api/job', { body: { title } });
      if (!res.ok) throw new Error(`seed careers item: HTTP ${res.status}`);
    }
  },
};
