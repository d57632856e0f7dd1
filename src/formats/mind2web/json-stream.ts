import { createReadStream } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { basename } from 'node:path';
import type { DecodeOptions } from '../format.js';
import type { FieldIssue } from '../field-issue.js';
import { joinField } from '../field-issue.js';
import { parseJsonLine } from '../json-line.js';
import { firstBadUtf8Byte, readLines } from '../jsonl-lines.js';

/**
 * V8's longest string (Node ≥ 20, 64-bit): a record longer than this in bytes may not become
 * one string, so it is reported instead of crashing the decoder with ERR_STRING_TOO_LONG.
 */
export const MAX_RECORD_BYTES = 0x1fffffe8;

/** One top-level record of a JSON file, or a problem of the file as a whole. */
export type JsonRecord =
  | {
      kind: 'value';
      /** 0-based position in the file (in the top-level array, or among top-level values). */
      index: number;
      /** `[index]` for an element of a top-level array; absent for a top-level value. */
      record?: string;
      /** 1-based line the record starts on. */
      line: number;
      value: unknown;
      /** Record-independent findings (bad UTF-8), to be reported with the record's own problems. */
      issues: FieldIssue[];
    }
  | {
      kind: 'bad';
      index: number;
      record?: string;
      line: number;
      /** The line the parser stopped at, when it said where. */
      errorLine?: number;
      message: string;
      issues: FieldIssue[];
      /** The record's raw text (empty when it was too long to keep), to recover its id. */
      text: string;
    }
  | { kind: 'problem'; line?: number; message: string };

/** Decode options of the JSON formats here; `stream` tunes the reader (tests, huge records). */
export interface Mind2WebDecodeOptions extends DecodeOptions {
  stream?: JsonStreamOptions;
}

export interface JsonStreamOptions {
  /** Records longer than this (bytes) are skipped with a problem. Default MAX_RECORD_BYTES. */
  maxRecordBytes?: number;
  /** Read size; default 1 MiB. */
  chunkBytes?: number;
}

const QUOTE = 0x22, BACKSLASH = 0x5c, COMMA = 0x2c, NL = 0x0a;
const OPEN_OBJ = 0x7b, CLOSE_OBJ = 0x7d, OPEN_ARR = 0x5b, CLOSE_ARR = 0x5d;

/**
 * Streams the records of a JSON file one at a time: the elements of a top-level array (a
 * Mind2Web shard), or the top-level values of a file holding one object or several in a row.
 *
 * Mind2Web train shards are 0.5–0.65 GB, beyond V8's longest string, so the file is never read
 * into one string: the bytes are scanned (strings and escapes tracked, brackets counted) to find
 * where each element ends, and only that element becomes text and goes through the native
 * `JSON.parse`. Memory is one record plus one read chunk. A record that is not valid JSON but
 * whose brackets balance (a missing comma, NaN, a stray character) costs only that record;
 * every later record still decodes.
 */
export async function* readJsonRecords(file: string, options: JsonStreamOptions = {}): AsyncGenerator<JsonRecord> {
  const max = options.maxRecordBytes ?? MAX_RECORD_BYTES;
  const stream = createReadStream(file, { highWaterMark: options.chunkBytes ?? 1 << 20 });

  let layout: 'unknown' | 'array' | 'values' = 'unknown';
  let line = 1;
  let firstChunk = true;
  // Top-level array state.
  let arrayClosed = false;
  let expectValue = true;
  let commaLine = 0;
  let garbageReported = false;
  // The record being read.
  let inValue = false;
  let scalar = false;
  let depth = 0;
  let inString = false;
  let escape = false;
  let pieces: Buffer[] = [];
  let kept = 0;
  let total = 0;
  let dropped = false;
  let startLine = 0;
  let index = 0;

  const append = (piece: Buffer) => {
    total += piece.length;
    if (dropped) return;
    if (kept + piece.length > max) {
      pieces = [];
      dropped = true;
      return;
    }
    pieces.push(piece);
    kept += piece.length;
  };

  /** The record read so far, parsed; `unterminated` says why the file ended inside it. */
  const finish = (unterminated?: string): JsonRecord => {
    inValue = false;
    const at = { index, line: startLine, ...(layout === 'array' ? { record: joinField(undefined, index) } : {}) };
    index++;
    const buffers = pieces;
    const size = kept;
    const wasDropped = dropped;
    pieces = [];
    kept = 0;
    dropped = false;
    if (wasDropped) {
      return { kind: 'bad', ...at, message: `this record is ${total} bytes, more than the ${max} one record may have (the longest string V8 can parse); skipped`, issues: [], text: '' };
    }
    const bytes = buffers.length === 1 ? buffers[0]! : Buffer.concat(buffers, size);
    const issues: FieldIssue[] = [];
    if (!isUtf8(bytes)) {
      issues.push({
        message: `not valid UTF-8 (first bad byte at offset ${firstBadUtf8Byte(bytes)} of the record); bad bytes were read as U+FFFD, so text from this record may differ from the recording`,
        severity: 'warning',
      });
    }
    let text: string;
    try {
      text = bytes.toString('utf8');
    } catch (e) {
      return { kind: 'bad', ...at, message: `cannot read this record as text: ${(e as Error).message}`, issues, text: '' };
    }
    if (unterminated !== undefined) return { kind: 'bad', ...at, message: unterminated, issues, text };
    try {
      return { kind: 'value', ...at, value: JSON.parse(text), issues };
    } catch (e) {
      const message = (e as Error).message;
      const position = /at position (\d+)/.exec(message)?.[1];
      const bad: JsonRecord = { kind: 'bad', ...at, message: `invalid JSON: ${message}`, issues, text };
      if (position !== undefined) bad.errorLine = startLine + countNewlines(text, Number(position));
      return bad;
    }
  };

  for await (const raw of stream) {
    let chunk = raw as Buffer;
    if (firstChunk) {
      firstChunk = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    }
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      if (inString) {
        // Strings are nearly all of a shard (raw_html): jump from quote to quote natively.
        // Raw newlines cannot be inside a JSON string, so no line is lost by not looking.
        if (escape) {
          escape = false;
          continue; // this byte is the escaped one
        }
        const end = closingQuote(chunk, i);
        if (end < 0) {
          escape = end === ESCAPE_PENDING;
          break;
        }
        i = end;
        inString = false;
        if (depth === 0) {
          append(chunk.subarray(start, i + 1));
          yield finish();
        }
        continue;
      }
      const b = chunk[i]!;
      if (b === NL) line++;
      if (inValue) {
        if (scalar) {
          if (isWhitespace(b) || b === COMMA || b === CLOSE_ARR || b === CLOSE_OBJ || b === OPEN_ARR || b === OPEN_OBJ || b === QUOTE) {
            append(chunk.subarray(start, i));
            yield finish();
            if (b === NL) line--;
            i--; // this byte belongs to what follows the scalar
          }
          continue;
        }
        if (b === QUOTE) inString = true;
        else if (b === OPEN_OBJ || b === OPEN_ARR) depth++;
        else if (b === CLOSE_OBJ || b === CLOSE_ARR) {
          depth--;
          if (depth === 0) {
            append(chunk.subarray(start, i + 1));
            yield finish();
          }
        }
        continue;
      }

      // Between records.
      if (isWhitespace(b)) continue;
      if (layout === 'unknown') {
        if (b === OPEN_ARR) {
          layout = 'array';
          continue;
        }
        layout = 'values';
      }
      if (layout === 'array') {
        if (arrayClosed) {
          if (!garbageReported) yield { kind: 'problem', line, message: 'text after the closing "]" of the array is ignored' };
          garbageReported = true;
          continue;
        }
        if (b === COMMA) {
          if (expectValue) yield { kind: 'problem', line, message: `unexpected "," before record [${index}]` };
          expectValue = true;
          commaLine = line;
          continue;
        }
        if (b === CLOSE_ARR) {
          if (expectValue && index > 0) yield { kind: 'problem', line: commaLine, message: `a "," after the last record [${index - 1}] (not JSON)` };
          arrayClosed = true;
          continue;
        }
        if (!expectValue) yield { kind: 'problem', line, message: `missing "," between records [${index - 1}] and [${index}]` };
        expectValue = false;
      }
      // A record starts here.
      inValue = true;
      startLine = line;
      start = i;
      total = 0;
      depth = 0;
      escape = false;
      inString = b === QUOTE;
      scalar = !inString && b !== OPEN_OBJ && b !== OPEN_ARR;
      if (!scalar && !inString) depth = 1;
    }
    if (inValue) append(chunk.subarray(start));
  }

  if (inValue) {
    if (scalar) yield finish();
    else yield finish(`the file ends inside this record (${inString ? 'in a string' : `${depth} bracket${depth === 1 ? '' : 's'} not closed`}): truncated?`);
  }
  if (layout === 'unknown') yield { kind: 'problem', message: 'the file is empty: expected a JSON array or object' };
  else if (layout === 'array' && !arrayClosed) yield { kind: 'problem', line, message: 'the top-level array is not closed with "]": truncated?' };
}

const NOT_FOUND = -1;
const ESCAPE_PENDING = -2;

/**
 * Where the string that `chunk[from]` is inside closes (the index of its unescaped `"`), or,
 * when it does not close in this chunk, NOT_FOUND or ESCAPE_PENDING (the chunk ends in the
 * middle of an escape, so the next chunk's first byte is escaped). `from` never follows an
 * unfinished run of backslashes: it is just after the opening quote or an escape.
 */
function closingQuote(chunk: Buffer, from: number): number {
  for (let q = chunk.indexOf(QUOTE, from); q !== -1; q = chunk.indexOf(QUOTE, q + 1)) {
    let run = 0;
    for (let k = q - 1; k >= from && chunk[k] === BACKSLASH; k--) run++;
    if (run % 2 === 0) return q;
    from = q + 1; // an escaped quote also ends the run of backslashes before it
  }
  let run = 0;
  for (let k = chunk.length - 1; k >= from && chunk[k] === BACKSLASH; k--) run++;
  return run % 2 === 1 ? ESCAPE_PENDING : NOT_FOUND;
}

function isWhitespace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

function countNewlines(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * The records of a dataset file: JSON Lines (`.jsonl`, one record per line, each line on its
 * own so a broken line never hides the next) or JSON (`readJsonRecords`). Both come out as
 * JsonRecords, so a decoder handles a Hugging Face JSONL export and a JSON shard alike.
 */
export async function* readRecords(file: string, options: JsonStreamOptions = {}): AsyncGenerator<JsonRecord> {
  if (!/\.jsonl$/i.test(file)) {
    yield* readJsonRecords(file, options);
    return;
  }
  let index = 0;
  for await (const source of readLines(file)) {
    if (source.text.trim() === '') continue;
    const parsed = parseJsonLine(source);
    if (parsed.error !== undefined) yield { kind: 'bad', index: index++, line: parsed.line, message: parsed.error, issues: parsed.issues, text: parsed.text ?? '' };
    else yield { kind: 'value', index: index++, line: parsed.line, value: parsed.value, issues: parsed.issues };
  }
}

/** A name for a record whose own id is unreadable: `train_0.json[3]`, `rows.jsonl:7`. */
export function recordName(file: string, rec: { record?: string; line: number }): string {
  return `${basename(file)}${rec.record ?? `:${rec.line}`}`;
}

/**
 * The value of `"key": "…"` (or a number) in a record's raw text: how a record that is not
 * valid JSON is still charged to its episode. The first occurrence wins, so `key` must be a
 * key that comes before (or only at) the record's top level.
 */
export function recoverKey(text: string, key: string): string | undefined {
  const m = new RegExp(`"${key}"\\s*:\\s*("(?:[^"\\\\]|\\\\.){1,500}"|-?\\d{1,30})\\s*[,}]`).exec(text);
  if (!m) return undefined;
  try {
    const v: unknown = JSON.parse(m[1]!);
    const s = String(v);
    return s === '' ? undefined : s;
  } catch {
    return undefined;
  }
}
