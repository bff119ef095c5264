import { DEMO_USERS } from '../demo-data';
import { signedInFetch, type SeedStep } from './seed-step';

/** A few events items from the demo student, through the public API, so the screen is not empty. */
export const eventsSeed: SeedStep = {
  name: 'events',
  async run(ctx) {
    const { student } = DEMO_USERS;
    const { call } = await signedInFetch(ctx.url, student.email, student.password);
    for (const title of ['Welcome to Events', 'A second events item']) {
      const res = await call('/api/event', { body: { title } });
      if (!res.ok) throw new Error(`seed events item: HTTP ${res.status}`);
    }
  },
};
