// A/B of two builds of replaywright, in one process and one browser, alternating, for a change
// too small for `npm run bench` to see through the machine's noise (a few % of a flow).
//
//   npm run build && node bench/ab.mjs save   # keep this build as the baseline (.ab/baseline)
//   …change the code…
//   npm run build && node bench/ab.mjs        # the baseline (A) against dist/ (B)
//
// Knobs (environment):
//   AB_SET=flows      the Chrome Recorder flows of section 4 (bench/devtools), --compare off (default)
//   AB_SET=episodes   the fixture rpaweb episodes of section 1, comparisons on
//   AB_REPS=15        runs of each build per flow or episode (after one warm-up each)
// Both builds replay with the CLI's defaults (its trace included). Each rep runs A and B back to
// back, the order alternating; the verdict is the median of those paired B/A ratios, with its
// interquartile range: a range that holds 1 is noise. Run A against itself first (save, then
// compare without a change) to see how wide that range is on the machine at the time.
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright';
import { freshDir, median, now, RECORDED_ORIGIN, ROOT, round, startSite } from './lib.mjs';

const BASELINE = join(ROOT, '.ab', 'baseline');
const DIST = join(ROOT, 'dist');
const SET = process.env.AB_SET ?? 'flows';
const REPS = Math.max(1, Number(process.env.AB_REPS ?? 15));
const PARAMS = { verification_code: '482915' };

if (!existsSync(join(DIST, 'replay', 'run-episode.js'))) fail('no build in dist/: run `npm run build` first');
if (process.argv[2] === 'save') {
  rmSync(BASELINE, { recursive: true, force: true });
  cpSync(DIST, BASELINE, { recursive: true });
  console.log(`baseline saved: ${BASELINE} (a copy of dist/)`);
  process.exit(0);
}
if (!existsSync(join(BASELINE, 'replay', 'run-episode.js')))
  fail('no baseline: run `node bench/ab.mjs save` on the build to compare against');
if (SET !== 'flows' && SET !== 'episodes') fail(`AB_SET must be flows or episodes, not "${SET}"`);

/** One build's entry points, loaded from its own folder (a copy resolves its packages from ours). */
async function build(dir) {
  const load = (path) => import(pathToFileURL(join(dir, path)).href);
  const [{ loadDataset }, { DEFAULT_REPLAY_OPTIONS, runEpisode }, { RUN_OPTIONS }, browser] = await Promise.all([
    load('formats/load-dataset.js'),
    load('replay/run-episode.js'),
    load('config/run-options.js'),
    load('replay/browser.js'),
  ]);
  return { loadDataset, DEFAULT_REPLAY_OPTIONS, runEpisode, RUN_OPTIONS, browser };
}

const builds = { A: await build(BASELINE), B: await build(DIST) };
const site = await startSite();
const data = join(ROOT, 'fixtures', 'rpaweb');
let datasetDir = data;
if (SET === 'flows') {
  datasetDir = freshDir('ab-flows');
  for (const f of readdirSync(join(ROOT, 'bench', 'devtools')).filter((f) => f.endsWith('.json')))
    writeFileSync(join(datasetDir, f), readFileSync(join(ROOT, 'bench', 'devtools', f), 'utf8').replaceAll('{{ORIGIN}}', site.url));
}
const out = freshDir('ab-out');
const loaded = {};
const options = {};
for (const [name, b] of Object.entries(builds)) {
  loaded[name] = (await b.loadDataset(datasetDir, SET === 'flows' ? { format: 'devtools-recorder' } : {})).episodes;
  const defaults = {
    ...b.DEFAULT_REPLAY_OPTIONS,
    trace: b.RUN_OPTIONS.trace.default,
    traceDetail: b.RUN_OPTIONS['trace-detail'].default,
    out,
    params: PARAMS,
    filesDir: datasetDir,
    urlMappings: SET === 'flows' ? [] : [{ from: RECORDED_ORIGIN, to: site.url }],
  };
  options[name] = SET === 'flows' ? { ...defaults, compare: { ...defaults.compare, mode: 'off' } } : defaults;
}
const browser = await chromium.launch(builds.B.browser.launchOptions(builds.B.browser.findChromium()));

const quartiles = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return [at(0.25), at(0.75)];
};
const ratios = [];
const totals = { A: 0, B: 0 };
try {
  console.log(`A = ${BASELINE}\nB = ${DIST}\n${SET}, ${REPS} reps each, ms (median)\n`);
  for (const [i, episode] of loaded.A.entries()) {
    const run = async (name) => {
      const started = now();
      const result = await builds[name].runEpisode(browser, loaded[name][i], options[name]);
      return { ms: now() - started, status: result.status };
    };
    await run('A');
    await run('B');
    const t = { A: [], B: [] };
    const statuses = { A: new Set(), B: new Set() };
    for (let rep = 0; rep < REPS; rep++) {
      const took = {};
      for (const name of rep % 2 ? ['B', 'A'] : ['A', 'B']) {
        const { ms, status } = await run(name);
        took[name] = ms;
        t[name].push(ms);
        statuses[name].add(status);
      }
      ratios.push(took.B / took.A);
    }
    totals.A += median(t.A);
    totals.B += median(t.B);
    const said = (name) => [...statuses[name]].join('/');
    console.log(`${episode.id.padEnd(32)} A ${round(median(t.A), 0)}  B ${round(median(t.B), 0)}  (${said('A')} / ${said('B')})`);
  }
} finally {
  await browser.close();
  await site.close();
}
const [q1, q3] = quartiles(ratios);
console.log(`\ntotal of medians: A ${round(totals.A, 0)}  B ${round(totals.B, 0)}  B/A ${round(totals.B / totals.A, 3)}`);
console.log(`paired B/A: median ${round(median(ratios), 3)}, interquartile ${round(q1, 3)}–${round(q3, 3)} (${ratios.length} pairs)`);

function fail(message) {
  console.error(`bench/ab.mjs: ${message}`);
  process.exit(2);
}
