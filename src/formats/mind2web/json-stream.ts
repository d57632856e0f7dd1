import { createReadStream } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { basename } from 'node:path';
import type { DecodeOptions } from '../format.js';
import type { FieldIssue } from '../field-issue.js';
import { joinField } from '../field-issue.js';
import { parseJsonLine } from '../json-line.js';
import { firstBadUtf8Byte, readLines } from '../jsonl-lines.js';
import { lineAt } from '../json-text.js';
import { utf8Text } from '../utf8-text.js';
import { LAZY_MIN_BYTES, parseWithLazyStrings } from './lazy-record.js';
import { plainEnd, wordsOf, type Words } from '../json-plain-bytes.js';
import { JoinedBytes } from '../joined-bytes.js';

/**
 * V8's longest string (Node ≥ 20, 64-bit): a record longer than this in bytes may not become
 * one string, so it is reported instead of crashing the decoder with ERR_STRING_TOO_LONG.
 */
const MAX_RECORD_BYTES = 0x1fffffe8;

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
  /** Read size; default 1 MiB (memory is one record plus what the stream reads ahead). */
  chunkBytes?: number;
  /**
   * Keys whose large string values (Mind2Web's raw_html, cleaned_html) are kept undecoded, as
   * `JsonStringBytes`, in well-formed records: most of a shard's bytes are such strings, and
   * decoding them is most of a decode's time and memory.
   */
  lazyKeys?: ReadonlySet<string>;
}

const BOM = [0xef, 0xbb, 0xbf];
const QUOTE = 0x22,
  BACKSLASH = 0x5c,
  COMMA = 0x2c,
  NL = 0x0a;
const OPEN_OBJ = 0x7b,
  CLOSE_OBJ = 0x7d,
  OPEN_ARR = 0x5b,
  CLOSE_ARR = 0x5d;

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
  const scan = new Scanner();
  const lazyKeys = options.lazyKeys;
  scan.lazy = lazyKeys !== undefined && lazyKeys.size > 0;
  let bom = 0;
  /** File offset (after any BOM) of the current chunk's start, and of the record's. */
  let offset = 0;
  let recordStart = 0;
  // The record being read: its bytes so far (subarrays of the read chunks).
  let pieces: Buffer[] = [];
  let kept = 0;
  let total = 0;
  let dropped = false;
  let startLine = 0;
  let index = -1;
  const joined = new JoinedBytes();

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
    const at = { index, line: startLine, ...(scan.layout === 'array' ? { record: joinField(undefined, index) } : {}) };
    const buffers = pieces;
    const size = kept;
    const wasDropped = dropped;
    pieces = [];
    kept = 0;
    dropped = false;
    if (wasDropped) {
      return {
        kind: 'bad',
        ...at,
        message: `this record is ${total} bytes, more than the ${max} one record may have (the longest string V8 can parse); skipped`,
        issues: [],
        text: '',
      };
    }
    const { bytes, reused } = joined.join(buffers, size);
    const issues: FieldIssue[] = [];
    if (!isUtf8(bytes)) {
      issues.push({
        message: `not valid UTF-8 (first bad byte at offset ${firstBadUtf8Byte(bytes)} of the record); bad bytes were read as U+FFFD, so text from this record may differ from the recording`,
        severity: 'warning',
      });
    }
    if (unterminated === undefined && lazyKeys && scan.big.length > 0 && !scan.suspect) {
      const lazy = parseWithLazyStrings(
        bytes,
        scan.big.map((x) => x - recordStart),
        lazyKeys,
        reused,
      );
      if (lazy) return { kind: 'value', ...at, value: lazy.value, issues };
    }
    let text: string;
    try {
      text = utf8Text(bytes);
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
      if (position !== undefined) bad.errorLine = startLine + lineAt(text, Number(position)) - 1;
      return bad;
    }
  };

  for await (const raw of stream) {
    let chunk = raw as Buffer;
    // A UTF-8 BOM (EF BB BF) is dropped, even when the first reads are shorter than it.
    while (bom < BOM.length && chunk.length > 0) {
      if (chunk[0] !== BOM[bom]) {
        bom = BOM.length;
        break;
      }
      chunk = chunk.subarray(1);
      bom++;
    }
    scan.pos = 0;
    scan.base = offset;
    offset += chunk.length;
    let from = scan.inValue ? 0 : -1;
    for (let event = scan.next(chunk); event; event = scan.next(chunk)) {
      if (event.kind === 'start') {
        from = event.at;
        recordStart = scan.base + event.at;
        startLine = event.line;
        total = 0;
        index++;
      } else if (event.kind === 'end') {
        append(chunk.subarray(from, event.at));
        from = -1;
        yield finish();
      } else {
        yield { kind: 'problem', line: event.line, message: event.message };
      }
    }
    if (scan.inValue && from >= 0) append(chunk.subarray(from));
  }

  if (scan.inValue) {
    if (scan.scalar) yield finish();
    else
      yield finish(
        `the file ends inside this record (${scan.inString ? 'in a string' : `${scan.depth} bracket${scan.depth === 1 ? '' : 's'} not closed`}): truncated?`,
      );
  }
  if (scan.layout === 'unknown') yield { kind: 'problem', message: 'the file is empty: expected a JSON array or object' };
  else if (scan.layout === 'array' && !scan.arrayClosed)
    yield { kind: 'problem', line: scan.line, message: 'the top-level array is not closed with "]": truncated?' };
}

type ScanEvent =
  /** A record starts at `chunk[at]`, on `line`. */
  | { kind: 'start'; at: number; line: number }
  /** The record ends just before `chunk[at]`. */
  | { kind: 'end'; at: number }
  | { kind: 'problem'; line: number; message: string };

/**
 * Finds where the records of a JSON text begin and end, chunk by chunk, without parsing them:
 * a plain synchronous loop (which V8 optimises; a generator around the hot loop it does not)
 * that stops at each event. The caller resumes it on the same chunk until it says undefined.
 */
class Scanner {
  layout: 'unknown' | 'array' | 'values' = 'unknown';
  line = 1;
  /** Where to go on in the current chunk. */
  pos = 0;
  arrayClosed = false;
  inValue = false;
  scalar = false;
  depth = 0;
  inString = false;
  /** Track strings of LAZY_MIN_BYTES or more inside records (`big`). */
  lazy = false;
  /** File offset of the current chunk's first byte. */
  base = 0;
  /** The current record's large strings: flat start/end file offsets, quotes included. */
  big: number[] = [];
  /** The current record has a string JSON.parse would refuse (raw control character, bad escape). */
  suspect = false;
  private stringStart = 0;
  /** The chunk `words` views, as 32-bit words for `plainEnd`. */
  private wordsFor: Buffer | undefined;
  private words: Words = wordsOf(Buffer.alloc(0));
  /** Inside a string: 0, 1 just after a backslash, 5..2 the hex digits of a \u escape still due. */
  private escape = 0;
  private expectValue = true;
  private commaLine = 0;
  private garbageReported = false;
  private records = 0;

  next(chunk: Buffer): ScanEvent | undefined {
    const n = chunk.length;
    let i = this.pos;
    if (this.wordsFor !== chunk) {
      this.wordsFor = chunk;
      this.words = wordsOf(chunk);
    }
    const { words, head } = this.words;
    while (i < n) {
      if (this.inString) {
        // Strings are nearly all of a shard (raw_html). One loop finds the closing quote and
        // checks escapes and control characters on the way (what JSON.parse would refuse), so a
        // large string can be left undecoded; a raw newline cannot be inside a JSON string, so
        // no line is missed by not counting here.
        let escape = this.escape;
        let suspect = false;
        let q = -1;
        for (; i < n; i++) {
          if (escape === 0) {
            // Most bytes are none of '"', '\\' or a control character: skipped a word at a time.
            i = plainEnd(chunk, words, head, i, n);
            if (i === n) break;
            const b = chunk[i]!;
            if (b === QUOTE) {
              q = i;
              break;
            }
            if (b === BACKSLASH) escape = 1;
            else if (b < 0x20) suspect = true;
          } else if (escape === 1) {
            const b = chunk[i]!;
            escape = b === 0x75 ? 5 : 0;
            if (escape === 0 && ESCAPE_CHAR[b] !== 1) suspect = true;
          } else {
            if (HEX_DIGIT[chunk[i]!] !== 1) suspect = true;
            escape = escape === 2 ? 0 : escape - 1;
          }
        }
        this.escape = escape;
        if (suspect) this.suspect = true;
        if (q === -1) break; // the chunk ended inside the string
        i = q + 1;
        this.inString = false;
        if (this.depth === 0) return this.end(i);
        if (this.lazy && this.base + i - this.stringStart >= LAZY_MIN_BYTES) this.big.push(this.stringStart, this.base + i);
        continue;
      }
      const b = chunk[i]!;
      if (this.inValue) {
        if (this.scalar) {
          if (isWhitespace(b) || b === COMMA || b === CLOSE_ARR || b === CLOSE_OBJ || b === OPEN_ARR || b === OPEN_OBJ || b === QUOTE)
            return this.end(i);
          i++;
          continue;
        }
        if (b === NL) this.line++;
        else if (b === QUOTE) {
          this.inString = true;
          this.stringStart = this.base + i;
        } else if (b === OPEN_OBJ || b === OPEN_ARR) this.depth++;
        else if ((b === CLOSE_OBJ || b === CLOSE_ARR) && --this.depth === 0) return this.end(i + 1);
        i++;
        continue;
      }

      // Between records.
      if (isWhitespace(b)) {
        if (b === NL) this.line++;
        i++;
        continue;
      }
      if (this.layout === 'unknown') {
        if (b === OPEN_ARR) {
          this.layout = 'array';
          i++;
          continue;
        }
        this.layout = 'values';
      }
      if (this.layout === 'array') {
        if (this.arrayClosed) {
          this.pos = n; // the rest of the file is ignored, and said so once
          if (this.garbageReported) return undefined;
          this.garbageReported = true;
          return { kind: 'problem', line: this.line, message: 'text after the closing "]" of the array is ignored' };
        }
        if (b === COMMA) {
          const unexpected = this.expectValue;
          this.expectValue = true;
          this.commaLine = this.line;
          i++;
          if (unexpected) {
            this.pos = i;
            return { kind: 'problem', line: this.line, message: `unexpected "," before record [${this.records}]` };
          }
          continue;
        }
        if (b === CLOSE_ARR) {
          this.arrayClosed = true;
          i++;
          if (this.expectValue && this.records > 0) {
            this.pos = i;
            return { kind: 'problem', line: this.commaLine, message: `a "," after the last record [${this.records - 1}] (not JSON)` };
          }
          continue;
        }
        if (!this.expectValue) {
          this.pos = i;
          this.expectValue = true; // said once; the record starts on the next call
          return { kind: 'problem', line: this.line, message: `missing "," between records [${this.records - 1}] and [${this.records}]` };
        }
        this.expectValue = false;
      }
      // A record starts here.
      this.records++;
      this.inValue = true;
      this.inString = b === QUOTE;
      this.scalar = !this.inString && b !== OPEN_OBJ && b !== OPEN_ARR;
      this.depth = this.scalar || this.inString ? 0 : 1;
      this.escape = 0;
      this.big = [];
      this.suspect = false;
      this.pos = i + 1;
      return { kind: 'start', at: i, line: this.line };
    }
    this.pos = n;
    return undefined;
  }

  private end(at: number): ScanEvent {
    this.inValue = false;
    this.pos = at;
    return { kind: 'end', at };
  }
}

/** The characters JSON allows after a backslash (`u` is handled apart: hex digits follow). */
const ESCAPE_CHAR = byteSet('"\\/bfnrt');
const HEX_DIGIT = byteSet('0123456789abcdefABCDEF');

function byteSet(chars: string): Uint8Array {
  const set = new Uint8Array(256);
  for (const c of chars) set[c.charCodeAt(0)] = 1;
  return set;
}

function isWhitespace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
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
    if (parsed.error !== undefined)
      yield { kind: 'bad', index: index++, line: parsed.line, message: parsed.error, issues: parsed.issues, text: parsed.text ?? '' };
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
