import {
  appendFileSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import {
  passedUnverified,
  unverifiedSteps,
  type EpisodeResult,
  type EpisodeStatus,
  type Reason,
  type RunSummary,
  type StepStatus,
} from '../ir/results.js';
import { FormatTally } from './format-figures.js';

/** Extra summary fields a scaled run adds (additive: older readers ignore them). */
export interface ScaleSummaryFields {
  /** `--shard i/n` this run replayed. */
  shard?: string;
  /** Replay workers (browsers) used. */
  workers?: number;
  /** Episodes carried over from an earlier run by `--resume`. */
  resumed?: number;
  /** The output folders `replaywright merge` combined. */
  mergedFrom?: string[];
  /** Bytes the output folder holds at the end of the run (results, artifacts, traces, reports). */
  diskBytes?: number;
  /** The signal (SIGINT/SIGTERM) that stopped the run: the episodes it had not finished are not in it. */
  interrupted?: string;
}

export type ScaledRunSummary = RunSummary & ScaleSummaryFields;

/** Running totals over episode results: what summary.json counts. */
export class Tally {
  readonly episodes: Record<EpisodeStatus, number> = { passed: 0, failed: 0, error: 0 };
  readonly steps: Record<StepStatus, number> = { passed: 0, failed: 0, skipped: 0, 'needs-input': 0 };
  readonly reasons: Partial<Record<Reason, number>> = {};
  readonly resolvedBy: Record<string, number> = {};
  readonly formats = new FormatTally();
  passedUnverified = 0;
  passedWithUnverifiedSteps = 0;

  add(result: EpisodeResult): void {
    this.episodes[result.status] += 1;
    if (passedUnverified(result)) this.passedUnverified += 1;
    if (result.status === 'passed' && unverifiedSteps({ steps: result.steps ?? [] }).length) this.passedWithUnverifiedSteps += 1;
    this.formats.add(result);
    if (result.reason) this.reasons[result.reason] = (this.reasons[result.reason] ?? 0) + 1;
    for (const s of result.steps ?? []) {
      this.steps[s.status] = (this.steps[s.status] ?? 0) + 1;
      if (s.resolvedBy) this.resolvedBy[s.resolvedBy] = (this.resolvedBy[s.resolvedBy] ?? 0) + 1;
    }
  }

  get total(): number {
    return this.episodes.passed + this.episodes.failed + this.episodes.error;
  }

  /** 0 when every episode passed, 1 when any failed or errored (or none ran). */
  exitCode(): number {
    return this.total > 0 && this.episodes.passed === this.total ? 0 : 1;
  }

  summary(
    fields: Omit<RunSummary, 'episodes' | 'steps' | 'reasons' | 'resolvedBy' | 'exitCode' | 'formats'> & ScaleSummaryFields,
  ): ScaledRunSummary {
    const formats = this.formats.figures();
    return {
      ...fields,
      ...(formats ? { formats } : {}),
      episodes: {
        total: this.total,
        ...this.episodes,
        passedUnverified: this.passedUnverified,
        passedWithUnverifiedSteps: this.passedWithUnverifiedSteps,
      },
      steps: { total: Object.values(this.steps).reduce((a, b) => a + b, 0), ...this.steps },
      reasons: this.reasons,
      resolvedBy: this.resolvedBy,
      exitCode: this.exitCode(),
    };
  }
}

/** A line of a results file that could not be used, and why. */
export interface DroppedLine {
  line: number;
  why: string;
}

/**
 * Calls `each` for every line of a file, read in chunks (a results file can be far larger than
 * memory should hold). `terminated` is false only for a last line with no newline after it.
 */
function forEachLine(file: string, each: (text: string, line: number, terminated: boolean) => void): void {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(1 << 20);
    let pending: Buffer[] = [];
    let line = 0;
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      let start = 0;
      for (let nl = buf.indexOf(10, start); nl !== -1 && nl < n; nl = buf.indexOf(10, start)) {
        pending.push(buf.subarray(start, nl));
        each(Buffer.concat(pending).toString('utf8'), ++line, true);
        pending = [];
        start = nl + 1;
      }
      if (start < n) pending.push(Buffer.from(buf.subarray(start, n)));
    }
    const rest = Buffer.concat(pending);
    if (rest.length > 0) each(rest.toString('utf8'), ++line, false);
  } finally {
    closeSync(fd);
  }
}

/** Whether a parsed line is an episode result (the fields every consumer relies on). */
function isResult(value: unknown): value is EpisodeResult {
  const v = value as Partial<EpisodeResult> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.episode === 'string' &&
    (v.status === 'passed' || v.status === 'failed' || v.status === 'error')
  );
}

/**
 * Reads a results.jsonl tolerantly: every complete, valid line is passed to `each` with its
 * text; a last line cut off by a kill (no trailing newline, or not JSON) and any other unusable
 * line are reported in the returned list instead.
 */
export function readResultLines(file: string, each: (result: EpisodeResult, text: string, line: number) => void): DroppedLine[] {
  const dropped: DroppedLine[] = [];
  forEachLine(file, (text, line, terminated) => {
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      dropped.push({ line, why: terminated ? 'not valid JSON' : 'cut off (no newline at the end: the run was killed while writing it)' });
      return;
    }
    if (!terminated) {
      dropped.push({ line, why: 'cut off (no newline at the end: the run was killed while writing it)' });
      return;
    }
    if (!isResult(value)) {
      dropped.push({ line, why: 'not an episode result (no "episode" or "status")' });
      return;
    }
    each(value, text, line);
  });
  return dropped;
}

export interface ResultsWriterOptions {
  /**
   * Keep the episodes `<out>/results.jsonl` already has (see `has`) instead of starting it
   * fresh. `browser-crashed` errors are not kept: they say nothing about the episode, so a
   * resumed run replays them again.
   */
  resume?: boolean;
  /** Told about every line a resume had to drop. */
  warn?: (message: string) => void;
}

/**
 * The single writer of `<out>/results.jsonl`: each episode is appended the moment it finishes as
 * one complete line in one write, then fsync'd, so a run killed at any point (even SIGKILL) keeps
 * every episode that finished and loses at most the ones in flight. `<out>/summary.json` is
 * written at the end. All workers report here (one process, one writer): lines never interleave.
 */
export class ResultsWriter {
  readonly resultsFile: string;
  readonly summaryFile: string;
  /** Episodes carried over by `resume`. */
  readonly resumed: number;
  private readonly tally = new Tally();
  private readonly done = new Set<string>();
  /** What --resume carried over from an earlier run (not what this run added). */
  private readonly carried = new Set<string>();
  private readonly startedAt = new Date();
  private fd: number | undefined;

  constructor(
    readonly out: string,
    options: ResultsWriterOptions = {},
  ) {
    mkdirSync(out, { recursive: true });
    this.resultsFile = join(out, 'results.jsonl');
    this.summaryFile = join(out, 'summary.json');
    this.resumed = options.resume && existsSync(this.resultsFile) ? this.carryOver(options.warn ?? (() => undefined)) : 0;
    if (!options.resume || !existsSync(this.resultsFile)) writeFileSync(this.resultsFile, '');
    this.fd = openSync(this.resultsFile, 'a');
  }

  /**
   * Keeps the usable lines of the existing file (the last one per episode), and rewrites the
   * file without the others, atomically (temp file, fsync, rename), so the lines this run
   * appends never follow a half-written one. Two passes over the file, so only the ids are held
   * in memory, never the lines.
   */
  private carryOver(warn: (message: string) => void): number {
    const keptLine = new Map<string, number>();
    let rewrite = false;
    const dropped = readResultLines(this.resultsFile, (result, _text, line) => {
      if (keptLine.has(result.episode)) rewrite = true; // a duplicate: the last line wins
      if (result.reason === 'browser-crashed') {
        keptLine.delete(result.episode);
        rewrite = true;
      } else keptLine.set(result.episode, line);
    });
    for (const d of dropped) warn(`${this.resultsFile}:${d.line}: dropped: ${d.why}; that episode is replayed again`);
    rewrite ||= dropped.length > 0;
    const tmp = `${this.resultsFile}.tmp-${process.pid}`;
    const fd = rewrite ? openSync(tmp, 'w') : undefined;
    try {
      readResultLines(this.resultsFile, (result, text, line) => {
        if (keptLine.get(result.episode) !== line) return;
        if (fd !== undefined) writeSync(fd, text + '\n');
        this.done.add(result.episode);
        this.carried.add(result.episode);
        this.tally.add(result);
      });
      if (fd !== undefined) fsyncSync(fd);
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    if (fd !== undefined) renameSync(tmp, this.resultsFile);
    return keptLine.size;
  }

  /** Whether the results file already has this episode (a `resume` carried it over, or it was added). */
  has(episodeId: string): boolean {
    return this.done.has(episodeId);
  }

  /**
   * Whether `--resume` carried this episode over from an earlier run, so it is not replayed. Not
   * `has`: two files of one dataset may both hold an episode of the same id, and each is replayed.
   */
  carriedOver(episodeId: string): boolean {
    return this.carried.has(episodeId);
  }

  add(result: EpisodeResult): void {
    if (this.fd === undefined) throw new Error('ResultsWriter: add() after finish()');
    appendFileSync(this.fd, JSON.stringify(result) + '\n');
    fsyncSync(this.fd);
    this.done.add(result.episode);
    this.tally.add(result);
  }

  get counts(): Readonly<Record<EpisodeStatus, number>> {
    return this.tally.episodes;
  }

  /** 0 when every episode passed, 1 when any failed or errored (or none ran). */
  exitCode(): number {
    return this.tally.exitCode();
  }

  /** Writes summary.json over every episode in the results file (carried over and new). */
  finish(extra: Pick<RunSummary, 'dataset' | 'problems'> & Partial<Pick<RunSummary, 'browser'>> & ScaleSummaryFields): ScaledRunSummary {
    this.close();
    const finishedAt = new Date();
    const summary = this.tally.summary({
      ...extra,
      out: this.out,
      startedAt: this.startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt.getTime() - this.startedAt.getTime(),
      ...(this.resumed ? { resumed: this.resumed } : {}),
    });
    writeSummary(this.summaryFile, summary);
    return summary;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Key order as before (dataset, out, times, browser, totals…), scale fields at the end. */
export function writeSummary(file: string, s: ScaledRunSummary): void {
  const order = [
    'dataset',
    'out',
    'startedAt',
    'finishedAt',
    'durationMs',
    'browser',
    'episodes',
    'steps',
    'reasons',
    'resolvedBy',
    'problems',
    'exitCode',
  ];
  const ordered: Record<string, unknown> = {};
  for (const k of order) ordered[k] = (s as unknown as Record<string, unknown>)[k];
  Object.assign(ordered, s);
  writeFileSync(file, JSON.stringify(ordered, null, 2) + '\n');
}
