/**
 * `npm run new:domain <name>`: a new domain from the templates, wired into every runner (see
 * docs/service-kit.md, "A new domain"). Run it on a clean working tree and read the diff.
 *
 *   npm run new:domain clubs
 *   npm run new:domain clubs -- --no-install   link the workspaces without npm install
 */
import { parseArgs } from 'node:util';
import { DomainGeneratorError, generateDomain } from '../infra/local/src/new-domain/generate-domain';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'no-install': { type: 'boolean', default: false } },
});
const [name] = positionals;
if (!name || positionals.length > 1) {
  console.error('usage: npm run new:domain <name>   (lower-case letters, e.g. clubs)');
  process.exit(2);
}

try {
  const result = generateDomain({
    name,
    install: !values['no-install'],
    log: (line) => console.log(`  ${line}`),
  });
  console.log(
    `\nNew domain '${name}': ${result.names.apiPrefix} through the gateway, port ${result.names.port} in start:services.`,
  );
  console.log(`\nWrote ${result.written.length} files:\n${result.written.map((f) => `  ${f}`).join('\n')}`);
  console.log(`\nEdited ${result.edited.length}:\n${result.edited.map((f) => `  ${f}`).join('\n')}`);
  if (result.kept.length) console.log(`\nKept as they were:\n${result.kept.map((f) => `  ${f}`).join('\n')}`);
  console.log(`\nNext:\n${result.next.map((s) => `  - ${s}`).join('\n')}`);
} catch (err) {
  if (!(err instanceof DomainGeneratorError)) throw err;
  console.error(`new:domain: ${err.message}`);
  process.exit(1);
}
