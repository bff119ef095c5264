/**
 * Runs the embedded platform for the browser specs, in its own process (started with tsx by the
 * global setup): prints one JSON line `{ url, teacherCode }` when ready, stops on SIGTERM.
 */
import { startPlatform } from '../../infra/local/src/platform';

async function main() {
  const [dataDir, webRoot, teacherCode] = process.argv.slice(2);
  if (!dataDir || !webRoot || !teacherCode)
    throw new Error('usage: serve-platform <dataDir> <webRoot> <teacherCode>');
  const platform = await startPlatform({
    dataDir,
    webRoot,
    port: 0,
    seed: false,
    logLevel: 'error',
    env: {
      TEACHER_CODE: teacherCode,
      // Cheap hashing and generous limits: the specs register and sign in many users quickly.
      PASSWORD_HASH_COST: '1024',
      LOGIN_ATTEMPTS_PER_15_MIN: '10000',
      REGISTRATIONS_PER_HOUR: '10000',
    },
  });
  process.stdout.write(`${JSON.stringify({ url: platform.url, teacherCode: platform.teacherCode })}\n`);
  const stop = () => {
    platform.stop().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
