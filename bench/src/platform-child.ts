import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '@campus/local/platform';

/**
 * The platform in its own process for benchmarks, so the load generator does not share an event loop
 * with what it measures. Prints one JSON line with the URLs, then runs until killed.
 */
async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-'));
  const platform = await startPlatform({
    dataDir,
    port: 0,
    logLevel: 'warn',
    env: { TEACHER_CODE: 'BENCH-CODE-1', PASSWORD_HASH_COST: '1024', LOGIN_ATTEMPTS_PER_15_MIN: '100000' },
  });
  process.stdout.write(
    `${JSON.stringify({ url: platform.url, services: platform.services, secretsDir: platform.secretsDir })}\n`,
  );
  const stop = () =>
    void platform.stop().then(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
