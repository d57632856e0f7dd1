#!/usr/bin/env node
// The compiled CLI, joined into a few files (scripts/build-cli.mjs), lives in dist/bin/;
// `npm run setup` (or `npm run build`) builds it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// `--version` alone prints what yargs would (package.json's version) without loading yargs,
// whose terminal-width tables cost more at start-up than Node itself.
if (process.argv.length === 3 && process.argv[2] === '--version') {
  console.log(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version);
  process.exit(0);
}

const cli = fileURLToPath(new URL('../dist/bin/cli.js', import.meta.url));
if (!existsSync(cli)) {
  console.error('replaywright is not built yet: run `npm run setup` (or `npm run build`) in the replaywright folder.');
  process.exit(2);
}
await import(cli);
