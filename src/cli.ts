#!/usr/bin/env node
// Start-up cost is what every command pays, so this file loads only yargs and the small modules
// its option definitions and checks use. Each command's own modules (Playwright, the decoders,
// pino, zod, the reports) are imported inside its handler, when that command runs: `--version`,
// `--help`, `validate`, `inspect` and `schema` never load Playwright.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { liveOnlyFlags } from './commands/snapshot-flags.js';
import { parseStartUrls } from './commands/start-urls.js';
import { FORMAT_CHOICES, type FormatChoice } from './formats/format-choices.js';
import type { LogFormat } from './log.js';
import { parseShard } from './replay/shard.js';
import { parseUrlMapping } from './ir/url-map.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_COMPARE_THRESHOLDS, type CompareThresholds } from './compare/thresholds.js';
import type { CompareMode } from './replay/before-state.js';
import { DEFAULT_REPLAY_OPTIONS, type ReplayOptions } from './replay/replay-defaults.js';
import { gatherParams } from './commands/params.js';
import { Redactor } from './secrets.js';
import { DEFAULT_MAX_ARTIFACT_BYTES } from './replay/artifact-budget.js';
import { harProblem } from './replay/offline.js';
import { dropWritesToClosedPipes } from './closed-pipe.js';

/** pino and its pretty transport, loaded by the commands that log. */
const createLogger = async (...args: Parameters<typeof import('./log.js').createLogger>) => (await import('./log.js')).createLogger(...args);

dropWritesToClosedPipes();

/** `--param`, `--secret`, `--params FILE` and `REPLAYWRIGHT_PARAM_*`/`REPLAYWRIGHT_SECRET_*` (see commands/params.ts). */
const paramsOf = (a: { param?: string[]; secret?: string[]; params?: string }) =>
  gatherParams({ param: list(a.param), secret: list(a.secret), file: a.params, env: process.env });

/** The replay options the `run` flags choose beyond the basics. */
function replayChoices(a: {
  mode: 'live' | 'snapshot'; 'allow-scripts': boolean; compare: CompareMode; 'compare-config'?: string; mask?: string[]; calibrate?: boolean; 'calibrate-interval'?: number;
  'stop-at-first-divergence': boolean; trace: 'on' | 'off' | 'retain-on-failure'; 'from-step'?: number; 'to-step'?: number;
  'pause-on-failure': boolean; 'start-url'?: string[]; 'max-artifact-bytes'?: number;
}): Partial<ReplayOptions> {
  return {
    replayMode: a.mode,
    allowScripts: a['allow-scripts'],
    compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: a.compare, thresholds: loadThresholds(a['compare-config']), maskSelectors: list(a.mask), calibrateIntervalMs: a.calibrate ? (a['calibrate-interval'] ?? 1500) : undefined, maxArtifactBytes: a['max-artifact-bytes'] },
    stopAtFirstDivergence: a['stop-at-first-divergence'],
    trace: a.trace,
    fromStep: a['from-step'] !== undefined ? a['from-step'] - 1 : undefined,
    toStep: a['to-step'] !== undefined ? a['to-step'] - 1 : undefined,
    pauseOnFailure: a['pause-on-failure'],
    startUrls: parseStartUrls(list(a['start-url'])),
  };
}

/** `--compare-config`: a JSON object of threshold overrides; unknown keys are a usage error. */
function loadThresholds(file: string | undefined): CompareThresholds {
  if (!file) return DEFAULT_COMPARE_THRESHOLDS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`--compare-config ${file}: ${(error as Error).message}`);
  }
  const unknown = Object.keys(parsed as object).filter((k) => !(k in DEFAULT_COMPARE_THRESHOLDS));
  if (unknown.length) throw new Error(`--compare-config ${file}: unknown thresholds ${unknown.join(', ')} (known: ${Object.keys(DEFAULT_COMPARE_THRESHOLDS).join(', ')})`);
  return { ...DEFAULT_COMPARE_THRESHOLDS, ...(parsed as Partial<CompareThresholds>) };
}

/** `--images DIR` (from the working folder) as the BabyAGI decoder's `imagesDir`. */
const decodeChoices = (images: string | undefined): Record<string, unknown> | undefined => (images === undefined ? undefined : { imagesDir: resolve(images) });

const list = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);

let exitCode = 0;
await yargs(hideBin(process.argv))
  .scriptName('replaywright')
  .usage('$0 <command> [options]')
  .option('log-format', { choices: ['pretty', 'json'] as const, describe: 'log style (default: pretty on a TTY, JSON otherwise)' })
  .option('log-level', { type: 'string', describe: 'pino level: debug, info, warn, error, silent' })
  .command(
    'run <dataset>',
    'replay every episode of a dataset file or folder in headless Chromium',
    (y) => y
      .positional('dataset', { type: 'string', demandOption: true, describe: 'a dataset file, or a folder to search' })
      .option('out', { type: 'string', default: 'out/run', describe: 'results folder' })
      .option('format', { choices: FORMAT_CHOICES, default: 'auto' as FormatChoice })
      .option('episode', { type: 'string', array: true, describe: 'replay only these episode ids (repeatable)' })
      .option('map-url', { type: 'string', array: true, describe: 'FROM=TO: replay recorded URLs starting with FROM at TO (repeatable)' })
      .option('param', { type: 'string', array: true, describe: 'NAME=VALUE for steps that need input (repeatable)' })
      .option('secret', { type: 'string', array: true, describe: 'NAME=VALUE like --param, never written to logs, results, reports or traces (repeatable)' })
      .option('params', { type: 'string', describe: 'JSON file of NAME: value or NAME: {"value": …, "secret": true}' })
      .option('timeout', { type: 'number', default: 10_000, describe: 'per-step timeout, ms' })
      .option('files-dir', { type: 'string', describe: 'where setInputFiles finds recorded file names (default: dataset folder)' })
      .option('strict', { type: 'boolean', default: false, describe: 'find targets by the recorded selector only (no fallbacks)' })
      .option('repair', { type: 'boolean', default: false, describe: 'an action recorded at a point (VWA) whose element moved acts on the element re-found by role, name and nearest box' })
      .option('min-score', { type: 'number', default: 0.6, describe: 'lowest similarity (0-1) a fallback target match may have' })
      .option('final-text-min', { type: 'number', default: 0.97, describe: 'lowest visible-text similarity of the final page to the recorded one' })
      .option('headed', { type: 'boolean', default: false })
      .option('slow-mo', { type: 'number', describe: 'slow every browser operation by MS' })
      .option('workers', { type: 'number', describe: 'browsers replaying at once (default: number of cores)' })
      .option('worker-mode', { choices: ['async', 'threads'] as const, default: 'async' as const, hidden: true, describe: 'workers in this thread (async) or one worker_thread each' })
      .option('resume', { type: 'boolean', default: false, describe: 'keep the episodes <out>/results.jsonl already has; replay the rest' })
      .option('shard', { type: 'string', describe: 'i/n: replay only the i-th of n parts (stable hash of episode id; chains stay together)' })
      .option('connect', { type: 'string', describe: 'ws endpoint of a Playwright browser server: connect instead of launching Chromium' })
      .option('mode', { choices: ['live', 'snapshot'] as const, default: 'live' as const, describe: 'live: drive the site; snapshot: check each step on its recorded before-state, network sealed' })
      .option('allow-scripts', { type: 'boolean', default: false, describe: 'snapshot mode: let recorded pages run their scripts (still no network)' })
      .option('compare', { choices: ['all', 'screenshot', 'dom', 'off'] as const, default: 'all' as const, describe: 'compare each live before-state with the recorded one' })
      .option('compare-config', { type: 'string', describe: 'JSON file overriding comparison thresholds (see README)' })
      .option('mask', { type: 'string', array: true, describe: 'selector whose box is ignored in screenshot comparison (repeatable)' })
      .option('calibrate', { type: 'boolean', default: false, describe: 'learn what changes by itself before each step (two captures) and save it to <dataset>/.replaywright/masks.json for later runs' })
      .option('calibrate-interval', { type: 'number', default: 1500, describe: 'ms between the two --calibrate captures' })
      .option('stop-at-first-divergence', { type: 'boolean', default: false, describe: 'end an episode at the first step whose before-state diverged' })
      .option('trace', { choices: ['on', 'off', 'retain-on-failure'] as const, default: 'retain-on-failure' as const, describe: 'Playwright trace per episode' })
      .option('from-step', { type: 'number', describe: 'replay steps before K (1-based) only to reach the state; compare from K' })
      .option('to-step', { type: 'number', describe: 'stop after step K (1-based)' })
      .option('pause-on-failure', { type: 'boolean', default: false, describe: 'with --headed: keep the browser open at the failing step' })
      .option('offline', { type: 'boolean', default: false, describe: 'live mode: abort every request to a host that is not loopback' })
      .option('har', { type: 'string', describe: 'live mode: answer requests from this HAR file; a request it lacks is aborted' })
      .option('episode-timeout', { type: 'number', describe: 'end an episode that runs longer than MS as error/timeout; the run goes on' })
      .option('max-artifact-bytes', { type: 'number', default: DEFAULT_MAX_ARTIFACT_BYTES, describe: 'screenshot/HTML bytes one step may keep on disk; the rest is not written (noted on the step)' })
      .option('start-url', { type: 'string', array: true, describe: 'URL, or WEBSITE=URL: where episodes without a start page (Mind2Web, BabyAGI) begin (repeatable)' })
      .option('images', { type: 'string', describe: 'BabyAGI screenshots folder, inside the dataset folder (default: images/ next to each metadata file)' })
      .check((a) => {
        if (a.workers !== undefined && !(Number.isInteger(a.workers) && a.workers >= 1)) throw new Error(`--workers expects a whole number >= 1, got ${a.workers}`);
        for (const k of ['episode-timeout', 'max-artifact-bytes'] as const) {
          const v = a[k];
          if (v !== undefined && !(Number.isFinite(v) && v >= 0)) throw new Error(`--${k} expects a number of ${k === 'episode-timeout' ? 'ms' : 'bytes'} >= 0, got ${v}`);
        }
        if (a.shard !== undefined) parseShard(a.shard);
        if (a.calibrate && a.mode === 'snapshot') throw new Error('--calibrate learns from a live page: snapshot mode has none');
        if (a.calibrate && a.compare === 'off') throw new Error('--calibrate learns what comparison should ignore: it needs --compare other than off');
        if (a['calibrate-interval'] !== undefined && !(a['calibrate-interval'] > 0)) throw new Error(`--calibrate-interval expects a number of ms > 0, got ${a['calibrate-interval']}`);
        const har = harProblem(a.har);
        if (har) throw new Error(har);
        return true;
      }),
    async (a) => {
      // Chromium starts launching first, in its own process, while this one loads the replay
      // engine and decodes the dataset (threads launch their own browsers).
      const { startEarlyBrowser } = await import('./replay/browser-source.js');
      const early = a['worker-mode'] === 'threads' ? undefined : startEarlyBrowser({ headed: a.headed, slowMo: a['slow-mo'], connect: a.connect, ownSignals: true });
      const { defaultWorkers, runCommand } = await import('./commands/run.js');
      const given = paramsOf(a);
      const ignored = a.mode === 'snapshot' ? liveOnlyFlags(a) : [];
      if (ignored.length) process.stderr.write(`warning: snapshot mode ignores ${ignored.join(', ')} (live replay only)\n`);
      exitCode = await runCommand(
        {
          dataset: a.dataset,
          out: a.out,
          format: a.format,
          episodes: list(a.episode),
          urlMappings: list(a['map-url']).map(parseUrlMapping),
          params: given.params,
          secrets: given.secrets,
          timeoutMs: a.timeout,
          headed: a.headed,
          slowMo: a['slow-mo'],
          filesDir: a['files-dir'],
          strict: a.strict,
          repair: a.repair,
          minScore: a['min-score'],
          finalTextMin: a['final-text-min'],
          workers: a.workers ?? defaultWorkers(),
          workerMode: a['worker-mode'],
          resume: a.resume,
          shard: a.shard === undefined ? undefined : parseShard(a.shard),
          connect: a.connect,
          replay: { ...replayChoices(a), episodeTimeoutMs: a['episode-timeout'], offline: a.offline, har: a.har },
          decode: decodeChoices(a.images),
          early,
        },
        await createLogger({ format: a['log-format'] as LogFormat | undefined, level: a['log-level'], redactor: new Redactor(given.secrets) }),
      );
    },
  )
  .command(
    'merge <results..>',
    'combine the results folders of several runs (shards, re-runs) into one; the last line per episode wins',
    (y) => y
      .positional('results', { type: 'string', array: true, demandOption: true, describe: 'results folders (`run --out`), in order: later ones win' })
      .option('out', { type: 'string', demandOption: true, describe: 'merged results folder (may be one of the inputs)' })
      .option('copy-artifacts', { type: 'boolean', default: true, describe: 'copy each kept episode\'s episodes/<id>/ folder along' }),
    async (a) => {
      const { mergeCommand } = await import('./commands/merge.js');
      exitCode = await mergeCommand({ inputs: list(a.results), out: a.out, copyArtifacts: a['copy-artifacts'] }, await createLogger({ format: a['log-format'] as LogFormat | undefined, level: a['log-level'] }));
    },
  )
  .command(
    'inspect <dataset>',
    'list episodes, steps and decoded actions',
    (y) => y
      .positional('dataset', { type: 'string', demandOption: true })
      .option('format', { choices: FORMAT_CHOICES, default: 'auto' as FormatChoice })
      .option('episode', { type: 'string', array: true })
      .option('json', { type: 'boolean', default: false, describe: 'print each episode as IR JSON' })
      .option('images', { type: 'string', describe: 'BabyAGI screenshots folder, inside the dataset folder (default: images/ next to each metadata file)' }),
    async (a) => {
      const { inspectCommand } = await import('./commands/inspect.js');
      exitCode = await inspectCommand({ dataset: a.dataset, format: a.format, episodes: list(a.episode), json: a.json, decode: decodeChoices(a.images) });
    },
  )
  .command(
    'validate <dataset>',
    'decode only; report every problem with file:line and field',
    (y) => y.positional('dataset', { type: 'string', demandOption: true }).option('format', { choices: FORMAT_CHOICES, default: 'auto' as FormatChoice })
      .option('images', { type: 'string', describe: 'BabyAGI screenshots folder, inside the dataset folder (default: images/ next to each metadata file)' }),
    async (a) => {
      const { validateCommand } = await import('./commands/validate.js');
      exitCode = await validateCommand({ dataset: a.dataset, format: a.format, decode: decodeChoices(a.images) });
    },
  )
  .command(
    'report <out>',
    'rebuild junit.xml and the HTML report (report/index.html) of a results folder',
    (y) => y.positional('out', { type: 'string', demandOption: true, describe: 'a results folder (has results.jsonl)' }),
    async (a) => {
      const { reportCommand } = await import('./commands/report.js');
      exitCode = await reportCommand({ out: a.out });
    },
  )
  .command(
    'export <dataset>',
    'write one episode as a @playwright/test spec or as its decoded IR (JSON)',
    (y) => y
      .positional('dataset', { type: 'string', demandOption: true, describe: 'a dataset file, or a folder to search' })
      .option('episode', { type: 'string', describe: 'the episode id (optional when the dataset has one episode)' })
      .option('to', { choices: ['playwright-test', 'ir'] as const, demandOption: true, describe: 'what to write' })
      .option('out', { type: 'string', describe: 'file to write (default: stdout)' })
      .option('format', { choices: FORMAT_CHOICES, default: 'auto' as FormatChoice })
      .option('map-url', { type: 'string', array: true, describe: 'FROM=TO: write recorded URLs starting with FROM with TO (repeatable)' })
      .option('param', { type: 'string', array: true, describe: 'NAME=VALUE: steps using this param read process.env.NAME (repeatable)' })
      .option('secret', { type: 'string', array: true, describe: 'NAME=VALUE: the same, and the value never written (repeatable)' })
      .option('params', { type: 'string', describe: 'JSON file of params, as for run' }),
    async (a) => {
      const { exportCommand } = await import('./commands/export.js');
      const given = paramsOf(a);
      const episodes = list(a.episode);
      if (episodes.length > 1) throw new Error('export writes one episode: give --episode once');
      exitCode = await exportCommand({ dataset: a.dataset, format: a.format, episode: episodes[0], to: a.to, out: a.out, urlMappings: list(a['map-url']).map(parseUrlMapping), params: given.params, secrets: given.secrets });
    },
  )
  .command('schema', 'print the JSON Schema of the action IR', {}, async () => {
    const { irJsonSchema } = await import('./commands/schema.js');
    console.log(JSON.stringify(irJsonSchema(), null, 2));
  })
  .command('doctor', 'say which browser replays would use', {}, async () => {
    const { doctorCommand } = await import('./commands/doctor.js');
    exitCode = doctorCommand();
  })
  .command(
    'demo',
    'replay the bundled fixture recordings against the bundled site',
    (y) => y
      .option('out', { type: 'string', default: 'out/demo' })
      .option('timeout', { type: 'number', default: 10_000 })
      .option('headed', { type: 'boolean', default: false }),
    async (a) => {
      const { demoCommand } = await import('./commands/demo.js');
      exitCode = await demoCommand({ out: a.out, timeoutMs: a.timeout, headed: a.headed }, await createLogger({ format: a['log-format'] as LogFormat | undefined, level: a['log-level'] ?? 'warn' }));
    },
  )
  .demandCommand(1, 'name a command: run, merge, inspect, validate, schema, doctor or demo')
  .strict()
  .fail((msg, err) => {
    // Usage mistakes and bad option values: a message and exit 2, never a stack trace.
    console.error(msg ?? err?.message);
    if (msg) console.error("see `replaywright --help`");
    process.exit(2);
  })
  .help()
  .parseAsync();

process.exitCode = exitCode;
