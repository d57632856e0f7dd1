import { createReadStream } from 'node:fs';
import { isAscii, isUtf8 } from 'node:buffer';
import { nonAsciiText } from './utf8-text.js';
import { createInterface } from 'node:readline';

/** One line of a text file, as a decoder needs it to parse and to point at. */
export interface SourceLine {
  /** 1-based line number, as an editor shows it. */
  number: number;
  /** The line without its line ending (and without the file's BOM on line 1). */
  text: string;
  /**
   * 0-based byte offset (in the line) of the first byte that is not UTF-8. When set, `text`
   * holds U+FFFD in place of the bad bytes; the caller decides whether that matters.
   */
  badUtf8At?: number;
}

/**
 * Streams a file's lines so a multi-GiB JSONL file never sits in memory whole.
 *
 * The stream is read as latin1 so every byte reaches readline as exactly one character:
 * readline's own UTF-8 decoder would silently turn bad bytes into U+FFFD, and we want to
 * report them. UTF-8 never uses 0x0A/0x0D inside a multi-byte sequence, so splitting the
 * bytes first and decoding each line afterwards is safe. `crlfDelay: Infinity` keeps a CRLF
 * split across two chunks as one line ending; a last line without newline is still yielded.
 */
export async function* readLines(file: string): AsyncGenerator<SourceLine> {
  const input = createReadStream(file, { encoding: 'latin1' });
  const rl = createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const raw of rl) {
      number++;
      let bytes = Buffer.from(raw, 'latin1');
      if (number === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
      yield decodedLine(number, bytes);
    }
  } finally {
    rl.close();
    input.destroy();
  }
}

/** Where UTF-8 decoding of `bytes` first fails; only called once `isUtf8` said it does. */
export function firstBadUtf8Byte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    // Length of the sequence and the allowed range of its second byte (RFC 3629 table).
    let len: number,
      lo = 0x80,
      hi = 0xbf;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) len = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      len = 3;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      len = 4;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k < len; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i;
      if (k === 1 ? c < lo || c > hi : c < 0x80 || c > 0xbf) return i;
    }
    i += len;
  }
  return bytes.length;
}

/** A line's bytes (line ending excluded) as `readLines` yields it: BOM dropped on line 1, bad UTF-8 found. */
export function sourceLine(number: number, raw: Buffer): SourceLine {
  const bytes = number === 1 && raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? raw.subarray(3) : raw;
  return decodedLine(number, bytes);
}

/** A line's text, and where its first bad UTF-8 byte is when it has one; ASCII, most lines, is checked once. */
function decodedLine(number: number, bytes: Buffer): SourceLine {
  if (isAscii(bytes)) return { number, text: bytes.toString('latin1') };
  const valid = isUtf8(bytes);
  const line: SourceLine = { number, text: nonAsciiText(bytes, valid) };
  if (!valid) line.badUtf8At = firstBadUtf8Byte(bytes);
  return line;
}

/**
 * Every line of a file as bytes with its number and byte offset, split as `readLines` splits
 * (`\n`, `\r\n` and a lone `\r` end a line; a last line without an ending counts when it is not
 * empty), for a reader that comes back to lines by offset. Nothing is decoded here.
 */
export async function eachLineRange(file: string, onLine: (bytes: Buffer, number: number, start: number) => void): Promise<void> {
  let number = 0;
  let offset = 0;
  /** The start of a line that runs on from earlier chunks, and its pieces so far. */
  let carry: Buffer[] = [];
  let carryStart = 0;
  let afterCR = false;
  for await (const read of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const chunk = read as Buffer;
    let from = 0;
    if (afterCR && chunk[0] === 0x0a) from = 1; // the \n of a \r\n split between two reads
    afterCR = false;
    let cr = chunk.indexOf(0x0d, from);
    for (;;) {
      const nl = chunk.indexOf(0x0a, from);
      if (cr !== -1 && cr < from) cr = chunk.indexOf(0x0d, from);
      let end: number;
      let next: number;
      if (cr !== -1 && (nl === -1 || cr < nl)) {
        end = cr;
        next = chunk[cr + 1] === 0x0a ? cr + 2 : cr + 1;
        if (cr + 1 === chunk.length) afterCR = true;
      } else if (nl !== -1) {
        end = nl;
        next = nl + 1;
      } else break;
      const piece = chunk.subarray(from, end);
      onLine(carry.length ? Buffer.concat([...carry, piece]) : piece, ++number, carry.length ? carryStart : offset + from);
      carry = [];
      from = next;
    }
    if (from < chunk.length) {
      if (!carry.length) carryStart = offset + from;
      carry.push(chunk.subarray(from));
    }
    offset += chunk.length;
  }
  const last = Buffer.concat(carry);
  if (last.length) onLine(last, ++number, carryStart);
}
