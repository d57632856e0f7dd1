import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { openDataset, type FormatChoice } from '../formats/load-dataset.js';
import { formatProblem } from '../ir/problem.js';
import { BrowserNotFound } from '../replay/browser.js';
import { replayEpisodes, type BrowserInfo } from '../replay/run.js';
import { DEFAULT_REPLAY_OPTIONS, type ReplayOptions } from '../replay/run-episode.js';
import { finalizeReports } from '../report/finalize.js';
import { Progress } from '../report/progress.js';
import type { EpisodeResult } from '../ir/results.js';
import { formatShard, inShard, type Shard } from '../replay/shard.js';
import { streamChains } from '../replay/chain-stream.js';
import { redactEndpoint, startEarlyBrowser, type EarlyBrowser, type WorkerMode } from '../replay/workers.js';
import { DEFAULT_THRESHOLDS } from '../compare/target-match.js';
import type { UrlMapping } from '../ir/url-map.js';
import { rejectedResult } from '../results/rejected.js';
import type { RunSummary } from '../ir/results.js';
import { ResultsWriter, writeSummary } from '../results/writer.js';
import { saveCalibration, withNoiseMasks } from '../replay/noise-masks-file.js';
import { folderBytes, formatBytes } from '../report/disk-usage.js';
import { episodeLine, summaryLines } from '../report/terminal-summary.js';
import { Redactor, type Secret } from '../secrets.js';
import { onInterrupt } from './interrupt.js';
import { episodeInputNames, unusedParamNames } from '../ir/inputs.js';

export interface RunArgs {
  dataset: string;
  out: string;
  format: FormatChoice;
  episodes: string[];
  urlMappings: UrlMapping[];
  params: Record<string, string>;
  /** Values typed like params and redacted from everything the run writes (`--secret`). */
  secrets?: Secret[];
  timeoutMs: number;
  headed: boolean;
  slowMo?: number;
  filesDir?: string;
  strict?: boolean;
  repair?: boolean;
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
  /** Format-specific decode options (BabyAGI's `imagesDir`). */
  decode?: Record<string, unknown>;
  /** Everything else a replay takes (mode, comparison, trace, step range, start URLs…). */
  replay?: Partial<ReplayOptions>;
  /** A browser the caller already started launching (the CLI does, before loading this module). */
  early?: EarlyBrowser;
}

export const defaultWorkers = (): number => Math.max(1, availableParallelism());

/** Exit codes: 0 all passed, 1 something failed, 2 nothing could be read (or no browser). */
export async function runCommand(args: RunArgs, log: Logger, printRaw: (line: string) => void = console.log): Promise<number> {
  // Results, the summary and every printed line pass the redactor (the reports are built from them).
  const redactor = new Redactor(args.secrets);
  const print = (line: string) => printRaw(redactor.scrub(line));
  for (const s of args.secrets ?? []) {
    if (s.value.length < 4) log.warn(`secret ${s.name} is ${s.value.length} characters long: every occurrence of those characters in the outputs is replaced by [secret:${s.name}]`);
  }
  // The browser launches while the dataset is opened and its first episode decoded (threads launch their own).
  const early = args.early ?? (args.workerMode === 'threads' ? undefined : startEarlyBrowser({ headed: args.headed, slowMo: args.slowMo, connect: args.connect, ownSignals: true }));
  const data = await openDataset(args.dataset, { format: args.format, decode: args.decode });
  let logged = 0;
  const logProblems = () => {
    for (; logged < data.problems.length; logged++) log.warn(redactor.scrub(formatProblem(data.problems[logged]!)));
  };
  // The dataset streams: episodes are decoded as workers take them, never all held at once.
  const items = data.items();
  const first = await items.next();
  logProblems();
  if (data.files.length === 0 || (first.done && data.recordsRead === 0)) {
    log.error(`nothing to replay in ${args.dataset}: ${data.files.length === 0 ? 'no dataset file found' : 'no record could be read'}`);
    await early?.discard();
    return 2;
  }

  const out = resolve(args.out);
  const writer = new ResultsWriter(out, { resume: args.resume, warn: (m) => log.warn(m) });
  // A bar on a TTY, periodic lines otherwise; episode lines print through it so they never land inside the bar.
  const progress = new Progress();
  progress.start(0);
  const show = (r: EpisodeResult) => progress.interrupt(() => print(episodeLine(r)));

  // Shard by chain (the first episode of a continues-chain), so the split is the same whichever
  // --episode filter or machine is used; --resume skips what results.jsonl already has.
  const wanted = new Set(args.episodes);
  const met = new Set<string>();
  let inShard_ = 0, toReplay = 0, chainCount = 0;
  /** Every episode handed to the workers (what --calibrate may have learned from). */
  const queuedIds: string[] = [];
  /** The param names the replayed episodes can use, to warn about a given one none can. */
  const askedParams = new Set<string>();
  /** Whether the dataset stream was read to its end (an interrupt stops reading it). */
  let datasetRead = false;
  const keep = (id: string, root: string) => {
    if (wanted.size > 0 && !wanted.has(id)) return false;
    met.add(id);
    if (!inShard(root, args.shard)) return false;
    inShard_++;
    return !writer.carriedOver(id);
  };
  async function* chains() {
    const all = (async function* () {
      if (!first.done) yield first.value;
      yield* items;
    })();
    for await (const chain of streamChains(all, { keep, onRejected: (r) => { const result = redactor.scrubDeep(rejectedResult(r)); writer.add(result); show(result); } })) {
      logProblems();
      chainCount++;
      queuedIds.push(...chain.map((e) => e.id));
      for (const e of chain) for (const n of episodeInputNames(e)) askedParams.add(n);
      toReplay += chain.length;
      progress.grow(chain.length);
      yield chain;
    }
    logProblems();
    progress.settle();
    datasetRead = true;
    for (const id of wanted) if (!met.has(id)) log.warn(`--episode ${id}: no such episode in ${args.dataset}`);
    const asked = [...askedParams];
    // Episodes carried over by --resume are not replayed, so what they ask for is not collected: no warning.
    if (writer.resumed === 0) for (const name of unusedParamNames(new Set([...Object.keys(args.params), ...(args.secrets ?? []).map((x) => x.name)]), asked)) {
      log.warn(`param ${name}: no replayed episode asks for it (${asked.length ? `they ask for ${asked.join(', ')}` : 'none asks for any'}); it was not used`);
    }
    if (args.shard) log.info({ shard: formatShard(args.shard), episodes: inShard_ }, `shard ${formatShard(args.shard)}: ${inShard_} episodes`);
    if (args.resume) log.info({ kept: writer.resumed, toReplay }, `resuming: ${writer.resumed} episodes already in ${writer.resultsFile}, ${toReplay} replayed`);
  }

  const replay = withNoiseMasks(args.replay, DEFAULT_REPLAY_OPTIONS.compare, data.root, (m) => log.warn(m));
  const workers = Math.max(1, Math.floor(args.workers ?? defaultWorkers()));
  let browser: BrowserInfo | undefined;
  // SIGINT/SIGTERM: stop, keep what finished (an episode cut off is left out), still write every report.
  const interrupt = onInterrupt((m) => log.warn(m));
  let replayed = 0;
  try {
    browser = await replayEpisodes(
      chains(),
      { ...DEFAULT_REPLAY_OPTIONS, out, urlMappings: args.urlMappings, params: args.params, secrets: args.secrets, timeoutMs: args.timeoutMs, headed: args.headed, slowMo: args.slowMo, filesDir: args.filesDir ?? data.root,
        strict: args.strict, repair: args.repair, thresholds: { ...DEFAULT_THRESHOLDS, minScore: args.minScore ?? DEFAULT_THRESHOLDS.minScore }, finalTextMin: args.finalTextMin ?? DEFAULT_REPLAY_OPTIONS.finalTextMin,
        workers, mode: args.workerMode, connect: args.connect, stop: interrupt.signal, ownSignals: true, early, ...replay },
      { onEpisode: (raw) => { if (interrupt.signal.aborted) return; replayed++; const r = redactor.scrubDeep(raw); writer.add(r); progress.episodeDone(r); show(r); } },
      log,
    );
  } catch (error) {
    await early?.discard();
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
    problems: data.problems.map((p) => redactor.scrub(formatProblem(p))),
    browser,
    workers: Math.min(workers, Math.max(1, chainCount)),
    shard: args.shard ? formatShard(args.shard) : undefined,
    ...(interrupt.received ? { interrupted: interrupt.received } : {}),
  });
  if (replay?.compare?.calibrateIntervalMs !== undefined) {
    const saved = saveCalibration(data.root, out, queuedIds, (m) => log.warn(m));
    print(`calibrated ${saved.episodes} episodes: masks saved to ${saved.file} (later runs apply them)`);
  }
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
  if (interrupt.received) {
    // The dataset streams: after an interrupt the part not yet read is not counted (reading it would delay the exit).
    const rest = datasetRead ? '' : ', and the rest of the dataset was not read';
    print(`interrupted by ${interrupt.received}: ${toReplay - replayed} episodes read but not replayed${rest} (run again with --resume to replay them)`);
  }
  return interrupt.exitCode() ?? summary.exitCode;
}
