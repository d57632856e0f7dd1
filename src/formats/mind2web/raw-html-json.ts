import type { JsonStringBytes } from '../json-string-bytes.js';
import { utf8Text } from '../utf8-text.js';
import { findMarkedElement, markerNeedle, readElement, SCAN_MAX, type MarkedElement } from './raw-html.js';

const BACKSLASH = 0x5c;
/** `\u00`: the start of an escape that may spell an ASCII character another way. */
const ESCAPED_ASCII = Buffer.from('\\u00', 'latin1');
const ESCAPED_SLASH = Buffer.from('\\/', 'latin1');

/**
 * `findMarkedElement` on a `raw_html` still in its JSON bytes: the marker is searched for in the
 * bytes as JSON writes it (memmem, no decoding), and only a window from the marked start tag is
 * decoded and parsed. The result is the same as decoding the whole string first; when the bytes
 * could spell the marker another way (`\u0064`-style escapes of ASCII, `\/`) or the window is too
 * short for the element, it does decode the whole string.
 */
export function findMarkedElementInJson(raw: JsonStringBytes, actionUid: string): MarkedElement | undefined {
  const bytes = raw.bytes;
  const needle = Buffer.from(JSON.stringify(markerNeedle(actionUid)).slice(1, -1), 'utf8');
  let at = bytes.indexOf(needle, 1);
  // The marker must be an attribute (whitespace before it), not text that reads like one.
  while (at !== -1 && !/\s/.test(charBefore(bytes, at))) at = bytes.indexOf(needle, at + 1);
  // Only the bytes before the hit could hold an earlier marker spelled another way (the marker
  // cannot overlap itself), so only they are checked: the page after it is never scanned.
  if (!oneSpelling(bytes, needle, at === -1 ? bytes.length : at)) return findMarkedElement(raw.text(), actionUid);
  if (at === -1) return undefined;
  // A "<" byte is always the character itself in JSON text (never inside an escape or a multi-byte character).
  const start = bytes.lastIndexOf(0x3c, at);
  if (start < 1) return undefined;
  const last = bytes.length - 1; // the closing quote
  // A target is mostly a small control: a few KB from its start tag usually hold all of it, so
  // the window starts small and grows only while the element is not read to its end.
  for (let size = FIRST_WINDOW; ; size *= 4) {
    const end = cutBefore(bytes, Math.min(last, start + size), start);
    const read = readElement(JSON.parse(`"${utf8Text(bytes.subarray(start, end))}"`) as string, 0);
    if (read.final || end >= last) return read.found;
    if (size >= 2 * SCAN_MAX) return findMarkedElement(raw.text(), actionUid);
  }
}

/** The first window decoded from the marked start tag (bytes). */
const FIRST_WINDOW = 8 * 1024;

/** Whether every character of `needle` can be written only one way in `bytes` before `end`. */
function oneSpelling(bytes: Buffer, needle: Buffer, end: number): boolean {
  const head = bytes.subarray(0, end);
  for (let i = head.indexOf(ESCAPED_ASCII); i !== -1; i = head.indexOf(ESCAPED_ASCII, i + 1)) {
    const h = bytes[i + 4]!;
    if (h >= 0x32 && h <= 0x37) return false; // \u0020–\u007f: printable ASCII written as an escape
  }
  if (needle.includes(0x2f) && head.includes(ESCAPED_SLASH)) return false;
  if (needle.some((b) => b >= 0x80) && head.includes('\\u', 0, 'latin1')) return false;
  return true;
}

/** How many backslashes run up to `bytes[at]` (inclusive), back to the opening quote. */
function backslashRun(bytes: Buffer, at: number): number {
  let k = at;
  while (k > 0 && bytes[k] === BACKSLASH) k--;
  return at - k;
}

/** The decoded character just before `bytes[at]`, `''` at the string's start. */
function charBefore(bytes: Buffer, at: number): string {
  if (at - 1 === 0) return '';
  const b = bytes[at - 1]!;
  if (at >= 3 && bytes[at - 2] === BACKSLASH && backslashRun(bytes, at - 2) % 2 === 1) {
    return b === 0x75 ? 'u' : (JSON.parse(`"\\${String.fromCharCode(b)}"`) as string); // \n, \t, …; a \u is cut short here
  }
  if (at >= 7 && bytes[at - 5] === 0x75 && bytes[at - 6] === BACKSLASH && backslashRun(bytes, at - 6) % 2 === 1) {
    return JSON.parse(`"${bytes.toString('latin1', at - 6, at)}"`) as string;
  }
  if (b < 0x80) return String.fromCharCode(b);
  let lead = at - 1;
  while (lead > 1 && (bytes[lead]! & 0xc0) === 0x80) lead--;
  return bytes.toString('utf8', lead, at);
}

/** `end`, moved back so that `bytes[start, end)` ends on a whole UTF-8 character and a whole escape. */
function cutBefore(bytes: Buffer, end: number, start: number): number {
  let e = end;
  while (e > start && (bytes[e]! & 0xc0) === 0x80) e--;
  // The last backslash before `e` starts the only escape that can reach past it (a \uXXXX has none inside).
  for (let k = e - 1; k >= Math.max(start, e - 6); k--) {
    if (bytes[k] !== BACKSLASH) continue;
    if (backslashRun(bytes, k) % 2 === 1 && k + (bytes[k + 1] === 0x75 ? 6 : 2) > e) e = k;
    break;
  }
  return e;
}
