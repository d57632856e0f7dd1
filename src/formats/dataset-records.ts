import { basename } from 'node:path';
import type { FormatName, SourceRef } from '../ir/index.js';
import type { DecodeItem, RejectedEpisode } from './format.js';
import { isPlainObject } from './json-line.js';
import type { Problem } from '../ir/problem.js';
import { fileProblem, pinAt, rejected, sourceRef, type EpisodeResult } from './mind2web/episode.js';
import { readRecords, recordName, recoverKey, type JsonRecord, type JsonStreamOptions } from './mind2web/json-stream.js';
import type { RecordAt } from './mind2web/task.js';

/** One record of a JSON dataset file, with where it is, for its decoder to pin problems to. */
export interface DatasetRecord {
  rec: Exclude<JsonRecord, { kind: 'problem' }>;
  at: RecordAt;
  where: SourceRef;
  /** The record's name when its own id cannot be read. */
  fallback: string;
}

export interface RecordLoop {
  /** The resolved path of the file. */
  file: string;
  stream?: JsonStreamOptions | undefined;
  /** What a record decodes to goes here; it is yielded before the next record is read. */
  ready: DecodeItem[];
  /** Where problems of the file itself go; by default they are yielded at once. */
  holdProblem?: (problem: Problem) => void;
}

/**
 * The record loop the JSON dataset decoders (Mind2Web, MT-Mind2Web, baby-agi) share: reads
 * `file` record by record, yields a `record` item for each, hands it to `decode`, and yields
 * what `decode` put in `ready` before reading on, so episodes stream as they are decoded.
 * Returns why reading stopped early (missing, a folder, an I/O error), after yielding everything
 * ready: a problem for the caller to report, never a throw.
 */
export async function* eachRecord(loop: RecordLoop, decode: (r: DatasetRecord) => void): AsyncGenerator<DecodeItem, string | undefined> {
  const { file, ready } = loop;
  let readError: string | undefined;
  try {
    for await (const rec of readRecords(file, loop.stream)) {
      yield* ready.splice(0);
      if (rec.kind === 'problem') {
        const problem = fileProblem(file, rec);
        if (loop.holdProblem) loop.holdProblem(problem);
        else yield { kind: 'problem', problem };
        continue;
      }
      yield { kind: 'record' };
      const at: RecordAt = { file, line: rec.line, ...(rec.record !== undefined ? { record: rec.record } : {}) };
      decode({ rec, at, where: sourceRef(file, rec.line, rec.record), fallback: recordName(file, rec) });
    }
  } catch (e) {
    readError = (e as Error).message;
  }
  yield* ready.splice(0);
  return readError;
}

/** The problem for a file that could not be read (to the end). */
export function cannotRead(file: string, message: string): Problem {
  return { file, message: `cannot read the file: ${message}`, severity: 'error' };
}

/** An episode refused: its rejection and the problems that say why. */
export interface Refusal {
  rejected: RejectedEpisode;
  problems: Problem[];
}

/** Queues a decoded record's problems, then its episode or rejection. */
export function pushResult(ready: DecodeItem[], result: EpisodeResult): void {
  for (const problem of result.problems) ready.push({ kind: 'problem', problem });
  if (result.episode) ready.push({ kind: 'episode', episode: result.episode });
  if (result.rejected) ready.push({ kind: 'rejected', rejected: result.rejected });
}

/**
 * Refuses the episode `id` of record `r` for `message` (at `line`, default the record's first),
 * with the record's own findings (bad UTF-8) after it.
 */
export function refusal(format: FormatName, r: DatasetRecord, id: string, message: string, line = r.rec.line, field?: string): Refusal {
  const problems = [
    pinAt({ message, severity: 'error', ...(field ? { field } : {}) }, sourceRef(r.at.file, line, r.rec.record), id),
    ...r.rec.issues.map((i) => pinAt(i, r.where, id)),
  ];
  return { rejected: rejected(id, format, r.where, problems), problems };
}

/**
 * The record's object, or the refusal of a record that is not JSON (named by its `idKey` when
 * that can be read from the text) or not an object (`what` says what it should have been).
 */
export function recordObject(
  format: FormatName,
  r: DatasetRecord,
  idKey: string,
  what: string,
): { value: Record<string, unknown> } | { refused: Refusal } {
  if (r.rec.kind === 'bad')
    return { refused: refusal(format, r, recoverKey(r.rec.text, idKey) ?? r.fallback, r.rec.message, r.rec.errorLine) };
  if (!isPlainObject(r.rec.value)) return { refused: refusal(format, r, r.fallback, `expected ${what}, got ${jsonKind(r.rec.value)}`) };
  return { value: r.rec.value };
}

/** What a JSON value is, for "expected …, got …". */
export function jsonKind(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value;
}

/** `"<id>" is also the id of record [3]` (or `line 12`): the message for a repeated id. */
export function alsoTheIdOf(id: string, earlier: RecordAt): string {
  return `${JSON.stringify(id)} is also the id of ${earlier.record !== undefined ? `record ${earlier.record}` : `line ${earlier.line}`}`;
}

/**
 * Two episodes with one id cannot both be reported under it: the later one (its `result`) is
 * refused, with a problem on its id `field` naming where the id was first seen.
 */
export function duplicateRefusal(
  format: FormatName,
  field: string,
  id: string,
  earlier: RecordAt,
  where: SourceRef,
  result: EpisodeResult,
): Refusal {
  const own = duplicateId(id, where);
  const problems = [
    ...result.problems.map((p) => ({ ...p, episode: own })),
    pinAt({ field, message: alsoTheIdOf(id, earlier), severity: 'error' }, where, own),
  ];
  return { rejected: rejected(own, format, where, problems), problems };
}

/**
 * The id a refused duplicate is reported under. Never the id it repeats: wherever the last line
 * per episode wins (`merge`, `--resume`), its error line would replace the real episode's result.
 */
export function duplicateId(id: string, where: SourceRef): string {
  return `${id} (duplicate: ${[basename(where.file), where.line, where.record].filter((x) => x !== undefined && x !== '').join(':')})`;
}
