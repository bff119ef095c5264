import fs from 'node:fs';
import path from 'node:path';
import { demoProfilesSeed } from './seeds/demo-profiles';
import { demoUsersSeed } from './seeds/demo-users';
import type { SeedContext, SeedStep } from './seeds/seed-step';
import { SERVICES } from './service-registry';

/**
 * Each service's demo data, `seeds/<service>.ts` exporting `<service>Seed`, in the registry's start
 * order: a new domain's seed (npm run new:domain writes one) runs without an edit here.
 */
function serviceSeeds(): SeedStep[] {
  return SERVICES.flatMap(({ definition: { name } }) => {
    const file = path.join(__dirname, 'seeds', `${name}.ts`);
    if (!fs.existsSync(file)) return [];
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const step = (require(file) as Record<string, SeedStep | undefined>)[`${name}Seed`];
    if (!step) throw new Error(`${file} must export ${name}Seed`);
    return [step];
  });
}

/**
 * Run in order, the accounts and profiles first; each once per data folder (a marker file records
 * it), so steps can be added later.
 */
const STEPS: SeedStep[] = [demoUsersSeed, demoProfilesSeed, ...serviceSeeds()];

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
