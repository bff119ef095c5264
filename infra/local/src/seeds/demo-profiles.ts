import { DEMO_USERS } from '../demo-data';
import { signedInFetch, type SeedStep } from './seed-step';

/**
 * The demo student has filled in the common data form, so signing in lands on the feature grid of a
 * living campus. (New registrations still meet the first-time form; the demo teacher's subjects are
 * set by the library seed, which needs them to route pending books to her.)
 */
export const demoProfilesSeed: SeedStep = {
  name: 'demo-profiles',
  async run({ url }) {
    const { email, password } = DEMO_USERS.student;
    const student = await signedInFetch(url, email, password);
    const res = await student.call('/api/commonData', {
      body: {
        graduationYear: 2027,
        branch: 'Computer Science and Engineering',
        enrollmentNumber: 'CSE2023-0142',
      },
    });
    if (res.status !== 201)
      throw new Error(`seeding the demo student's profile: HTTP ${res.status} ${await res.text()}`);
  },
};
