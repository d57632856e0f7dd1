#!/usr/bin/env node
// What before-state comparison costs (issue: "Before-state comparison"): replays the fixture
// episodes with `--compare all` and `--compare off` alternately in one process, and prints the
// median per-step cost of capture and of comparison, and the ratio of the two runs' medians.
// A script, not a test: timings on a shared 2-core machine are noise for pass/fail.
//   node bench/compare-cost.mjs [repetitions]
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { loadDataset } from '../dist/formats/load-dataset.js';
import { findChromium, launchOptions } from '../dist/replay/browser.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../dist/replay/run-episode.js';
import { RECORDED_ORIGIN } from '../dist/commands/demo.js';
import { startFixtureServer } from '../fixtures/server.mjs';

const reps = Number(process.argv[2] ?? 5);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

const server = await startFixtureServer();
const browser = await chromium.launch(launchOptions(findChromium()));
const { episodes } = await loadDataset(new URL('../fixtures/rpaweb', import.meta.url).pathname);
const base = {
  ...DEFAULT_REPLAY_OPTIONS,
  urlMappings: [{ from: RECORDED_ORIGIN, to: server.url }],
  params: { verification_code: '482915' },
  trace: 'off',
};
const runAll = async (mode) => {
  const out = mkdtempSync(join(tmpdir(), 'rw-bench-'));
  const t0 = performance.now();
  const results = [];
  for (const e of episodes) results.push(await runEpisode(browser, e, { ...base, out, compare: { ...base.compare, mode } }));
  return { ms: performance.now() - t0, results };
};

await runAll('off'); // warm-up: first page loads, font caches
const times = { all: [], off: [] };
const capture = [];
const compare = [];
for (let i = 0; i < reps; i++) {
  for (const mode of i % 2 ? ['off', 'all'] : ['all', 'off']) {
    const { ms, results } = await runAll(mode);
    times[mode].push(ms);
    if (mode === 'all')
      for (const r of results)
        for (const s of r.steps)
          if (s.compare?.costMs) {
            capture.push(s.compare.costMs.capture);
            compare.push(s.compare.costMs.compare);
          }
  }
}
await browser.close();
await server.close();

const row = {
  episodes: episodes.length,
  repetitions: reps,
  stepsCompared: capture.length / reps,
  medianCaptureMsPerStep: median(capture),
  medianCompareMsPerStep: median(compare),
  medianRunMs: { all: Math.round(median(times.all)), off: Math.round(median(times.off)) },
  ratioAllToOff: Math.round((median(times.all) / median(times.off)) * 100) / 100,
};
console.table([row]);
console.log(
  `goal: comparison ≤ 15 ms/step → ${row.medianCompareMsPerStep} ms; full-compare run ≤ 1.6× compare-off → ${row.ratioAllToOff}×`,
);
writeFileSync(new URL('./compare-cost.json', import.meta.url), JSON.stringify(row, null, 2) + '\n');
