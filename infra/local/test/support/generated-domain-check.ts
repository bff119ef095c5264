/**
 * Run by new-domain.test.ts inside a scratch copy of the repository after `npm run new:domain`:
 * starts the platform as `npm start` does (seeds included) and reports, as JSON on stdout, what
 * each generated domain's list answers through the gateway and whether compose and the broker
 * definitions agree with the registry. Arguments: `<name>=<api path>` per domain.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '../../src/platform';
import {
  BROKER_DEFINITIONS_FILE,
  composeDrift,
  readComposeFile,
  registryProblems,
  renderBrokerDefinitions,
} from '../../src/topology';

async function main() {
  const domains = process.argv.slice(2).map((arg) => arg.split('=') as [string, string]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-generated-domain-'));
  const platform = await startPlatform({
    dataDir,
    port: 0,
    logLevel: 'silent',
    env: { PASSWORD_HASH_COST: '1024' },
  });
  try {
    const definitions = JSON.parse(fs.readFileSync(BROKER_DEFINITIONS_FILE, 'utf8')) as {
      queues: Array<{ name: string }>;
      bindings: Array<{ destination: string; routing_key: string }>;
    };
    const lists: Record<string, unknown> = {};
    for (const [name, apiPath] of domains) {
      const res = await fetch(`${platform.url}${apiPath}`);
      lists[name] = { status: res.status, body: await res.json() };
    }
    const report = {
      running: platform.services.map((s) => s.name),
      lists,
      composeDrift: composeDrift(readComposeFile()),
      registryProblems: registryProblems(),
      definitionsUpToDate: fs.readFileSync(BROKER_DEFINITIONS_FILE, 'utf8') === renderBrokerDefinitions(),
      queues: definitions.queues.map((q) => q.name),
      bindings: definitions.bindings.map((b) => `${b.destination} <- ${b.routing_key}`),
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
