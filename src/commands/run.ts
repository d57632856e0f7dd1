import { terminalSafe } from '../terminal-safe.js';
import { lockOut, OutLocked } from '../results/out-lock.js';
import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';
import { BrowserNotFound } from '../replay/browser.js';
import { replayEpisodes, type BrowserInfo, type RunOptions } from '../replay/run.js';
import { DEFAULT_REPLAY_OPTIONS } from '../replay/replay-defaults.js';
import { finalizeReports } from '../report/finalize.js';
import { Progress } from '../report/progress.js';
import type { EpisodeResult } from '../ir/results.js';
import { formatShard } from '../replay/shard.js';
import { paramsFrom, runOptionsFrom, selectionFrom } from '../api/run-options.js';
import type { ReplaywrightConfig } from '../config/define-config.js';
import type { ParamSet } from '../config/params.js';
import { redactEndpoint, startEarlyBrowser, type EarlyBrowser } from '../replay/workers.js';
import { networkSealed } from '../replay/sandbox/webrtc.js';
import type { RunSummary } from '../ir/results.js';
import { ResultsWriter, writeSummary } from '../results/writer.js';
import { saveCalibration, withNoiseMasks } from '../replay/noise-masks-file.js';
import { folderBytes, formatBytes } from '../report/disk-usage.js';
import { episodeLine, summaryLines } from '../report/terminal-summary.js';
import { Redactor } from '../secrets.js';
import { DatasetFeed } from './dataset-feed.js';
import { onInterrupt } from './interrupt.js';
import { errorLine } from '../error-line.js';

export interface RunArgs {
  /**
   * The run's options under their config names (`mapUrl`, `failOn`…): the config file's, with the
   * command line's flags over them. `runOptionsFrom` gives them the meaning `replay()` gives them.
   */
  config: ReplaywrightConfig & { dataset: string };
  /** Where `REPLAYWRIGHT_PARAM_*`/`REPLAYWRIGHT_SECRET_*` are read (the CLI: process.env). */
  env?: NodeJS.ProcessEnv;
  /** The params and secrets, when the caller gathered them already (the CLI does, for its logger's redactor). */
  given?: ParamSet;
  /** A browser the caller already started launching (the CLI does, before loading this module). */
  early?: EarlyBrowser;
}

export const defaultWorkers = (): number => Math.max(1, availableParallelism());

/** Exit codes: 0 all passed, 1 something failed, 2 nothing could be read (or no browser). */
export async function runCommand(args: RunArgs, log: Logger, printRaw: (line: string) => void = console.log): Promise<number> {
  const config = args.config;
  const caller = { env: args.env, cli: true };
  const given = args.given ?? paramsFrom(config, caller);
  const selection = selectionFrom(config);
  // Results, the summary and every printed line pass the redactor (the reports are built from them).
  const redactor = new Redactor(given.secrets);
  // …and every control character a dataset put in them is shown escaped, not sent to the terminal.
  const print = (line: string) => printRaw(terminalSafe(redactor.scrub(line)));
  for (const s of given.secrets) {
    if (s.value.length < 4)
      log.warn(
        `secret ${s.name} is ${s.value.length} characters long: every occurrence of those characters in the outputs is replaced by [secret:${s.name}]`,
      );
  }
  // The browser launches while the dataset is opened and its first episode decoded (threads launch their own).
  // A sealed run's browser gets the sealed launch flags (WebRTC UDP policy) like every other.
  const sealedNetwork = networkSealed({ replayMode: config.mode, offline: config.offline, har: config.har });
  const early =
    args.early ??
    (config.workerMode === 'threads'
      ? undefined
      : startEarlyBrowser({ headed: config.headed, slowMo: config.slowMo, connect: config.connect, ownSignals: true, sealedNetwork }));
  const feed = await DatasetFeed.open({ dataset: config.dataset, ...selection, ...given }, redactor, log);
  if (!feed) {
    await early?.discard();
    return 2;
  }
  const data = feed.data;
  let options: RunOptions;
  try {
    const run = runOptionsFrom(config, data.root, caller, given).options;
    options = { ...run, ...withNoiseMasks(run, DEFAULT_REPLAY_OPTIONS.compare, data.root, (m) => log.warn(m)) };
  } catch (error) {
    await early?.discard();
    throw error;
  }

  const out = options.out;
  // One run per results folder at a time: a second one refuses (exit 2), naming the holder.
  let unlock: () => void;
  try {
    unlock = lockOut(out);
  } catch (error) {
    if (!(error instanceof OutLocked)) {
      await early?.discard();
      throw error;
    }
    log.error(terminalSafe(error.message));
    // The browser launched ahead would keep this process alive: close it before refusing.
    await early?.discard();
    return 2;
  }
  const writer = new ResultsWriter(out, { resume: selection.resume, warn: (m) => log.warn(m) });
  // A bar on a TTY, periodic lines otherwise; episode lines print through it so they never land inside the bar.
  const progress = new Progress();
  progress.start(0);
  const show = (r: EpisodeResult) => progress.interrupt(() => print(episodeLine(r)));

  const workers = options.workers!;
  let browser: BrowserInfo | undefined;
  // SIGINT/SIGTERM: stop, keep what finished (an episode cut off is left out), still write every report.
  const interrupt = onInterrupt((m) => log.warn(m));
  let replayed = 0;
  try {
    browser = await replayEpisodes(
      feed.chains({ writer, progress, show }),
      { ...options, stop: interrupt.signal, early },
      {
        onEpisode: (raw) => {
          if (interrupt.signal.aborted) return;
          replayed++;
          const r = redactor.scrubDeep(raw);
          writer.add(r);
          progress.episodeDone(r);
          show(r);
        },
      },
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
    if (config.connect) {
      log.error(`cannot connect to ${redactEndpoint(config.connect)}: ${errorLine(error)}`);
      return 2;
    }
    throw error;
  }
  const summary: RunSummary = writer.finish({
    dataset: config.dataset,
    problems: feed.problems(),
    browser,
    workers: Math.min(workers, Math.max(1, feed.chainCount)),
    shard: selection.shard ? formatShard(selection.shard) : undefined,
    ...(interrupt.received ? { interrupted: interrupt.received } : {}),
  });
  if (options.compare.calibrateIntervalMs !== undefined) {
    const saved = saveCalibration(data.root, out, feed.queuedIds, (m) => log.warn(m));
    if (saved.refused) log.warn(`calibrated masks not saved: ${saved.refused}`);
    else print(`calibrated ${saved.episodes} episodes: masks saved to ${saved.file} (later runs apply them)`);
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
    const rest = feed.readToEnd ? '' : ', and the rest of the dataset was not read';
    print(
      `interrupted by ${interrupt.received}: ${feed.toReplay - replayed} episodes read but not replayed${rest} (run again with --resume to replay them)`,
    );
  }
  unlock();
  return interrupt.exitCode() ?? summary.exitCode;
}
