import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { DEMO_USERS } from './demo-data';

export interface SeedContext {
  /** The gateway's URL: seeds go through the public API, so every rule and event applies to them. */
  url: string;
  teacherCode: string;
  logger: Logger;
}

interface SeedStep {
  name: string;
  run(ctx: SeedContext): Promise<void>;
}

async function post(url: string, body: unknown, cookie?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return res;
}

/** Seeds in order; each one runs once per data folder (a marker file records it), so later ones can be added. */
const STEPS: SeedStep[] = [
  {
    name: 'demo-users',
    async run({ url, teacherCode }) {
      for (const user of Object.values(DEMO_USERS)) {
        const res = await post(`${url}/api/auth/register`, { ...user, teacherCode: user.isTeacher ? teacherCode : undefined });
        // 409: already there (a marker lost with a kept database); anything else is a real failure.
        if (res.status !== 201 && res.status !== 409) throw new Error(`seeding ${user.email}: HTTP ${res.status} ${await res.text()}`);
      }
    },
  },
];

export async function seedDemoData(dataDir: string, ctx: SeedContext): Promise<string[]> {
  const dir = path.join(dataDir, 'seeds');
  fs.mkdirSync(dir, { recursive: true });
  const ran: string[] = [];
  for (const step of STEPS) {
    const marker = path.join(dir, `${step.name}.done`);
    if (fs.existsSync(marker)) continue;
    await step.run(ctx);
    fs.writeFileSync(marker, new Date().toISOString());
    ran.push(step.name);
  }
  if (ran.length) ctx.logger.info({ steps: ran }, 'demo data seeded');
  return ran;
}
