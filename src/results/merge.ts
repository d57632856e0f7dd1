import { closeSync, cpSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { episodeDir } from './episode-files.js';
import { readResultLines, Tally, writeSummary, type ScaledRunSummary } from './writer.js';

export interface MergeOptions {
  /** Copy each kept episode's artefacts (`episodes/<id>/`) into the merged folder (default true). */
  copyArtifacts?: boolean;
  warn?: (message: string) => void;
}

export interface MergeOutcome {
  summary: ScaledRunSummary;
  resultsFile: string;
  /** Episode ids found in more than one line (across or within inputs). */
  duplicates: number;
}

export class MergeInputError extends Error {}

/**
 * Combines the results of several runs (shards, or a run and its re-runs) into one folder.
 *
 * - One line per episode id. When an episode appears more than once, the **last** one wins:
 *   inputs are read in the order given, each file top to bottom, so a re-run passed after the
 *   original replaces it. The merged file lists episodes in that order too.
 * - Each kept episode's artefact folder is copied along, so the `final`/`downloads`/… paths in
 *   its line (relative to the output folder) still resolve in the merged folder.
 * - summary.json is recomputed from the merged lines: totals, reasons, exit code; `startedAt` /
 *   `finishedAt` span the inputs, `problems` is the union of theirs, `mergedFrom` lists them.
 * - A truncated last line in an input (a killed run) is dropped with a warning.
 *
 * `out` may be one of the inputs: everything is read before the merged file replaces it.
 */
export function mergeResults(inputs: readonly string[], out: string, options: MergeOptions = {}): MergeOutcome {
  const warn = options.warn ?? (() => undefined);
  const dirs = inputs.map((d) => resolve(d));
  const target = resolve(out);
  for (const dir of dirs) {
    if (!existsSync(join(dir, 'results.jsonl')))
      throw new MergeInputError(`${dir}: no results.jsonl (is it a \`replaywright run --out\` folder?)`);
  }

  // Pass 1: which (input, line) holds the winning line of each episode.
  const winner = new Map<string, { input: number; line: number }>();
  let lines = 0;
  dirs.forEach((dir, input) => {
    const dropped = readResultLines(join(dir, 'results.jsonl'), (result, _text, line) => {
      lines += 1;
      winner.delete(result.episode); // re-insert: the merged order follows the last occurrence
      winner.set(result.episode, { input, line });
    });
    for (const d of dropped) warn(`${join(dir, 'results.jsonl')}:${d.line}: dropped: ${d.why}`);
  });
  const duplicates = lines - winner.size;
  if (duplicates > 0) warn(`${duplicates} episode lines were superseded by a later line for the same episode (last wins)`);

  // Pass 2: write the winners, copy their artefacts, count them.
  mkdirSync(target, { recursive: true });
  const resultsFile = join(target, 'results.jsonl');
  const tmp = `${resultsFile}.merge-${process.pid}`;
  const tally = new Tally();
  const fd = openSync(tmp, 'w');
  try {
    dirs.forEach((dir, input) => {
      readResultLines(join(dir, 'results.jsonl'), (result, text, line) => {
        const w = winner.get(result.episode);
        if (!w || w.input !== input || w.line !== line) return;
        writeSync(fd, text + '\n');
        tally.add(result);
        if (options.copyArtifacts !== false && dir !== target) copyEpisodeFolder(dir, target, result.episode);
      });
    });
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, resultsFile);

  const summaries = dirs.map((dir) => readSummary(join(dir, 'summary.json')));
  checkShards(summaries, warn);
  const known = summaries.filter((s): s is Partial<ScaledRunSummary> => s !== undefined);
  const times = (key: 'startedAt' | 'finishedAt') =>
    known
      .map((s) => s[key])
      .filter((t): t is string => typeof t === 'string')
      .sort();
  const now = new Date().toISOString();
  const startedAt = times('startedAt')[0] ?? now;
  const finishedAt = times('finishedAt').at(-1) ?? now;
  const datasets = [...new Set(known.map((s) => s.dataset).filter((d): d is string => typeof d === 'string'))];
  const summary = tally.summary({
    dataset: datasets.join(', '),
    out: target,
    startedAt,
    finishedAt,
    durationMs: Math.max(0, Date.parse(finishedAt) - Date.parse(startedAt)),
    browser: known.find((s) => s.browser)?.browser,
    problems: [...new Set(known.flatMap((s) => s.problems ?? []))],
    mergedFrom: dirs,
  });
  writeSummary(join(target, 'summary.json'), summary);
  return { summary, resultsFile, duplicates };
}

function copyEpisodeFolder(from: string, to: string, episode: string): void {
  const src = episodeDir(from, episode);
  if (!existsSync(src)) return;
  const dst = episodeDir(to, episode);
  rmSync(dst, { recursive: true, force: true });
  cpSync(src, dst, { recursive: true });
}

function readSummary(file: string): Partial<ScaledRunSummary> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<ScaledRunSummary>;
  } catch {
    return undefined;
  }
}

/** Warns when the inputs are shards of one split but some shard is missing. */
function checkShards(summaries: readonly (Partial<ScaledRunSummary> | undefined)[], warn: (message: string) => void): void {
  const shards = summaries
    .map((s) => (typeof s?.shard === 'string' ? /^(\d+)\/(\d+)$/.exec(s.shard) : null))
    .filter((m): m is RegExpExecArray => m !== null);
  const totals = new Set(shards.map((m) => m[2]));
  for (const total of totals) {
    const have = new Set(shards.filter((m) => m[2] === total).map((m) => Number(m[1])));
    const missing = Array.from({ length: Number(total) }, (_, i) => i + 1).filter((i) => !have.has(i));
    if (missing.length)
      warn(
        `shards ${missing.map((i) => `${i}/${total}`).join(', ')} are not among the inputs: the merged results cover only part of the dataset`,
      );
  }
}
