import { DEMO_USERS } from '../demo-data';
import type { SeedStep } from './seed-step';

export const demoUsersSeed: SeedStep = {
  name: 'demo-users',
  async run({ url, teacherCode }) {
    for (const user of Object.values(DEMO_USERS)) {
      const res = await fetch(`${url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...user, teacherCode: user.isTeacher ? teacherCode : undefined }),
      });
      // 409: already there (a marker lost with a kept database); anything else is a real failure.
      if (res.status !== 201 && res.status !== 409)
        throw new Error(`seeding ${user.email}: HTTP ${res.status} ${await res.text()}`);
    }
  },
};
