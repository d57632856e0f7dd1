import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { loadDataset, type FormatChoice } from '../formats/load-dataset.js';
import { formatProblem } from '../formats/problem.js';
import { BrowserNotFound } from '../replay/browser.js';
import { replayEpisodes, type BrowserInfo } from '../replay/run.js';
import { DEFAULT_REPLAY_OPTIONS, type ReplayOptions } from '../replay/run-episode.js';
import { finalizeReports } from '../report/finalize.js';
import { Progress } from '../report/progress.js';
import type { EpisodeResult } from '../report/results.js';
import { chainRoots, formatShard, groupChains, inShard, type Shard } from '../replay/shard.js';
import { redactEndpoint, type WorkerMode } from '../replay/workers.js';
import { DEFAULT_THRESHOLDS } from '../compare/target-match.js';
import type { UrlMapping } from '../replay/url-map.js';
import { rejectedResult } from '../report/rejected.js';
import type { RunSummary } from '../report/results.js';
import { ResultsWriter, writeSummary } from '../report/results-writer.js';
import { folderBytes, formatBytes } from '../report/disk-usage.js';
import { episodeLine, summaryLines } from '../report/terminal-summary.js';
import { onInterrupt } from './interrupt.js';

export interface RunArgs {
  dataset: string;
  out: string;
  format: FormatChoice;
  episodes: string[];
  urlMappings: UrlMapping[];
  params: Record<string, string>;
  timeoutMs: number;
  headed: boolean;
  slowMo?: number;
  filesDir?: string;
  strict?: boolean;
  minScore?: number;
  finalTextMin?: number;
  /** Browsers replaying at once (default: the number of cores). */
  workers?: number;
  workerMode?: WorkerMode;
  /** Keep the episodes `<out>/results.jsonl` already has and replay only the rest. */
  resume?: boolean;
  /** Replay only this part of the dataset (split by a stable hash of the chain's first id). */
  shard?: Shard;
  /** Connect every worker to this Playwright browser server instead of launching Chromium. */
  connect?: string;
  /** Everything else a replay takes (mode, comparison, trace, step range, start URLs…). */
  replay?: Partial<ReplayOptions>;
}

export const defaultWorkers = (): number => Math.max(1, availableParallelism());

/** Exit codes: 0 all passed, 1 something failed, 2 nothing could be read (or no browser). */
export async function runCommand(args: RunArgs, log: Logger, print: (line: string) => void = console.log): Promise<number> {
  const data = await loadDataset(args.dataset, { format: args.format });
  for (const p of data.problems) log.warn(formatProblem(p));
  if (data.files.length === 0 || data.recordsRead === 0) {
    log.error(`nothing to replay in ${args.dataset}: ${data.files.length === 0 ? 'no dataset file found' : 'no record could be read'}`);
    return 2;
  }

  // Shard by chain (the first episode of a continues-chain), over every id the dataset has, so
  // the split is the same whichever --episode filter or machine is used.
  const roots = chainRoots([...data.episodes, ...data.rejected.map((r) => ({ id: r.id }))]);
  const mine = (id: string) => inShard(roots.get(id) ?? id, args.shard);
  const wanted = new Set(args.episodes);
  const pick = <T extends { id: string }>(xs: T[]) => xs.filter((x) => (wanted.size === 0 || wanted.has(x.id)) && mine(x.id));
  const episodes = pick(data.episodes);
  const rejected = pick(data.rejected);
  for (const id of wanted) {
    if (![...data.episodes, ...data.rejected].some((e) => e.id === id)) log.warn(`--episode ${id}: no such episode in ${args.dataset}`);
  }

  const out = resolve(args.out);
  const writer = new ResultsWriter(out, { resume: args.resume, warn: (m) => log.warn(m) });
  const todo = (e: { id: string }) => !writer.has(e.id);
  const chains = groupChains(episodes.filter(todo));
  const toReplay = chains.reduce((n, c) => n + c.length, 0);
  if (args.shard) log.info({ shard: formatShard(args.shard), episodes: episodes.length + rejected.length }, `shard ${formatShard(args.shard)}: ${episodes.length + rejected.length} episodes`);
  if (args.resume) log.info({ kept: writer.resumed, toReplay }, `resuming: ${writer.resumed} episodes already in ${writer.resultsFile}, ${toReplay} to replay`);

  for (const r of rejected.filter(todo)) {
    const result = rejectedResult(r);
    writer.add(result);
    print(episodeLine(result));
  }
  const workers = Math.max(1, Math.floor(args.workers ?? defaultWorkers()));
  // A bar on a TTY, periodic lines otherwise; episode lines print through it so they never land inside the bar.
  const progress = new Progress();
  progress.start(toReplay);
  const show = (r: EpisodeResult) => progress.interrupt(() => print(episodeLine(r)));
  let browser: BrowserInfo | undefined;
  // SIGINT/SIGTERM: stop, keep what finished (an episode cut off is left out), still write every report.
  const interrupt = onInterrupt((m) => log.warn(m));
  let replayed = 0;
  try {
    browser = await replayEpisodes(
      chains,
      { ...DEFAULT_REPLAY_OPTIONS, out, urlMappings: args.urlMappings, params: args.params, timeoutMs: args.timeoutMs, headed: args.headed, slowMo: args.slowMo, filesDir: args.filesDir ?? data.root,
        strict: args.strict, thresholds: { ...DEFAULT_THRESHOLDS, minScore: args.minScore ?? DEFAULT_THRESHOLDS.minScore }, finalTextMin: args.finalTextMin ?? DEFAULT_REPLAY_OPTIONS.finalTextMin,
        workers, mode: args.workerMode, connect: args.connect, stop: interrupt.signal, ownSignals: true, ...args.replay },
      { onEpisode: (r) => { if (interrupt.signal.aborted) return; replayed++; writer.add(r); progress.episodeDone(r); show(r); } },
      log,
    );
  } catch (error) {
    interrupt.dispose();
    progress.stop();
    writer.close();
    if (error instanceof BrowserNotFound) {
      log.error(error.message);
      return 2;
    }
    if (args.connect) {
      log.error(`cannot connect to ${redactEndpoint(args.connect)}: ${(error as Error).message.split('\n')[0]}`);
      return 2;
    }
    throw error;
  }
  const summary: RunSummary = writer.finish({
    dataset: args.dataset,
    problems: data.problems.map((p) => formatProblem(p)),
    browser,
    workers: Math.min(workers, Math.max(1, chains.length)),
    shard: args.shard ? formatShard(args.shard) : undefined,
    ...(interrupt.received ? { interrupted: interrupt.received } : {}),
  });
  const reports = await finalizeReports(out).catch((error: Error) => {
    log.warn(`reports not written: ${error.message}`);
    return undefined;
  });
  progress.stop();
  // Disk use once every report is written: summary.json gets it too (rewritten, same content plus diskBytes).
  const diskBytes = folderBytes(out);
  writeSummary(writer.summaryFile, { ...summary, diskBytes });
  for (const line of summaryLines(summary, writer.resultsFile)) print(line);
  if (reports) print(`report:  ${reports.html}\njunit:   ${reports.junit}`);
  print(`disk:    ${formatBytes(diskBytes)} in ${out}`);
  interrupt.dispose();
  if (interrupt.received) print(`interrupted by ${interrupt.received}: ${toReplay - replayed} episodes not replayed (run again with --resume to replay them)`);
  return interrupt.exitCode() ?? summary.exitCode;
}
