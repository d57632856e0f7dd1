#!/usr/bin/env node
// The compiled CLI lives in dist/; `npm install` (prepare) or `npm run setup` builds it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (!existsSync(cli)) {
  console.error('replaywright is not built yet: run `npm run setup` (or `npm run build`) in the replaywright folder.');
  process.exit(2);
}
await import(cli);
