import { open, type FileHandle } from 'node:fs/promises';
import type { Problem } from '../../ir/problem.js';
import { isPlainObject, parseJsonLine } from '../json-line.js';
import { eachLineRange, sourceLine } from '../jsonl-lines.js';
import { kindOfLine, type JsonlKind } from './kind.js';
import { RowId } from './row.js';
import { leadingId, RowsFile } from './rows-file.js';
import type { DecodeItem } from '../format.js';
import { byLine } from './episodes.js';
import { DatasetFileResolver } from '../dataset-path.js';
import { RangeReader } from '../range-reader.js';

/**
 * Where the rows of each episode are, from a first read of the file: rows of one episode may be
 * anywhere in it (interleaved with others), so an episode is complete only once the whole file
 * has been seen. Holding decoded rows until then held the whole file (200 000 rows: 1.5 GB);
 * this holds three numbers a row, and the rows are read again, one episode at a time.
 */
export interface RowIndex {
  kind?: JsonlKind;
  /** Non-empty lines. */
  records: number;
  /** Per episode id, in order of first appearance: its lines as flat [number, start, end] triples. */
  episodes: Map<string, number[]>;
  /** Lines whose id cannot be read (their problems are the file's). */
  orphans: number[];
}

export async function indexRows(file: string): Promise<RowIndex> {
  const index: RowIndex = { records: 0, episodes: new Map(), orphans: [] };
  await eachLineRange(file, (raw, number, start) => {
    const bytes = number === 1 && raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? raw.subarray(3) : raw;
    if (isBlank(bytes)) return;
    index.records++;
    index.kind ??= kindOfLine(parseJsonLine(sourceLine(number, raw)).value);
    const id = rowId(bytes, number, raw);
    const where = id === undefined ? index.orphans : index.episodes.get(id);
    if (where) where.push(number, start, start + raw.length);
    else index.episodes.set(id!, [number, start, start + raw.length]);
  });
  return index;
}

/**
 * The rows of `index`'s episodes, each episode decoded and yielded as soon as its rows are read
 * back (problems last, in line order, like the whole-file decode: they are small).
 */
export async function* decodeIndexed(file: string, datasetRoot: string, index: RowIndex): AsyncGenerator<DecodeItem> {
  for (let i = 0; i < index.records; i++) yield { kind: 'record' };
  const problems: Problem[] = [];
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    const reader = new RangeReader(handle);
    const files = new DatasetFileResolver(datasetRoot);
    const groups: number[][] = [...index.episodes.values(), index.orphans];
    for (const lines of groups) {
      const rows = new RowsFile(file, datasetRoot, files);
      for (let k = 0; k < lines.length; k += 3) {
        // Decoded before the next read: the bytes are the reader's, valid until then.
        rows.add(parseJsonLine(sourceLine(lines[k]!, await reader.read(lines[k + 1]!, lines[k + 2]!))));
      }
      for (const part of rows.finish()) {
        problems.push(...part.problems);
        if (part.episode) yield { kind: 'episode', episode: part.episode };
        if (part.rejected) yield { kind: 'rejected', rejected: part.rejected };
      }
      problems.push(...rows.fileProblems);
    }
  } catch (e) {
    problems.push({ file, message: `cannot read the file a second time: ${(e as Error).message}`, severity: 'error' });
  } finally {
    await handle?.close();
  }
  for (const problem of byLine(problems)) yield { kind: 'problem', problem };
}

/** `text.trim() === ''` for a line's bytes, decoding only when a non-ASCII byte could be Unicode whitespace. */
function isBlank(bytes: Buffer): boolean {
  for (const b of bytes) {
    if (b === 0x20 || (b >= 0x09 && b <= 0x0d)) continue;
    return b >= 0x80 ? bytes.toString('utf8').trim() === '' : false;
  }
  return true;
}

/**
 * The episode a row belongs to: exactly the id `RowsFile.add` will file it under (the row's
 * `id`, or for a line that is not JSON its leading one), read from the line's first bytes when
 * that is certain (leadingPlainId), else by parsing the line.
 */
function rowId(bytes: Buffer, number: number, raw: Buffer): string | undefined {
  const leading = leadingPlainId(bytes);
  if (leading && bytes.indexOf(ID_KEY, leading.keyAt + ID_KEY.length) === -1) return leading.id;
  const line = parseJsonLine(sourceLine(number, raw));
  if (line.error !== undefined) return leadingId(line.text ?? '');
  if (!isPlainObject(line.value)) return undefined;
  const id = RowId.safeParse(line.value.id);
  return id.success ? String(id.data) : undefined;
}

const ID_KEY = Buffer.from('"id"');
const QUOTE = 0x22;

/**
 * rpaweb rows are written with `id` first: its value read from the bytes, with no string made of
 * the line, when it is a non-empty string of printable ASCII without escapes or an integer JSON
 * writes plainly. Anything else (and a line with a second `"id"`, checked by the caller: the last
 * one is JSON.parse's) is left to the full parse.
 */
function leadingPlainId(b: Buffer): { id: string; keyAt: number } | undefined {
  let i = skipSpace(b, 0);
  if (b[i] !== 0x7b) return undefined; // {
  const keyAt = skipSpace(b, i + 1);
  for (let k = 0; k < ID_KEY.length; k++) if (b[keyAt + k] !== ID_KEY[k]) return undefined;
  i = skipSpace(b, keyAt + ID_KEY.length);
  if (b[i] !== 0x3a) return undefined; // :
  i = skipSpace(b, i + 1);
  const start = i;
  let id: string;
  if (b[i] === QUOTE) {
    for (i++; i < b.length && b[i] !== QUOTE; i++) if (b[i]! < 0x20 || b[i]! > 0x7e || b[i] === 0x5c) return undefined;
    if (i >= b.length || i === start + 1) return undefined;
    id = b.toString('latin1', start + 1, i);
    i++;
  } else {
    if (b[i] === 0x2d) i++; // -
    const digits = i;
    while (b[i]! >= 0x30 && b[i]! <= 0x39) i++;
    // No digits, or a leading zero JSON does not allow: the parse says what is wrong.
    if (i === digits || (b[digits] === 0x30 && i > digits + 1)) return undefined;
    const value = Number(b.toString('latin1', start, i));
    if (!Number.isSafeInteger(value)) return undefined;
    id = String(value);
  }
  i = skipSpace(b, i);
  return b[i] === 0x2c || b[i] === 0x7d ? { id, keyAt } : undefined; // , or }
}

/** The index of the first byte at or after `i` that is not JSON white space. */
function skipSpace(b: Buffer, i: number): number {
  while (b[i] === 0x20 || b[i] === 0x0a || b[i] === 0x0d || b[i] === 0x09) i++;
  return i;
}
