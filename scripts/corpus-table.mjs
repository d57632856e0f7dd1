#!/usr/bin/env node
// Prints the corpus table (issue 14): every corpus recording replayed on every pinned release of
// its app by the built engine (dist/; run `npx tsc -p tsconfig.build.json` first), judged by the
// app's own end state. Per app and release: episodes, reproduced (end state right), passed,
// false alarms (failed although the end state is right), silent-wrong (passed although it is
// wrong), steps, passed steps whose effect could not be checked, and steps whose before-state
// came out diverged / drift.
//
//   node scripts/corpus-table.mjs [--app NAME] [--compare off|screenshot|dom|all] [--verbose] [--json FILE]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchCorpus } from './corpus-fetch.mjs';
import { corpusTable, formatTable, runCorpus } from './corpus/run-corpus.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const valueOf = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const dist = (p) => import(path.join(REPO, 'dist', p));

let dirs;
try {
  dirs = fetchCorpus();
} catch (e) {
  console.error(`corpus-table: the corpus apps could not be fetched: ${e instanceof Error ? e.message.split('\n')[0] : e}`);
  process.exit(1);
}
const [{ loadDataset }, { runEpisode, DEFAULT_REPLAY_OPTIONS }, { findChromium, launchOptions }] = await Promise.all([
  dist('formats/load-dataset.js'),
  dist('replay/run-episode.js'),
  dist('replay/browser.js'),
]);
const { chromium } = await import('playwright');
const browser = await chromium.launch(launchOptions(findChromium()));
try {
  const app = valueOf('--app');
  const rows = await runCorpus({ loadDataset, runEpisode, DEFAULT_REPLAY_OPTIONS, browser }, dirs, {
    apps: app ? [app] : undefined,
    compare: valueOf('--compare'),
    onRow: (r) => {
      if (!args.includes('--verbose')) return;
      const fail = r.failedStep ? ` step ${r.failedStep.step} ${r.reason}: ${r.failedStep.message ?? ''}`.slice(0, 220) : '';
      console.error(
        `${r.episode} on ${r.release}: ${r.status}${fail}; end state ${r.reproduced ? 'right' : `WRONG (${r.why})`}; diverged ${r.diverged}, drift ${r.drift}`,
      );
      for (const d of r.divergedSteps) console.error(`    step ${d.step} ${d.verdict}: ${d.reasons.join(', ')}`);
      for (const u of r.unverifiedSteps) console.error(`    step ${u.step} unverified: ${u.action}: ${u.why}`.slice(0, 300));
    },
  });
  console.log(formatTable(corpusTable(rows)));
  const json = valueOf('--json');
  if (json) fs.writeFileSync(json, JSON.stringify(rows, null, 2));
} finally {
  await browser.close();
}
