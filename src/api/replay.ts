import { resolve } from 'node:path';
import pino, { type Logger } from 'pino';
import type { ReplaywrightConfig } from '../config/define-config.js';
import { openDataset } from '../formats/load-dataset.js';
import type { Episode } from '../ir/index.js';
import type { Problem } from '../ir/problem.js';
import type { EpisodeResult } from '../ir/results.js';
import { streamChains } from '../replay/chain-stream.js';
import type { ReplayHooks } from '../replay/hooks.js';
import { withNoiseMasks } from '../replay/noise-masks-file.js';
import { DEFAULT_REPLAY_OPTIONS } from '../replay/run-episode.js';
import { replayEpisodes, type BrowserInfo } from '../replay/run.js';
import { groupChains, inShard, chainRoots } from '../replay/shard.js';
import { rejectedResult } from '../results/rejected.js';
import { runOptionsFrom } from './run-options.js';

export interface ReplayOptions extends ReplaywrightConfig {
  /** Called around each episode and step, awaited (see ReplayHooks). */
  hooks?: ReplayHooks;
  /** Where the replay logs (pino); silent by default. */
  logger?: Logger;
  /** Abort to stop: no new episode starts, the browsers close, episodes cut off are left out. */
  signal?: AbortSignal;
}

export interface ReplayRun {
  /** One per episode, in the order they finished; episodes that could not be decoded are `error`/`invalid-input`. */
  results: EpisodeResult[];
  /** Problems met decoding the dataset (empty when episodes were given). */
  problems: Problem[];
  /** The browser used; undefined when nothing was replayed. */
  browser?: BrowserInfo;
  /** The folder screenshots, HTML dumps and traces were written to (paths in results are relative to it). */
  out: string;
}

/**
 * Replays a dataset (a file or folder; `options.dataset` when omitted) or decoded episodes in
 * headless Chromium, as `replaywright run` does, and resolves with every episode's result.
 * Options are the config file's keys (`loadConfig()` reads one). Artifacts go to `options.out`;
 * results.jsonl, the summary and the reports are the CLI's (or write them from `results`).
 */
export async function replay(source: string | Episode | readonly Episode[] | undefined, options: ReplayOptions = {}): Promise<ReplayRun> {
  const { hooks, logger, signal, ...config } = options;
  const log = logger ?? pino({ level: 'silent' });
  const from = source ?? config.dataset;
  if (from === undefined) throw new Error('replay: name a dataset (or give episodes, or set `dataset` in the config)');
  const results: EpisodeResult[] = [];
  const onEpisode = (r: EpisodeResult) => {
    if (!signal?.aborted) results.push(r);
  };
  if (typeof from !== 'string') {
    const episodes = Array.isArray(from) ? (from as readonly Episode[]) : [from as Episode];
    const { options: run, selection } = runOptionsFrom(config, resolve('.'));
    const wanted = new Set(selection.episodes);
    const roots = chainRoots(episodes);
    const chains = groupChains(
      episodes.filter((e) => (wanted.size === 0 || wanted.has(e.id)) && inShard(roots.get(e.id) ?? e.id, selection.shard)),
    );
    const browser = await replayEpisodes(chains, { ...run, hooks, stop: signal }, { onEpisode }, log);
    return { results, problems: [], browser, out: run.out };
  }
  const data = await openDataset(from, {
    format: config.format,
    decode: config.images === undefined ? undefined : { imagesDir: resolve(config.images) },
  });
  const { options: run, selection } = runOptionsFrom(config, data.root);
  const wanted = new Set(selection.episodes);
  const keep = (id: string, root: string) => (wanted.size === 0 || wanted.has(id)) && inShard(root, selection.shard);
  const chains = streamChains(data.items(), { keep, onRejected: (r) => results.push(rejectedResult(r)) });
  const masked = withNoiseMasks(run, DEFAULT_REPLAY_OPTIONS.compare, data.root, (m) => log.warn(m));
  const browser = await replayEpisodes(chains, { ...run, ...masked, hooks, stop: signal }, { onEpisode }, log);
  return { results, problems: data.problems, browser, out: run.out };
}
