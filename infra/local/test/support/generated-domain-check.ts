/**
 * Run by new-domain.test.ts inside a scratch copy of the repository after `npm run new:domain <name>`:
 * starts the platform as `npm start` does, demo data seeded, and prints as JSON on its last line what
 * the new domain's list answers through the gateway (its first page as a guest) and which seed steps
 * ran. Argument: the domain's name.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '../../src/platform';

async function main() {
  const [name] = process.argv.slice(2);
  if (!name) throw new Error('usage: generated-domain-check.ts <domain name>');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-generated-domain-'));
  const platform = await startPlatform({
    dataDir,
    port: 0,
    logLevel: 'silent',
    env: { PASSWORD_HASH_COST: '1024' },
  });
  try {
    const list = await fetch(`${platform.url}/api/${name}`);
    const report = {
      seeded: fs.readdirSync(path.join(dataDir, 'seeds')).map((marker) => marker.replace(/\.done$/, '')),
      list: { status: list.status, body: (await list.json()) as unknown },
    };
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } finally {
    await platform.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
