/**
 * `npm run contracts:check`: fails when the code breaks what the previous release relies on
 * (docs/adr/0083): an event payload, an API request or response, or a remote's exposed modules and
 * paths against packages/contracts/snapshots, and a destructive migration without a contract step.
 * The same checks run in jest (infra/local/test/contracts-*.test.ts), hence in CI.
 */
import {
  compareContracts,
  currentContracts,
  failsCheck,
  readRetired,
  readSnapshot,
  renderReport,
} from '../infra/local/src/contracts-snapshot';
import { lintMigrations, renderMigrationFindings } from '../infra/local/src/contracts-migration-lint';

async function main() {
  const report = compareContracts(readSnapshot(), await currentContracts(), readRetired());
  const migrations = await lintMigrations();
  const problems = [renderReport(report), renderMigrationFindings(migrations)].filter(Boolean);
  if (failsCheck(report) || migrations.length > 0) {
    console.error(problems.join('\n\n'));
    process.exitCode = 1;
    return;
  }
  console.log('contracts: the code keeps every committed contract; migrations: no destructive step unmarked');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
