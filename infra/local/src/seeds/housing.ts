import { DEMO_USERS } from '../demo-data';
import { signedInFetch, type SeedStep } from './seed-step';

/** A few housing items from the demo student, through the public API, so the screen is not empty. */
export const housingSeed: SeedStep = {
  name: 'housing',
  async run(ctx) {
    const { student } = DEMO_USERS;
    const { call } = await signedInFetch(ctx.url, student.email, student.password);
    for (const title of ['Welcome to Housing', 'A second housing item']) {
      const res = await call('/api/flat', { body: { title } });
      if (!res.ok) throw new Error(`seed housing item: HTTP ${res.status}`);
    }
  },
};
