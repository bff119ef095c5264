/**
 * `npm run new:domain <name>`: a new domain from the templates (infra/local/templates/domain), one
 * entry in the platform registry, and everything generated from them refreshed (docs/service-kit.md,
 * "A new domain"). Run it on a clean working tree and read the diff.
 *
 *   npm run new:domain <name>
 *   npm run new:domain <name> -- --no-install   link the workspaces without npm install
 */
import { parseArgs } from 'node:util';
import { DomainGeneratorError, generateDomain } from '../infra/local/src/new-domain/generate-domain';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'no-install': { type: 'boolean', default: false } },
});
const [name] = positionals;
if (!name || positionals.length > 1) {
  console.error(
    'usage: npm run new:domain <name>   (lower-case letters: the service, its schema and its path)',
  );
  process.exit(2);
}

const list = (lines: string[]) => lines.map((line) => `  ${line}`).join('\n');

try {
  const result = generateDomain({
    name,
    install: !values['no-install'],
    log: (line) => console.log(`  ${line}`),
  });
  console.log(
    `\nNew domain '${name}': ${result.apiPrefix} through the gateway, /${name} in the shell, port ${result.port} in start:services.`,
  );
  console.log(`\nWrote ${result.written.length} files:\n${list(result.written)}`);
  console.log(`\nEdited ${result.edited.length}:\n${list(result.edited)}`);
  console.log(`\nRegenerated:\n${list(result.regenerated)}`);
  console.log(`\nNext:\n${result.next.map((step) => `  - ${step}`).join('\n')}`);
} catch (err) {
  if (!(err instanceof DomainGeneratorError)) throw err;
  console.error(`new:domain: ${err.message}`);
  process.exit(1);
}
