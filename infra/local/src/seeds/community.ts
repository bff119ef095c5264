import { DEMO_USERS } from '../demo-data';
import { signedInFetch, type SeedStep } from './seed-step';

/** A few community items from the demo student, through the public API, so the screen is not empty. */
export const communitySeed: SeedStep = {
  name: 'community',
  async run(ctx) {
    const { student } = DEMO_USERS;
    const { call } = await signedInFetch(ctx.url, student.email, student.password);
    for (const title of ['Welcome to Community', 'A second community item']) {
      const res = await call('/api/community', { body: { title } });
      if (!res.ok) throw new Error(`seed community item: HTTP ${res.status}`);
    }
  },
};
