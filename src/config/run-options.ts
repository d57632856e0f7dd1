import { FORMAT_NAME_LIST } from '../ir/format-names.js';
import { DEFAULT_CALIBRATE_INTERVAL_MS, DEFAULT_FINAL_TEXT_MIN, DEFAULT_MIN_SCORE, DEFAULT_STEP_TIMEOUT_MS } from '../ir/defaults.js';

/**
 * Every option of `replaywright run`, as data: the CLI hands these to yargs, the config file
 * accepts each under its camelCase name (`--map-url` → `mapUrl`), and docs/options.md is generated
 * from them (scripts/gen-docs.mjs). Adding an option here is all it takes to have it in the three.
 * The shape is yargs' own option object (type, choices, default, array, describe, hidden).
 */
export const RUN_OPTIONS = {
  out: { type: 'string', default: 'out/run', describe: 'results folder' },
  format: {
    choices: ['auto', ...FORMAT_NAME_LIST] as const,
    default: 'auto',
    describe: 'the dataset format; auto detects it per file from its first lines',
  },
  episode: { type: 'string', array: true, describe: 'replay only these episode ids (repeatable)' },
  'map-url': { type: 'string', array: true, describe: 'FROM=TO: replay recorded URLs starting with FROM at TO (repeatable)' },
  param: { type: 'string', array: true, describe: 'NAME=VALUE for steps that need input (repeatable)' },
  secret: {
    type: 'string',
    array: true,
    describe: 'NAME=VALUE like --param, never written to logs, results, reports or traces (repeatable)',
  },
  params: { type: 'string', describe: 'JSON file of NAME: value or NAME: {"value": …, "secret": true}' },
  timeout: { type: 'number', default: DEFAULT_STEP_TIMEOUT_MS, describe: 'per-step timeout, ms' },
  'files-dir': { type: 'string', describe: 'where setInputFiles finds recorded file names (default: dataset folder)' },
  strict: { type: 'boolean', default: false, describe: 'find targets by the recorded selector only (no fallbacks)' },
  repair: {
    type: 'boolean',
    default: false,
    describe: 'an action recorded at a point (VWA) whose element moved acts on the element re-found by role, name and nearest box',
  },
  'min-score': { type: 'number', default: DEFAULT_MIN_SCORE, describe: 'lowest similarity (0-1) a fallback target match may have' },
  'final-text-min': {
    type: 'number',
    default: DEFAULT_FINAL_TEXT_MIN,
    describe: 'lowest visible-text similarity of the final page to the recorded one',
  },
  headed: { type: 'boolean', default: false, describe: 'show the browser' },
  'slow-mo': { type: 'number', describe: 'slow every browser operation by MS' },
  workers: { type: 'number', describe: 'browsers replaying at once (default: number of cores)' },
  'worker-mode': {
    choices: ['async', 'threads'] as const,
    default: 'async',
    hidden: true,
    describe: 'workers in this thread (async) or one worker_thread each',
  },
  resume: { type: 'boolean', default: false, describe: 'keep the episodes <out>/results.jsonl already has; replay the rest' },
  shard: { type: 'string', describe: 'i/n: replay only the i-th of n parts (stable hash of episode id; chains stay together)' },
  connect: { type: 'string', describe: 'ws endpoint of a Playwright browser server: connect instead of launching Chromium' },
  mode: {
    choices: ['live', 'snapshot'] as const,
    default: 'live',
    describe: 'live: drive the site; snapshot: check each step on its recorded before-state, network sealed',
  },
  'allow-scripts': { type: 'boolean', default: false, describe: 'snapshot mode: let recorded pages run their scripts (still no network)' },
  compare: {
    choices: ['all', 'screenshot', 'dom', 'off'] as const,
    default: 'all',
    describe: 'compare each live before-state with the recorded one',
  },
  'compare-config': { type: 'string', describe: 'JSON file overriding comparison thresholds (src/compare/thresholds.ts names them)' },
  mask: { type: 'string', array: true, describe: 'selector whose box is ignored in screenshot comparison (repeatable)' },
  calibrate: {
    type: 'boolean',
    default: false,
    describe:
      'learn what changes by itself before each step (two captures) and save it to <dataset>/.replaywright/masks.json for later runs',
  },
  'calibrate-interval': { type: 'number', default: DEFAULT_CALIBRATE_INTERVAL_MS, describe: 'ms between the two --calibrate captures' },
  'stop-at-first-divergence': { type: 'boolean', default: false, describe: 'end an episode at the first step whose before-state diverged' },
  'fail-on': {
    choices: ['diverged', 'drift', 'never'] as const,
    default: 'diverged',
    describe: 'which before-state verdict fails an episode: diverged, drift (drift too) or never (reported only)',
  },
  trace: { choices: ['on', 'off', 'retain-on-failure'] as const, default: 'retain-on-failure', describe: 'Playwright trace per episode' },
  'trace-detail': {
    choices: ['actions', 'screencast', 'full'] as const,
    default: 'actions',
    describe:
      'what a trace records: actions (with network and console), + the screencast, + DOM snapshots (full); each costs every traced episode',
  },
  'from-step': { type: 'number', describe: 'replay steps before K (1-based) only to reach the state; compare from K' },
  'to-step': { type: 'number', describe: 'stop after step K (1-based)' },
  'pause-on-failure': { type: 'boolean', default: false, describe: 'with --headed: keep the browser open at the failing step' },
  offline: { type: 'boolean', default: false, describe: 'live mode: abort every request to a host that is not loopback' },
  har: { type: 'string', describe: 'live mode: answer requests from this HAR file; a request it lacks is aborted' },
  'episode-timeout': { type: 'number', describe: 'end an episode that runs longer than MS as error/timeout; the run goes on' },
  'max-artifact-bytes': {
    type: 'number',
    default: 16 * 1024 * 1024,
    describe: 'screenshot/HTML bytes one step may keep on disk; the rest is not written (noted on the step)',
  },
  'start-url': {
    type: 'string',
    array: true,
    describe: 'URL, or WEBSITE=URL: where episodes without a start page (Mind2Web, BabyAGI) begin (repeatable)',
  },
  images: { type: 'string', describe: 'BabyAGI screenshots folder, used as given (default: images/ next to each metadata file)' },
  'allow-url-scheme': {
    type: 'string',
    array: true,
    describe: 'live mode: also navigate to URLs of this scheme (e.g. file); only http(s) and about:blank by default (repeatable)',
  },
  viewport: {
    type: 'string',
    describe: 'WxH[@scale]: the browser window (CSS px, device scale) for every episode, whatever its recording says',
  },
  heal: {
    type: 'boolean',
    default: false,
    describe:
      'write <out>/healed/: the dataset with every confident fallback repair written back in its own format, and HEALING.md (docs/healing.md)',
  },
} as const;

/** Options every command takes (logging); a config file may set them for `run` too. */
export const GLOBAL_OPTIONS = {
  'log-format': { choices: ['pretty', 'json'] as const, describe: 'log style (default: pretty on a TTY, JSON otherwise)' },
  'log-level': { type: 'string', describe: 'pino level: debug, info, warn, error, silent' },
} as const;

/** `run --config FILE`: where the options above come from (not itself a config key). */
export const CONFIG_FLAG = {
  type: 'string',
  describe: 'config file (default: replaywright.config.{ts,mts,mjs,js,json} in the working directory)',
} as const;

/** Options whose value is a path: in a config file they are relative to the file's folder. */
export const PATH_OPTIONS: ReadonlySet<string> = new Set(['out', 'params', 'files-dir', 'compare-config', 'har', 'images']);

export type RunOptionName = keyof typeof RUN_OPTIONS;
export type GlobalOptionName = keyof typeof GLOBAL_OPTIONS;
