#!/usr/bin/env node
// `npm run bench`: how fast replaywright is, as medians and ratios (never pass/fail).
//
//   1. replay overhead   the fixture episodes via replaywright (comparisons on and off) vs a hand-written Playwright loop
//   2. decode            throughput and peak RSS: a large rpaweb JSONL, and a 600 MB Mind2Web-shaped shard beside JSON.parse of the same bytes
//   3. worker scaling    episodes/min for 1..cores workers (in-process async and worker_threads)
//   4. @puppeteer/replay Chrome Recorder flows via replaywright (--compare off) vs @puppeteer/replay
//   5. start-up          `--version` vs bare Node; spawn → first step action vs a bare Playwright script's spawn → first goto
//
// Prints a table per section, writes bench/results.json and the goal table docs/benchmarks.md. Knobs (environment):
//   BENCH_ONLY=overhead,decode,scaling,puppeteer,startup   sections to run (default: all)
//   BENCH_REPS=5          repetitions for overhead and puppeteer (≥5 recommended)
//   BENCH_SCALE_REPS=3    repetitions per worker count
//   BENCH_RPAWEB_ROWS=200000 (0: skip)  BENCH_M2W_MB=600  BENCH_M2W_HTML_KB=256  sizes of the generated decode datasets
//   BENCH_DECODE_REPS=3   decodes per dataset (fresh process each)
// Uses the compiled CLI (dist/; `npm run bench` builds it first).
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { PNG } from 'pngjs';
import { loadDataset } from '../dist/formats/load-dataset.js';
import { findChromium, launchedExecutable, launchOptions } from '../dist/replay/browser.js';
import { DEFAULT_REPLAY_OPTIONS as LIBRARY_DEFAULTS, runEpisode } from '../dist/replay/run-episode.js';
import { RUN_OPTIONS } from '../dist/config/run-options.js';
import { mapUrl } from '../dist/ir/url-map.js';
import {
  freshDir,
  generateMind2webShard,
  generateReplaySet,
  generateRpaweb,
  handReplay,
  median,
  now,
  RECORDED_ORIGIN,
  ROOT,
  round,
  runNode,
  startSite,
  table,
  withMachineBusy,
} from './lib.mjs';
import { writeGoalTable } from './goals.mjs';

const only = new Set((process.env.BENCH_ONLY ?? 'overhead,decode,scaling,puppeteer,startup').split(',').map((s) => s.trim()));
const REPS = Math.max(1, Number(process.env.BENCH_REPS ?? 5));
const SCALE_REPS = Math.max(1, Number(process.env.BENCH_SCALE_REPS ?? 3));
const RPAWEB_ROWS = Number(process.env.BENCH_RPAWEB_ROWS ?? 200_000);
const M2W_MB = Number(process.env.BENCH_M2W_MB ?? 600);
const M2W_HTML_KB = Number(process.env.BENCH_M2W_HTML_KB ?? 256);
const DECODE_REPS = Math.max(1, Number(process.env.BENCH_DECODE_REPS ?? 3));
const PARAMS = { verification_code: '482915' };
const cores = availableParallelism();
// Replays as `replaywright run` makes them by default: with its trace kept for an episode that
// does not pass (recorded for every episode: what a user of the CLI pays).
const DEFAULT_REPLAY_OPTIONS = {
  ...LIBRARY_DEFAULTS,
  trace: RUN_OPTIONS.trace.default,
  traceDetail: RUN_OPTIONS['trace-detail'].default,
};
const choice = findChromium();

// Sections not run this time keep their last measurement (each section says when it was taken
// and how loaded the machine was: the load average of a shared machine explains a lot).
const file = join(ROOT, 'bench', 'results.json');
const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
const results = {
  ...previous,
  date: new Date().toISOString(),
  machine: {
    cores,
    cpu: cpus()[0]?.model,
    memoryGB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    chromium: launchedExecutable(choice),
  },
  settings: { reps: REPS, scaleReps: SCALE_REPS },
};
const measured = async (fn) => {
  const before = loadavg()[0];
  const started = new Date().toISOString();
  const value = await fn();
  return {
    measuredAt: started,
    loadAverage1m: { before: round(before), after: round(loadavg()[0]) },
    ...(Array.isArray(value) ? { rows: value } : value),
  };
};

const site = await startSite();
const urlMappings = [{ from: RECORDED_ORIGIN, to: site.url }];
try {
  if (only.has('overhead')) results.overhead = await measured(overhead);
  if (only.has('decode')) results.decode = await measured(decode);
  if (only.has('scaling')) results.scaling = await measured(scaling);
  if (only.has('puppeteer')) results.puppeteer = await measured(puppeteerComparison);
  if (only.has('startup')) results.startup = await measured(startup);
} finally {
  await site.close();
}
writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
console.log(`\nwritten: ${file}`);
console.log(`written: ${writeGoalTable(results)}`);

/** 1. The same episodes, same process, same browser: replaywright's runEpisode vs the hand loop. */
async function overhead() {
  const data = await loadDataset(join(ROOT, 'fixtures', 'rpaweb'));
  const browser = await chromium.launch(launchOptions(choice));
  const out = freshDir('overhead');
  const downloads = freshDir('overhead-downloads');
  const timeoutMs = DEFAULT_REPLAY_OPTIONS.timeoutMs;
  const rw = (e) => runEpisode(browser, e, { ...DEFAULT_REPLAY_OPTIONS, out, urlMappings, params: PARAMS, filesDir: data.root });
  // The same replay without the per-step before-state comparison (when this version has one):
  // what the comparison costs, apart from finding targets and checking signals.
  const hasCompare = DEFAULT_REPLAY_OPTIONS.compare !== undefined;
  const rwNoCompare = (e) =>
    runEpisode(browser, e, {
      ...DEFAULT_REPLAY_OPTIONS,
      out,
      urlMappings,
      params: PARAMS,
      filesDir: data.root,
      compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' },
    });
  // The same recordings with every screenshot re-encoded (same pixels, other bytes): what a
  // recording made on another machine costs, where the identical-bytes shortcut never applies.
  const reencoded = new Map((await loadDataset(reencodedCopy(freshDir('overhead-reencoded')))).episodes.map((x) => [x.id, x]));
  const rwOtherBytes = (e) =>
    runEpisode(browser, reencoded.get(e.id), { ...DEFAULT_REPLAY_OPTIONS, out, urlMappings, params: PARAMS, filesDir: data.root });
  const hand = (e, capture = false) =>
    handReplay(browser, withParams(e), { mapUrl: (u) => mapUrl(u, urlMappings), timeoutMs, downloads, capture });
  const rows = [];
  try {
    for (const e of data.episodes) {
      const t = { rw: [], hand: [], off: [], floor: [], bytes: [] };
      let rwStatus;
      let handError;
      // One warm-up each, then rotate which goes first.
      await rw(e).catch(() => undefined);
      await hand(e).catch(() => undefined);
      const kinds = hasCompare ? ['rw', 'hand', 'off', 'floor', 'bytes'] : ['rw', 'hand'];
      for (let i = 0; i < REPS; i++) {
        const order = [...kinds.slice(i % kinds.length), ...kinds.slice(0, i % kinds.length)];
        for (const which of order) {
          const started = now();
          if (which === 'rw') rwStatus = (await rw(e)).status;
          else if (which === 'off') await rwNoCompare(e);
          else if (which === 'bytes') await rwOtherBytes(e);
          else if (which === 'floor') await hand(e, true).catch(() => undefined);
          else
            handError = await hand(e).then(
              () => undefined,
              (err) => err.message.split('\n')[0],
            );
          t[which].push(now() - started);
        }
      }
      const row = {
        episode: e.id,
        steps: e.steps.length,
        replaywrightMs: round(median(t.rw), 0),
        handMs: round(median(t.hand), 0),
        ratio: round(median(t.rw) / median(t.hand)),
        ...(hasCompare ? { noCompareMs: round(median(t.off), 0), noCompareRatio: round(median(t.off) / median(t.hand)) } : {}),
        ...(hasCompare
          ? {
              captureFloorMs: round(median(t.floor), 0),
              otherBytesMs: round(median(t.bytes), 0),
              otherBytesRatio: round(median(t.bytes) / median(t.hand)),
            }
          : {}),
        replaywright: rwStatus,
        hand: handError ? `failed: ${handError}` : 'passed',
      };
      rows.push(row);
      process.stderr.write(`  overhead ${e.id}: ${row.replaywrightMs} vs ${row.handMs} ms\n`);
    }
  } finally {
    await browser.close();
  }
  const comparable = rows.filter((r) => r.hand === 'passed' && r.replaywright === 'passed');
  const sum = (k) => comparable.reduce((n, r) => n + r[k], 0);
  const total = {
    episodes: comparable.length,
    replaywrightMs: sum('replaywrightMs'),
    handMs: sum('handMs'),
    ratio: round(sum('replaywrightMs') / sum('handMs')),
    ...(hasCompare ? { noCompareMs: sum('noCompareMs'), noCompareRatio: round(sum('noCompareMs') / sum('handMs')) } : {}),
    // The hand loop taking one screenshot and the DOM before each step: the least comparing every step costs.
    ...(hasCompare ? { captureFloorMs: sum('captureFloorMs'), captureFloorRatio: round(sum('captureFloorMs') / sum('handMs')) } : {}),
    // Comparisons on, every recorded screenshot in other bytes (same pixels): the case of a recording from another machine.
    ...(hasCompare ? { otherBytesMs: sum('otherBytesMs'), otherBytesRatio: round(sum('otherBytesMs') / sum('handMs')) } : {}),
    goal: 1.1,
    goalCompareOn: 1.5,
  };
  const off = (r) =>
    hasCompare
      ? [r.noCompareMs, `${r.noCompareRatio}×`, r.captureFloorMs, r.otherBytesMs ?? '', r.otherBytesRatio ? `${r.otherBytesRatio}×` : '']
      : [];
  table(
    `1. replay overhead: replaywright vs hand-written Playwright loop (median of ${REPS}, ms; same browser, fresh context each)`,
    [
      'episode',
      'steps',
      'replaywright',
      'hand loop',
      'ratio',
      ...(hasCompare ? ['compare off', 'ratio', 'loop + capture', 'on, other bytes', 'ratio'] : []),
      'hand loop result',
    ],
    [
      ...rows.map((r) => [r.episode, r.steps, r.replaywrightMs, r.handMs, `${r.ratio}×`, ...off(r), r.hand]),
      [
        `total (${comparable.length} episodes both pass)`,
        '',
        total.replaywrightMs,
        total.handMs,
        `${total.ratio}×`,
        ...off(total),
        `goals: on ≤ ${total.goalCompareOn}×, off ≤ ${total.goal}×`,
      ],
    ],
  );
  return { rows, total };
}

/** A copy of fixtures/rpaweb whose screenshots hold the same pixels in other bytes (pngjs's encoder, not Chromium's). */
function reencodedCopy(dir) {
  cpSync(join(ROOT, 'fixtures', 'rpaweb'), dir, { recursive: true });
  const walk = (d) =>
    readdirSync(d, { withFileTypes: true }).forEach((f) => {
      const p = join(d, f.name);
      if (f.isDirectory()) walk(p);
      else if (f.name.endsWith('.png')) writeFileSync(p, PNG.sync.write(PNG.sync.read(readFileSync(p)), { filterType: 0 }));
    });
  walk(join(dir, 'png'));
  return dir;
}

/** The value a `needsInput` step gets, substituted as `--param` does, for the hand loop. */
function withParams(e) {
  return {
    ...e,
    steps: e.steps.map((s) =>
      s.needsInput && s.action.type === 'fill' && PARAMS[s.needsInput.param]
        ? { ...s, action: { ...s.action, text: PARAMS[s.needsInput.param] } }
        : s,
    ),
  };
}

/** 2. Decoding large datasets, each in a fresh process: throughput and peak RSS (median of DECODE_REPS). */
async function decode() {
  const rows = [];
  const once = async (label, script, args) => {
    const r = await runNode([join(ROOT, 'bench', script), ...args]);
    if (r.code !== 0) throw new Error(`decode ${label} failed: ${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').at(-1));
  };
  // Jobs compared with each other run alternately (A B, B A, …): on a shared machine the load
  // changes within minutes, and a ratio of medians taken at different times would measure that.
  const alternate = async (jobs) => {
    const runs = jobs.map(() => []);
    for (let i = 0; i < DECODE_REPS; i++) {
      const order = i % 2 ? [...jobs.keys()].reverse() : [...jobs.keys()];
      for (const j of order) runs[j].push(await once(...jobs[j]));
    }
    return jobs.map(([label], j) => summarise(label, runs[j]));
  };
  const summarise = (label, runs) => {
    const ms = median(runs.map((m) => m.ms));
    const m = runs[0];
    const row = {
      dataset: label,
      sizeMB: round(m.bytes / 2 ** 20, 0),
      records: m.records,
      episodes: m.episodes,
      seconds: round(ms / 1000, 1),
      recordsPerSec: round(m.records / (ms / 1000), 0),
      MBPerSec: round(m.bytes / 2 ** 20 / (ms / 1000), 1),
      peakRssMB: round(Math.max(...runs.map((x) => x.peakRssMB)), 0),
      problems: m.problems,
      runs: runs.length,
    };
    rows.push(row);
    process.stderr.write(`  decode ${label}: ${row.seconds}s, ${row.MBPerSec} MB/s, ${row.peakRssMB} MB peak\n`);
    return row;
  };
  if (RPAWEB_ROWS > 0) {
    const dir = freshDir('decode-rpaweb');
    process.stderr.write(`  generating ${RPAWEB_ROWS} rpaweb rows…\n`);
    const file = generateRpaweb(dir, RPAWEB_ROWS);
    const [rows_, lines] = await alternate([
      [`rpaweb JSONL, ${RPAWEB_ROWS} rows`, 'decode-child.mjs', [file, 'rpaweb']],
      [`rpaweb rows, JSON.parse per line only`, 'json-parse-child.mjs', [file]],
    ]);
    rows_.vsJsonParse = round(rows_.MBPerSec / lines.MBPerSec);
  }
  const m2w = freshDir('decode-mind2web');
  process.stderr.write(`  generating a ${M2W_MB} MB Mind2Web shard (raw_html ${M2W_HTML_KB} KiB)…\n`);
  const shard = generateMind2webShard(m2w, M2W_MB, M2W_HTML_KB);
  const [streamed, parsed] = await alternate([
    [`Mind2Web shard, streamed decode`, 'decode-child.mjs', [shard, 'mind2web']],
    [`same bytes, JSON.parse per record only`, 'json-parse-child.mjs', [shard]],
  ]);
  streamed.vsJsonParse = round(streamed.MBPerSec / parsed.MBPerSec);
  freshDir('decode-mind2web'); // 600 MB is not left behind
  table(
    `2. decode throughput and peak RSS (fresh process each, median of ${DECODE_REPS})`,
    ['dataset', 'MB', 'records', 'episodes', 's', 'records/s', 'MB/s', 'peak RSS MB'],
    rows.map((r) => [r.dataset, r.sizeMB, r.records, r.episodes ?? '', r.seconds, r.recordsPerSec, r.MBPerSec, r.peakRssMB]),
  );
  console.log(
    `streamed decode runs at ${streamed.vsJsonParse}× the speed of JSON.parse alone on the same records (goal ≥ 200 MB/s, ≤ 200 MB RSS)`,
  );
  return rows;
}

function percent(share) {
  return share === undefined ? '' : `${Math.round(share * 100)}%`;
}

/** 3. The CLI on 2× the fixture episodes with 1..cores workers, async and worker_threads. */
async function scaling() {
  const dir = generateReplaySet(freshDir('scaling'), 2);
  const episodes = readFileSync(join(dir, 'episodes.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).id);
  const count = new Set(episodes).size;
  const rows = [];
  const counts = [...new Set([1, ...Array.from({ length: cores }, (_, i) => i + 1)])];
  for (const mode of ['async', 'threads']) {
    for (const workers of counts) {
      const times = [];
      const busy = [];
      let failed = 0;
      for (let i = 0; i < SCALE_REPS; i++) {
        const out = freshDir(`scaling-out-${mode}-${workers}`);
        const { value: r, busy: b } = await withMachineBusy(() =>
          runNode([
            join(ROOT, 'bin', 'replaywright.js'),
            'run',
            dir,
            '--out',
            out,
            '--workers',
            String(workers),
            '--worker-mode',
            mode,
            '--map-url',
            `${RECORDED_ORIGIN}=${site.url}`,
            '--param',
            `verification_code=${PARAMS.verification_code}`,
          ]),
        );
        if (b !== undefined) busy.push(b);
        if (r.code === 2) throw new Error(`scaling run failed: ${r.stderr}`);
        const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
        failed = Math.max(failed, summary.episodes.total - summary.episodes.passed);
        times.push(r.ms);
      }
      const ms = median(times);
      rows.push({
        mode,
        workers,
        episodes: count,
        seconds: round(ms / 1000, 1),
        episodesPerMin: round(count / (ms / 60_000), 1),
        notPassed: failed,
        // Share of all cores busy during the run (every process, Chromium's too).
        ...(busy.length ? { machineBusy: median(busy) } : {}),
      });
      process.stderr.write(`  scaling ${mode} ×${workers}: ${round(ms / 1000, 1)}s\n`);
    }
  }
  const base = rows.find((r) => r.mode === 'async' && r.workers === 1);
  for (const r of rows) r.speedup = round(r.episodesPerMin / base.episodesPerMin);
  table(
    `3. worker scaling: \`replaywright run\` on ${count} episodes (median of ${SCALE_REPS} runs, whole process wall time; ${cores} cores)`,
    ['mode', 'workers', 's', 'episodes/min', 'speed-up vs async×1', 'cores busy', 'not passed'],
    rows.map((r) => [r.mode, r.workers, r.seconds, r.episodesPerMin, `${r.speedup}×`, percent(r.machineBusy), r.notPassed]),
  );
  const ceiling = await handLanes(dir, counts);
  // The CLI compares every step by default: the loop taking the same screenshot + DOM each step is
  // the ceiling for that, as a replay's comparisons cost the cores what the captures cost Chromium.
  const capturing = await handLanes(dir, counts, true);
  for (const [what, lanes] of [
    ['the hand-written loop', ceiling],
    ['the hand-written loop taking a screenshot + DOM each step', capturing],
  ])
    table(
      `   the machine's ceiling: ${what} on the same ${count} episodes, 1..cores lanes of one browser each (median of ${SCALE_REPS})`,
      ['lanes', 's', 'speed-up vs 1 lane', 'cores busy'],
      lanes.map((c) => [c.lanes, c.seconds, `${c.speedup}×`, percent(c.machineBusy)]),
    );
  return { rows, handLoop: ceiling, handLoopCapture: capturing };
}

/**
 * What the machine allows any replayer: the hand-written loop (no checks, no capture) over the
 * same episodes in 1..N lanes at once, each lane a browser of its own, in one process, with how
 * busy the machine's cores were meanwhile. Where one lane already keeps them busy, Chromium
 * itself uses the cores (a new page alone costs ~300 ms of CPU here: a renderer process
 * starting), and no worker design of ours can scale past that.
 */
async function handLanes(dir, counts, capture = false) {
  const data = await loadDataset(dir);
  const downloads = freshDir('scaling-hand-downloads');
  const browsers = [];
  for (let i = 0; i < Math.max(...counts); i++) browsers.push(await chromium.launch(launchOptions(choice)));
  const once = async (lanes) => {
    const queue = data.episodes.map(withParams);
    const started = now();
    await Promise.all(
      browsers.slice(0, lanes).map(async (browser) => {
        for (let e = queue.shift(); e; e = queue.shift())
          await handReplay(browser, e, {
            mapUrl: (u) => mapUrl(u, urlMappings),
            timeoutMs: DEFAULT_REPLAY_OPTIONS.timeoutMs,
            downloads,
            capture,
          });
      }),
    );
    return now() - started;
  };
  const times = new Map(counts.map((n) => [n, []]));
  const busy = new Map(counts.map((n) => [n, []]));
  try {
    await once(1); // warm-up
    for (let i = 0; i < SCALE_REPS; i++)
      for (const n of counts) {
        const { value: ms, busy: b } = await withMachineBusy(() => once(n));
        times.get(n).push(ms);
        if (b !== undefined) busy.get(n).push(b);
      }
  } finally {
    for (const b of browsers) await b.close().catch(() => undefined);
  }
  const one = median(times.get(counts[0]));
  return counts.map((lanes) => {
    const ms = median(times.get(lanes));
    process.stderr.write(`  scaling hand loop${capture ? ' + capture' : ''} ×${lanes}: ${round(ms / 1000, 1)}s\n`);
    const b = busy.get(lanes);
    return { lanes, seconds: round(ms / 1000, 1), speedup: round(one / ms), ...(b.length ? { machineBusy: median(b) } : {}) };
  });
}

/** 4. Chrome Recorder flows of the fixture site: replaywright vs @puppeteer/replay. */
async function puppeteerComparison() {
  const formats = (await import('../dist/formats/index.js')).formats.map((f) => f.name);
  if (!formats.includes('devtools-recorder')) {
    console.log('\n4. @puppeteer/replay comparison\nskipped: no Chrome Recorder decoder yet');
    return { skipped: 'no Chrome Recorder decoder yet' };
  }
  let replay;
  let puppeteer;
  try {
    replay = await import('@puppeteer/replay');
    puppeteer = (await import('puppeteer-core')).default;
  } catch {
    console.log('\n4. @puppeteer/replay comparison\nskipped: @puppeteer/replay not installed (`npm --prefix bench install`)');
    return { skipped: '@puppeteer/replay not installed' };
  }
  const flowsDir = freshDir('flows');
  const flows = {};
  for (const f of readdirSync(join(ROOT, 'bench', 'devtools')).filter((f) => f.endsWith('.json'))) {
    const text = readFileSync(join(ROOT, 'bench', 'devtools', f), 'utf8').replaceAll('{{ORIGIN}}', site.url);
    writeFileSync(join(flowsDir, f), text);
    flows[JSON.parse(text).title] = JSON.parse(text);
  }
  const data = await loadDataset(flowsDir, { format: 'devtools-recorder' });
  const out = freshDir('flows-out');
  const pwBrowser = await chromium.launch(launchOptions(choice));
  // The same executable for both: the headless shell when the system has one ('shell' is
  // Puppeteer's name for that mode), else the full browser's headless mode.
  const executablePath = launchedExecutable(choice);
  const headless = executablePath === choice.executablePath ? true : 'shell';
  const ppBrowser = await puppeteer.launch({ executablePath, headless, args: launchOptions(choice).args });
  // `--compare off`, as @puppeteer/replay compares nothing; the same with comparisons on beside
  // it, and with no trace: what the CLI's default trace (recorded for every episode, kept if it
  // does not pass) costs here.
  const options = { ...DEFAULT_REPLAY_OPTIONS, out, urlMappings: [], params: {}, filesDir: flowsDir };
  const compareOff = { ...options, compare: { ...options.compare, mode: 'off' } };
  const rw = (e) => runEpisode(pwBrowser, e, compareOff);
  const rwOn = (e) => runEpisode(pwBrowser, e, options);
  const rwNoTrace = (e) => runEpisode(pwBrowser, e, { ...compareOff, trace: 'off' });
  const pp = async (flow) => {
    const context = await ppBrowser.createBrowserContext();
    try {
      const page = await context.newPage();
      const runner = await replay.createRunner(flow, new replay.PuppeteerRunnerExtension(ppBrowser, page, { timeout: 10_000 }));
      await runner.run();
    } finally {
      await context.close();
    }
  };
  const rows = [];
  try {
    for (const e of data.episodes) {
      const flow = flows[e.id];
      const t = { rw: [], pp: [], on: [], noTrace: [] };
      let rwResult;
      let ppError;
      await rw(e).catch(() => undefined);
      await pp(flow).catch(() => undefined);
      const kinds = ['rw', 'pp', 'on', 'noTrace'];
      for (let i = 0; i < REPS; i++) {
        for (const which of [...kinds.slice(i % kinds.length), ...kinds.slice(0, i % kinds.length)]) {
          const started = now();
          if (which === 'rw') rwResult = await rw(e);
          else if (which === 'on') await rwOn(e);
          else if (which === 'noTrace') await rwNoTrace(e);
          else
            ppError = await pp(flow).then(
              () => undefined,
              (err) => err.message.split('\n')[0],
            );
          t[which].push(now() - started);
        }
      }
      const row = {
        flow: e.id,
        steps: e.steps.length,
        replaywrightMs: round(median(t.rw), 0),
        compareOnMs: round(median(t.on), 0),
        traceOffMs: round(median(t.noTrace), 0),
        puppeteerReplayMs: round(median(t.pp), 0),
        ratio: round(median(t.rw) / median(t.pp)),
        // Per step: the flow's median over its step count (each run includes a fresh context and page).
        replaywrightMsPerStep: round(median(t.rw) / e.steps.length, 1),
        puppeteerReplayMsPerStep: round(median(t.pp) / e.steps.length, 1),
        replaywright: rwResult.status === 'passed' ? 'passed' : `${rwResult.status}: ${rwResult.message}`,
        puppeteerReplay: ppError ? `failed: ${ppError}` : 'passed',
      };
      rows.push(row);
      process.stderr.write(`  puppeteer ${e.id}: ${row.replaywrightMs} vs ${row.puppeteerReplayMs} ms\n`);
    }
  } finally {
    await pwBrowser.close();
    await ppBrowser.close();
  }
  const both = rows.filter((r) => r.replaywright === 'passed' && r.puppeteerReplay === 'passed');
  const sum = (k) => both.reduce((n, r) => n + r[k], 0);
  const steps = both.reduce((n, r) => n + r.steps, 0);
  const total = {
    flows: both.length,
    steps,
    replaywrightMs: sum('replaywrightMs'),
    compareOnMs: sum('compareOnMs'),
    traceOffMs: sum('traceOffMs'),
    puppeteerReplayMs: sum('puppeteerReplayMs'),
    ratio: round(sum('replaywrightMs') / sum('puppeteerReplayMs')),
    traceOffRatio: round(sum('traceOffMs') / sum('puppeteerReplayMs')),
    goal: 0.67,
    replaywrightMsPerStep: round(sum('replaywrightMs') / steps, 1),
    puppeteerReplayMsPerStep: round(sum('puppeteerReplayMs') / steps, 1),
  };
  table(
    `4. Chrome Recorder flows: replaywright --compare off vs @puppeteer/replay (median of ${REPS}, ms; fresh context each; compare on and trace off beside)`,
    [
      'flow',
      'steps',
      'replaywright',
      '@puppeteer/replay',
      'per step rw / pp',
      'ratio',
      'compare on',
      'trace off',
      'replaywright result',
      '@puppeteer/replay result',
    ],
    [
      ...rows.map((r) => [
        r.flow,
        r.steps,
        r.replaywrightMs,
        r.puppeteerReplayMs,
        `${r.replaywrightMsPerStep} / ${r.puppeteerReplayMsPerStep}`,
        `${r.ratio}×`,
        r.compareOnMs,
        r.traceOffMs,
        r.replaywright.slice(0, 90),
        r.puppeteerReplay.slice(0, 60),
      ]),
      [
        `total (${both.length} flows both pass)`,
        steps,
        total.replaywrightMs,
        total.puppeteerReplayMs,
        `${total.replaywrightMsPerStep} / ${total.puppeteerReplayMsPerStep}`,
        `${total.ratio}×`,
        total.compareOnMs,
        `${total.traceOffMs} (${total.traceOffRatio}×)`,
        `goal ≤ ${total.goal}×`,
        '',
      ],
    ],
  );
  return { rows, total };
}

/**
 * 5. Start-up, whole process each, alternating with its baseline: `replaywright --version` vs
 * `node -e 0`; and from spawning `replaywright run` on a one-navigation flow to the moment its
 * first step's request reaches a loopback server, vs the same for a bare Playwright script that
 * launches the same Chromium and goes to the same URL (bench/first-step-child.mjs): the launch
 * every replay pays. The gap is what replaywright adds before acting (goal ≤ 0.3 s), with the
 * CLI's default options (its trace included).
 */
async function startup() {
  const versionT = { rw: [], node: [] };
  for (let i = 0; i < REPS * 2; i++) {
    for (const which of i % 2 ? ['node', 'rw'] : ['rw', 'node']) {
      const r = await runNode(which === 'rw' ? [join(ROOT, 'bin', 'replaywright.js'), '--version'] : ['-e', '0']);
      if (r.code !== 0) throw new Error(`${which} --version failed: ${r.stderr}`);
      versionT[which].push(r.ms);
    }
  }
  // A server that notes when each token's first request arrives.
  const firstHit = new Map();
  const server = createServer((req, res) => {
    const token = req.url.split('/')[2];
    if (token && !firstHit.has(token)) firstHit.set(token, now());
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>start</title><p>first step</p>');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const dir = freshDir('startup');
  const firstT = { rw: [], bare: [] };
  const spawnUntilHit = (args, token) =>
    new Promise((resolve, reject) => {
      const started = now();
      const child = spawn(process.execPath, args, {
        cwd: ROOT,
        env: { ...process.env, REPLAYWRIGHT_LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (code) =>
        firstHit.has(token)
          ? resolve(firstHit.get(token) - started)
          : reject(new Error(`no first request (exit ${code}): ${stderr.slice(0, 300)}`)),
      );
    });
  try {
    for (let i = 0; i < REPS; i++) {
      for (const which of i % 2 ? ['bare', 'rw'] : ['rw', 'bare']) {
        const token = `${which}-${i}`;
        const url = `${origin}/t/${token}/`;
        if (which === 'rw') {
          const flow = join(dir, `${token}.json`);
          writeFileSync(flow, JSON.stringify({ title: token, steps: [{ type: 'navigate', url }] }));
          firstT.rw.push(
            await spawnUntilHit(
              [
                // The CLI's defaults (comparisons on, --trace retain-on-failure), one worker: what a user's one-flow run does.
                join(ROOT, 'bin', 'replaywright.js'),
                'run',
                flow,
                '--out',
                join(dir, `out-${token}`),
                '--workers',
                '1',
              ],
              token,
            ),
          );
        } else firstT.bare.push(await spawnUntilHit([join(ROOT, 'bench', 'first-step-child.mjs'), url], token));
      }
    }
  } finally {
    server.close();
  }
  const out = {
    version: { replaywrightS: round(median(versionT.rw) / 1000, 3), nodeS: round(median(versionT.node) / 1000, 3), goalS: 0.15 },
    firstStep: {
      replaywrightS: round(median(firstT.rw) / 1000, 2),
      bareLaunchS: round(median(firstT.bare) / 1000, 2),
      gapS: round((median(firstT.rw) - median(firstT.bare)) / 1000, 2),
      goalGapS: 0.3,
    },
  };
  table(
    `5. start-up (whole process, median of ${REPS * 2} / ${REPS}, alternating with the baseline)`,
    ['measure', 'replaywright', 'baseline', 'difference', 'goal'],
    [
      [
        '--version (baseline: node -e 0)',
        `${out.version.replaywrightS} s`,
        `${out.version.nodeS} s`,
        `${round(out.version.replaywrightS - out.version.nodeS, 3)} s`,
        `≤ ${out.version.goalS} s`,
      ],
      [
        'spawn → first step request (baseline: bare Playwright launch + goto)',
        `${out.firstStep.replaywrightS} s`,
        `${out.firstStep.bareLaunchS} s`,
        `${out.firstStep.gapS} s`,
        `≤ launch + ${out.firstStep.goalGapS} s`,
      ],
    ],
  );
  return out;
}
