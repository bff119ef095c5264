/**
 * `npm run contracts:snapshot`: writes packages/contracts/snapshots from the code (event payloads
 * per name and version, every route's request and success response, each remote's exposed modules
 * and paths). It refuses while a change breaks the committed snapshot: keep the old version beside
 * the new one, or retire it in snapshots/retired.json with the reason (docs/adr/0083).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import {
  blocksSnapshot,
  compareContracts,
  currentContracts,
  readRetired,
  readSnapshot,
  renderReport,
  RETIRED_FILE,
  SNAPSHOT_DIR,
  snapshotFiles,
} from '../infra/local/src/contracts-snapshot';

const SECTIONS = ['events', 'api', 'remotes', 'shared'];

async function writeJson(file: string, content: unknown): Promise<boolean> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  const text = await prettier.format(JSON.stringify(content), { ...options, filepath: file });
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return true;
}

async function main() {
  const current = await currentContracts();
  const retired = readRetired();
  const report = compareContracts(readSnapshot(), current, retired);
  if (blocksSnapshot(report)) {
    console.error(renderReport({ ...report, outOfDate: [] }));
    process.exitCode = 1;
    return;
  }
  const files = snapshotFiles(current);
  let written = 0;
  let removed = 0;
  for (const section of SECTIONS) {
    const dir = path.join(SNAPSHOT_DIR, section);
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir))
      if (f.endsWith('.json') && !(`${section}/${f}` in files)) {
        fs.rmSync(path.join(dir, f));
        removed++;
      }
  }
  for (const [relative, content] of Object.entries(files))
    if (await writeJson(path.join(SNAPSHOT_DIR, relative), content)) written++;
  if (!fs.existsSync(RETIRED_FILE))
    await writeJson(RETIRED_FILE, {
      $comment:
        'Contract ids removed on purpose ("event <name> v<n>", "api <service> <METHOD> <path>", "remote <name> module|path|route <x>", "shared <name>"), each with why nothing of the previous release uses it (docs/adr/0083).',
      retired: {},
    });
  const total = Object.keys(files).length;
  console.log(
    `packages/contracts/snapshots: ${total} files, ${written} written, ${removed} removed` +
      (report.outOfDate.length ? `\n${report.outOfDate.map((c) => `  - ${c}`).join('\n')}` : ''),
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
