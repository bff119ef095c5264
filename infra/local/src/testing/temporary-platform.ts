import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlatform, type PlatformOptions, type RunningPlatform } from '../platform';

export interface TemporaryPlatform extends RunningPlatform {
  dataDir: string;
}

/**
 * The embedded platform for a test: its own data folder (removed at stop), a free port, no demo
 * data, quiet logs and a cheap password hash unless the test says otherwise.
 */
export async function startTemporaryPlatform(
  name: string,
  options: Partial<Omit<PlatformOptions, 'dataDir'>> = {},
): Promise<TemporaryPlatform> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `campus-${name}-`));
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const platform = await startPlatform({
      port: 0,
      logLevel: 'silent',
      seed: false,
      ...options,
      env: { PASSWORD_HASH_COST: '1024', ...options.env },
      dataDir,
    });
    return {
      ...platform,
      dataDir,
      async stop() {
        await platform.stop();
        removeData();
      },
    };
  } catch (err) {
    removeData();
    throw err;
  }
}
