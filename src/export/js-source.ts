/**
 * Pieces of generated JavaScript/TypeScript source. Everything from a dataset enters the
 * generated code through {@link jsString} (a string literal) or {@link lineComments} (comment
 * lines), never spliced in raw.
 */

/**
 * Characters shown as escapes even inside a literal: controls, line/paragraph separators,
 * invisible format characters (bidi overrides could make the source read differently than it
 * runs) and unpaired surrogates (which UTF-8 cannot encode at all).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\v': '\\v' };
const hex4 = (c: number) => `\\u${c.toString(16).padStart(4, '0')}`;

function escapeInvisible(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = s.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const cp = s.codePointAt(i)!;
        out += INVISIBLE.test(String.fromCodePoint(cp)) ? `\\u{${cp.toString(16)}}` : s.slice(i, i + 2);
        i += 1;
      } else {
        out += hex4(c);
      }
      continue;
    }
    const ch = s[i]!;
    out += INVISIBLE.test(ch) ? (SHORT[ch] ?? hex4(c)) : ch;
  }
  return out;
}

/** A single-quoted JS string literal that evaluates to exactly `s`. */
export function jsString(s: string): string {
  return `'${escapeInvisible(s.replace(/\\/g, '\\\\').replace(/'/g, "\\'"))}'`;
}

/**
 * `// text` lines. The text is split on every JS line terminator (\n, \r, U+2028, U+2029 — any of
 * them ends a `//` comment, so the rest would run as code) and its invisible characters are
 * shown as `\uXXXX`.
 */
export function lineComments(text: string, indent = ''): string[] {
  return text.split(/\r\n|[\n\r\u2028\u2029]/).map((line) => `${indent}// ${escapeInvisible(line)}`.trimEnd());
}

/** An identifier for `process.env`: `verification_code` → `VERIFICATION_CODE`. */
export function envName(param: string): string {
  const name = param.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
  return /^[0-9]/.test(name) || name === '' ? `_${name}` : name;
}

/** A number as short source: integers as is, others rounded to 0.01. */
export function jsNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

/** `{ a: 1, b: 'x' }` from already-rendered values, skipping undefined; '' when empty. */
export function jsObject(entries: [string, string | undefined][]): string {
  const given = entries.filter((e): e is [string, string] => e[1] !== undefined);
  return given.length ? `{ ${given.map(([k, v]) => `${k}: ${v}`).join(', ')} }` : '';
}
