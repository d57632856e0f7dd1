#!/usr/bin/env node
// Joins the compiled CLI (dist/cli.js and every module it imports, as tsc wrote them) into a few
// files in dist/bin/, which bin/replaywright.js runs. Node's ESM loader pays per module (resolve,
// stat, read, link): the ~220 modules behind `run` took ~400 ms of the main thread at start-up,
// while Chromium was launching, and pushed the first step back by ~150 ms (bench "first step").
// The commands stay lazily loaded: each `import()` becomes a chunk of its own (esbuild splitting).
// tsc stays the compiler and type checker; this only joins its output. The library (`import
// 'replaywright'`) keeps using dist/ module by module.
// dist/bin/modules.json lists the modules each output file holds.
//   node scripts/build-cli.mjs
import { rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'bin');

rmSync(outdir, { recursive: true, force: true });
const { metafile } = await build({
  absWorkingDir: root,
  // The thread entries too, each started from a file next to the module that starts it: run.ts's
  // `./workers-thread.js`, pixels-off-thread.ts's `./pixel-diff-thread.js`.
  entryPoints: ['dist/cli.js', 'dist/replay/workers-thread.js', 'dist/replay/pixel-diff-thread.js'],
  entryNames: '[name]',
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: [
    // Loaded with `require` (src/replay/playwright.ts); its browsers and driver are found from its own folder.
    'playwright',
    'playwright-core',
    // pino starts its pretty-printer as a worker by module name.
    'pino',
    'pino-pretty',
    // Optional: only a TypeScript config file needs it, from the user's own install.
    'typescript',
  ],
  // Bundled CommonJS (pngjs) calls `require` for Node's built-ins; an ES module has none of its own.
  banner: {
    js: "import { createRequire as __replaywrightRequire } from 'node:module';\nconst require = __replaywrightRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'error',
  metafile: true,
});

// Which modules each output file holds (paths from the package root), so a test can still say
// which modules a command loaded (tests/cli/startup.spec.ts): `{ "chunk-….js": ["dist/formats/rpaweb.js", …] }`.
const modules = Object.fromEntries(
  Object.entries(metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, out]) => [basename(file), Object.keys(out.inputs).sort()]),
);
writeFileSync(join(outdir, 'modules.json'), JSON.stringify(modules, null, 1) + '\n');
