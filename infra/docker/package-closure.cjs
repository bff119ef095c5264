// Prints a package and every package it needs at run time (dependencies, and the optional ones that
// are installed: sharp's native build for this platform), one name a line, as they sit at the top of
// node_modules. bundle-node-app.sh copies them beside a bundle that keeps the package external.
//
//   node infra/docker/package-closure.cjs sharp
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..', 'node_modules');
const seen = new Set();

function visit(name) {
  if (seen.has(name)) return;
  const manifestPath = path.join(root, name, 'package.json');
  // A dependency nested inside its parent's own node_modules is copied with the parent.
  if (!fs.existsSync(manifestPath)) return;
  seen.add(name);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }))
    visit(dependency);
}

const [name] = process.argv.slice(2);
if (!name || !fs.existsSync(path.join(root, name, 'package.json'))) {
  console.error(`package-closure: ${name ?? '(no name)'} is not installed in ${root}`);
  process.exit(2);
}
visit(name);
console.log([...seen].join('\n'));
