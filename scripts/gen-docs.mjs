#!/usr/bin/env node
// Writes the generated sections of docs/ (the options table of docs/options.md, the failure
// reasons of docs/results.md) from the compiled code: `npm run docs` (builds first).
// `--check` writes nothing and exits 1 when a section is stale. tests/docs/ checks the same.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { GENERATED_SECTIONS, withSection } = await import(join(root, 'dist', 'config', 'docs-tables.js')).catch((error) => {
  console.error(`gen-docs: cannot load dist/config/docs-tables.js (${error.message}); run \`npm run build\` first`);
  process.exit(2);
});

const check = process.argv.includes('--check');
let stale = 0;
for (const [name, { file, render }] of Object.entries(GENERATED_SECTIONS)) {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = withSection(before, name, render());
  if (after === before) continue;
  stale++;
  if (check) console.error(`${file}: the ${name} section is stale (run npm run docs)`);
  else {
    writeFileSync(path, after);
    console.log(`${file}: ${name} section written`);
  }
}
process.exit(check && stale ? 1 : 0);
