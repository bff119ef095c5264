import fs from 'node:fs';
import path from 'node:path';
import { demoProfilesSeed } from './seeds/demo-profiles';
import { demoUsersSeed } from './seeds/demo-users';
import { librarySeed } from './seeds/library';
import { communitySeed } from './seeds/community';
import { careersSeed } from './seeds/careers';
import { housingSeed } from './seeds/housing';
import { eventsSeed } from './seeds/events';
import type { SeedContext, SeedStep } from './seeds/seed-step';

/** Run in order; each once per data folder (a marker file records it), so steps can be added later. */
const STEPS: SeedStep[] = [
  demoUsersSeed,
  demoProfilesSeed,
  librarySeed,
  communitySeed,
  careersSeed,
  housingSeed,
  eventsSeed,
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
