import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_THRESHOLDS } from '../compare/target-match.js';
import { gatherParams, type ParamSet } from '../config/params.js';
import { RUN_OPTIONS } from '../config/run-options.js';
import { parseViewport } from '../config/viewport-flag.js';
import type { ReplaywrightConfig } from '../config/define-config.js';
import { DEFAULT_CALIBRATE_INTERVAL_MS } from '../ir/defaults.js';
import { parseUrlMapping } from '../ir/url-map.js';
import { harProblem } from '../replay/offline.js';
import { DEFAULT_REPLAY_OPTIONS } from '../replay/replay-defaults.js';
import type { RunOptions } from '../replay/run.js';
import { parseShard, type Shard } from '../replay/shard.js';
import { parseStartUrls } from '../replay/start-urls.js';
import { loadThresholds } from '../replay/thresholds-file.js';
import type { FormatChoice } from '../formats/format-choices.js';

/** What a run needs besides the replay options: which episodes, and how to decode them. */
export interface Selection {
  format: FormatChoice;
  episodes: string[];
  shard?: Shard;
  decode?: Record<string, unknown>;
  /** Keep the episodes `<out>/results.jsonl` already has and replay only the rest (CLI only). */
  resume: boolean;
}

/** Who asks: the CLI's `run` can do what a library call cannot (see `runOptionsFrom`). */
export interface Caller {
  /** `REPLAYWRIGHT_PARAM_*`/`REPLAYWRIGHT_SECRET_*` are read from here; the API reads no environment. */
  env?: NodeJS.ProcessEnv;
  /** `replaywright run`: keeps a results.jsonl to resume, saves calibrated masks, runs worker threads, owns SIGINT. */
  cli?: boolean;
}

const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The values a run types (params and secrets), from the config's keys and the caller's environment. */
export const paramsFrom = (config: ReplaywrightConfig, caller: Caller = {}): ParamSet =>
  gatherParams({ param: list(config.param), secret: list(config.secret), file: config.params, env: caller.env });

/** Which episodes a config picks, and how their files are decoded. */
export function selectionFrom(config: ReplaywrightConfig): Selection {
  return {
    format: config.format ?? 'auto',
    episodes: list(config.episode),
    shard: config.shard === undefined ? undefined : parseShard(config.shard),
    decode: config.images === undefined ? undefined : { imagesDir: resolve(config.images) },
    resume: config.resume ?? false,
  };
}

/**
 * A config (the file's keys, camelCase; the CLI's flags arrive the same way) as replay options:
 * the one mapping `replaywright run`, `replay()` and the demo share, so a flag means the same
 * everywhere. `filesDir` defaults to `datasetRoot`. Paths are resolved from the working folder.
 */
export function runOptionsFrom(
  config: ReplaywrightConfig,
  datasetRoot: string,
  caller: Caller = {},
  given: ParamSet = paramsFrom(config, caller),
): { options: RunOptions; selection: Selection } {
  // Every key is taken here: a key added to the config without a meaning here fails to compile (`rest`).
  const {
    dataset: _dataset,
    out,
    format: _format,
    episode: _episode,
    mapUrl,
    param: _param,
    secret: _secret,
    params: _params,
    timeout,
    filesDir,
    strict,
    repair,
    minScore,
    finalTextMin,
    headed,
    slowMo,
    workers,
    workerMode,
    resume: _resume,
    shard: _shard,
    connect,
    mode,
    allowScripts,
    compare,
    compareConfig,
    mask,
    calibrate,
    calibrateInterval,
    stopAtFirstDivergence,
    trace,
    traceDetail,
    fromStep,
    toStep,
    pauseOnFailure,
    offline,
    har,
    episodeTimeout,
    maxArtifactBytes,
    startUrl,
    images: _images,
    heal,
    viewport,
    allowUrlScheme,
    failOn,
    logFormat: _logFormat,
    logLevel: _logLevel,
    ...rest
  } = config;
  const none: Record<string, never> = rest;
  void none;
  if (!caller.cli) {
    // These need what only the CLI's run keeps: a results file to resume, masks saved after the run, a worker_thread per worker.
    if (_resume) throw new Error('resume: only `replaywright run` keeps a results.jsonl to resume from');
    if (calibrate) throw new Error('calibrate: use `replaywright run --calibrate`, which saves what it learns for later runs');
    if (workerMode === 'threads') throw new Error("workerMode threads: hooks run in the caller's thread; use async");
  }
  const harIssue = harProblem(har);
  if (harIssue) throw new Error(harIssue);
  const options: RunOptions = {
    ...DEFAULT_REPLAY_OPTIONS,
    out: resolve(out ?? RUN_OPTIONS.out.default),
    urlMappings: list(mapUrl).map(parseUrlMapping),
    params: given.params,
    secrets: given.secrets,
    timeoutMs: timeout ?? RUN_OPTIONS.timeout.default,
    headed: headed ?? false,
    slowMo,
    filesDir: filesDir ?? datasetRoot,
    strict,
    repair,
    thresholds: { ...DEFAULT_THRESHOLDS, minScore: minScore ?? DEFAULT_THRESHOLDS.minScore },
    finalTextMin: finalTextMin ?? DEFAULT_REPLAY_OPTIONS.finalTextMin,
    workers: Math.max(1, Math.floor(workers ?? availableParallelism())),
    mode: workerMode,
    connect,
    // The CLI owns SIGINT/SIGTERM (it writes the reports for what finished); a library caller keeps its own.
    ownSignals: caller.cli,
    replayMode: mode ?? RUN_OPTIONS.mode.default,
    allowScripts,
    compare: {
      ...DEFAULT_REPLAY_OPTIONS.compare,
      mode: compare ?? RUN_OPTIONS.compare.default,
      thresholds: loadThresholds(compareConfig),
      maskSelectors: list(mask),
      calibrateIntervalMs: calibrate ? (calibrateInterval ?? DEFAULT_CALIBRATE_INTERVAL_MS) : undefined,
      maxArtifactBytes,
    },
    stopAtFirstDivergence,
    trace: trace ?? RUN_OPTIONS.trace.default,
    traceDetail: traceDetail ?? RUN_OPTIONS['trace-detail'].default,
    fromStep: fromStep !== undefined ? fromStep - 1 : undefined,
    toStep: toStep !== undefined ? toStep - 1 : undefined,
    pauseOnFailure,
    startUrls: parseStartUrls(list(startUrl)),
    episodeTimeoutMs: episodeTimeout,
    offline,
    har,
    // Results carry each fallback's direct locator and each step's live before-state; `run --heal` writes them back.
    heal,
    viewport: viewport === undefined ? undefined : parseViewport(viewport),
    allowUrlSchemes: list(allowUrlScheme),
    failOn,
  };
  return { options, selection: selectionFrom(config) };
}
