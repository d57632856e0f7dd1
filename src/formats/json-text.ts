import { isUtf8 } from 'node:buffer';
import { firstBadUtf8Byte } from './jsonl-lines.js';

/**
 * Where-is-it helpers for formats that read a whole file as one JSON value (one episode a file):
 * JSON.parse and readFile('utf8') only say "position N" or nothing at all, and a user needs a
 * line to open the file at.
 */

/** 1-based line of a character offset in `text`. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The first bare `NaN`, `Infinity` or `-Infinity` outside strings: Python's json.dump writes
 * them, JSON has none, and JSON.parse's message for them says no position.
 */
export function nonFiniteLiteral(text: string): { offset: number; token: string } | undefined {
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    } else if (ch === 'N' || ch === 'I' || ch === '-') {
      const m = /^(NaN|-?Infinity)/.exec(text.slice(i, i + 9));
      if (m && !/[\w$]/.test(text[i - 1] ?? '')) return { offset: i, token: m[1]! };
    }
  }
  return undefined;
}

/** `invalid JSON: …` for a JSON.parse error, naming a NaN/Infinity and its line and column when that is the cause. */
export function jsonErrorMessage(text: string, error: unknown): string {
  const message = `invalid JSON: ${(error as Error)?.message ?? String(error)}`;
  const bad = nonFiniteLiteral(text);
  if (!bad) return message;
  const line = lineAt(text, bad.offset);
  const column = bad.offset - (text.lastIndexOf('\n', bad.offset - 1) + 1) + 1;
  return `invalid JSON: ${bad.token} at ${text.includes('\n') ? `line ${line}, ` : ''}column ${column}: JSON has no NaN or Infinity (Python's json.dump writes them); write null or a number`;
}

/** The line a JSON.parse error points at (V8 says `at position N`), when it says. */
export function jsonErrorLine(text: string, error: unknown): number | undefined {
  const bad = nonFiniteLiteral(text);
  if (bad) return lineAt(text, bad.offset);
  const m = /at position (\d+)/.exec((error as Error)?.message ?? '');
  if (m) return lineAt(text, Number(m[1]));
  // "Unexpected end of JSON input": the text stops short; the last line is where.
  if (/end of JSON input|Unterminated/.test((error as Error)?.message ?? '')) return lineAt(text, text.length);
  return undefined;
}

/** The file's bytes as text, and the line of its first byte that is not UTF-8 (read as U+FFFD). */
export function decodeUtf8(bytes: Buffer): { text: string; badUtf8?: { line: number; offset: number } } {
  const text = bytes.toString('utf8');
  if (isUtf8(bytes)) return { text };
  const offset = firstBadUtf8Byte(bytes);
  let line = 1;
  for (let i = bytes.indexOf(10); i !== -1 && i < offset; i = bytes.indexOf(10, i + 1)) line++;
  return { text, badUtf8: { line, offset } };
}

/**
 * Keys that occur more than once in the top-level object of a JSON text, with the line of each
 * repeat. JSON.parse keeps the last silently; for a trajectory keyed by step number that drops a
 * step without a word. Assumes `text` parsed (so strings and nesting are well formed).
 */
export function duplicateTopLevelKeys(text: string): { key: string; line: number }[] {
  const seen = new Set<string>();
  const dups: { key: string; line: number }[] = [];
  let depth = 0;
  let line = 1;
  let expectKey = false;
  let topIsObject = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n') line++;
    else if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (depth === 1 && expectKey) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (seen.has(key)) dups.push({ key, line });
        seen.add(key);
        expectKey = false;
      }
      i = j;
    } else if (ch === '{' || ch === '[') {
      depth++;
      if (depth === 1 && ch === '{') expectKey = topIsObject = true;
    } else if (ch === '}' || ch === ']') depth--;
    else if (ch === ',' && depth === 1 && topIsObject) expectKey = true;
  }
  return dups;
}
