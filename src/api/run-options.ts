import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_THRESHOLDS } from '../compare/target-match.js';
import { gatherParams } from '../config/params.js';
import { RUN_OPTIONS } from '../config/run-options.js';
import { parseViewport } from '../config/viewport-flag.js';
import type { ReplaywrightConfig } from '../config/define-config.js';
import { parseUrlMapping } from '../ir/url-map.js';
import { harProblem } from '../replay/offline.js';
import { DEFAULT_REPLAY_OPTIONS } from '../replay/run-episode.js';
import type { RunOptions } from '../replay/run.js';
import { parseShard, type Shard } from '../replay/shard.js';
import { parseStartUrls } from '../replay/start-urls.js';
import { loadThresholds } from '../replay/thresholds-file.js';
import type { FormatChoice } from '../formats/load-dataset.js';

/** What `replay()` needs besides the replay options: which episodes, and how to decode them. */
export interface Selection {
  format: FormatChoice;
  episodes: string[];
  shard?: Shard;
  decode?: Record<string, unknown>;
}

const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * A config (the file's keys, camelCase) as replay options, the way `replaywright run` turns its
 * flags into them: the same defaults, the same meaning. `filesDir` defaults to `datasetRoot`.
 * Params come from `param`/`secret`/`params` only (the API reads no environment).
 */
export function runOptionsFrom(config: ReplaywrightConfig, datasetRoot: string): { options: RunOptions; selection: Selection } {
  // Every key is taken here: a key added to the config without a meaning here fails to compile (`rest`).
  const {
    dataset: _dataset,
    out,
    format,
    episode,
    mapUrl,
    param,
    secret,
    params,
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
    resume,
    shard,
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
    fromStep,
    toStep,
    pauseOnFailure,
    offline,
    har,
    episodeTimeout,
    maxArtifactBytes,
    startUrl,
    images,
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
  // These need what only the CLI's run keeps: a results file to resume, masks saved after the run, a worker_thread per worker.
  if (resume) throw new Error('resume: only `replaywright run` keeps a results.jsonl to resume from');
  if (calibrate) throw new Error('calibrate: use `replaywright run --calibrate`, which saves what it learns for later runs');
  if (workerMode === 'threads') throw new Error("workerMode threads: hooks run in the caller's thread; use async");
  const harIssue = harProblem(har);
  if (harIssue) throw new Error(harIssue);
  const given = gatherParams({ param: list(param), secret: list(secret), file: params });
  const options: RunOptions = {
    ...DEFAULT_REPLAY_OPTIONS,
    out: resolve(out ?? RUN_OPTIONS.out.default),
    urlMappings: list(mapUrl).map(parseUrlMapping),
    params: given.params,
    secrets: given.secrets,
    timeoutMs: timeout ?? RUN_OPTIONS.timeout.default,
    headed,
    slowMo,
    filesDir: filesDir ?? datasetRoot,
    strict,
    repair,
    thresholds: { ...DEFAULT_THRESHOLDS, minScore: minScore ?? DEFAULT_THRESHOLDS.minScore },
    finalTextMin: finalTextMin ?? DEFAULT_REPLAY_OPTIONS.finalTextMin,
    workers: workers ?? Math.max(1, availableParallelism()),
    connect,
    replayMode: mode ?? 'live',
    allowScripts,
    compare: {
      ...DEFAULT_REPLAY_OPTIONS.compare,
      mode: compare ?? 'all',
      thresholds: loadThresholds(compareConfig),
      maskSelectors: list(mask),
      calibrateIntervalMs: undefined,
      maxArtifactBytes,
    },
    stopAtFirstDivergence,
    trace: trace ?? RUN_OPTIONS.trace.default,
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
  void calibrateInterval; // only with calibrate, refused above
  const selection: Selection = {
    format: format ?? 'auto',
    episodes: list(episode),
    shard: shard === undefined ? undefined : parseShard(shard),
    decode: images === undefined ? undefined : { imagesDir: resolve(images) },
  };
  return { options, selection };
}
