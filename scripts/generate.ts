/**
 * `npm run generate`: writes what follows from the platform registry and the services' declared routes
 * (infra/local/src/generation/generated-files.ts). `--check` writes nothing and fails when one is stale.
 */
import {
  generatedFiles,
  staleFiles,
  writeGeneratedFiles,
} from '../infra/local/src/generation/generated-files';

async function main() {
  const files = await generatedFiles();
  if (process.argv.includes('--check')) {
    const stale = staleFiles(files);
    if (stale.length) {
      console.error(`stale (run npm run generate): ${stale.join(', ')}`);
      process.exitCode = 1;
    } else console.log(`${files.length} generated files are current`);
    return;
  }
  const written = writeGeneratedFiles(files);
  console.log(
    written.length ? `updated: ${written.join(', ')}` : `${files.length} generated files were current`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
