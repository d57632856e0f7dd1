import { JsonStringBytes } from '../json-string-bytes.js';
import { utf8Text } from '../utf8-text.js';

/**
 * String values at least this long (bytes, quotes included) are left out of JSON.parse when
 * the decoder asked for lazy strings: below it, skipping saves less than it costs.
 */
export const LAZY_MIN_BYTES = 16 * 1024;

/**
 * What stands in for a skipped string while the rest of the record is parsed: a string no
 * dataset holds (a NUL and a per-process nonce), numbered.
 */
const PREFIX = `\u0000lazy-${Math.random().toString(36).slice(2, 10)}:`;

/**
 * Parses one record whose large string values (`ranges`: flat start/end byte offsets into
 * `bytes`, quotes included, each already checked to be a well-formed JSON string) are not
 * decoded: the record's other bytes, with a short stand-in for each, go through JSON.parse, and
 * each stand-in is then replaced by the string's bytes (`JsonStringBytes`) when its key is one of
 * `lazyKeys`, else by its decoded text, so only the named fields change type. Undefined when this
 * cannot be done faithfully (the caller then parses the whole record, which also gives JSON.parse's
 * own message and position for a record that is not JSON).
 */
export function parseWithLazyStrings(
  bytes: Buffer,
  ranges: readonly number[],
  lazyKeys: ReadonlySet<string>,
  /** `bytes` will be overwritten (joined-bytes.ts): the undecoded strings get bytes of their own. */
  copy = false,
): { value: unknown } | undefined {
  const pieces: Buffer[] = [];
  const held: Buffer[] = [];
  let from = 0;
  for (let r = 0; r < ranges.length; r += 2) {
    const start = ranges[r]!;
    const end = ranges[r + 1]!;
    if (start < from || isKeyEnd(bytes, end)) continue; // a (huge) key is parsed as usual
    pieces.push(bytes.subarray(from, start), Buffer.from(JSON.stringify(PREFIX + held.length), 'latin1'));
    held.push(bytes.subarray(start, end));
    from = end;
  }
  if (held.length === 0) return undefined;
  pieces.push(bytes.subarray(from));
  let value: unknown;
  try {
    value = JSON.parse(utf8Text(Buffer.concat(pieces)));
  } catch {
    return undefined;
  }
  let left = held.length;
  const resolve = (standIn: string, key: string | undefined): unknown => {
    const raw = held[Number(standIn.slice(PREFIX.length))]!;
    left--;
    if (key === undefined || !lazyKeys.has(key)) return JSON.parse(utf8Text(raw)) as string;
    return new JsonStringBytes(copy ? Buffer.from(raw) : raw);
  };
  // Depth first in key order; stops once every stand-in is replaced (raw_html comes before the
  // long candidate lists in Mind2Web actions, so those are seldom walked).
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length && left > 0; i++) {
        const v: unknown = node[i];
        if (typeof v === 'string') {
          if (v.startsWith(PREFIX)) node[i] = resolve(v, undefined);
        } else if (v !== null && typeof v === 'object') visit(v);
      }
      return;
    }
    const obj = node as Record<string, unknown>;
    for (const k in obj) {
      if (left === 0) return;
      const v = obj[k];
      if (typeof v === 'string') {
        if (v.startsWith(PREFIX)) obj[k] = resolve(v, k);
      } else if (v !== null && typeof v === 'object') visit(v);
    }
  };
  if (typeof value === 'object' && value !== null) visit(value);
  return left === 0 ? { value } : undefined;
}

/** Whether the string ending just before `bytes[end]` is an object key (a ":" follows). */
function isKeyEnd(bytes: Buffer, end: number): boolean {
  let j = end;
  while (j < bytes.length && (bytes[j] === 0x20 || bytes[j] === 0x0a || bytes[j] === 0x0d || bytes[j] === 0x09)) j++;
  return bytes[j] === 0x3a;
}
