import { isPlainObject } from '../json-line.js';
import { isRecorderActionName } from '../recorder/schema.js';

/**
 * Which of the two JSONL layouts a file is, from one parsed line:
 *   `rows`    rpaweb rows, each carrying a recorder line in `json_data.browserCode`;
 *   `codegen` a plain recorder file: a header without `name` (it has `browserName`) or action lines.
 */
export type JsonlKind = 'rows' | 'codegen';

export function kindOfLine(value: unknown): JsonlKind | undefined {
  if (!isPlainObject(value)) return undefined;
  if ('json_data' in value) return 'rows';
  if (typeof value.name === 'string') return 'codegen';
  if (!('name' in value) && 'browserName' in value && !('id' in value)) return 'codegen';
  if ('id' in value) return 'rows';
  return undefined;
}

/**
 * Whether a first line is certainly ours: stricter than `kindOfLine`, which only has to
 * choose between our two layouts, since other formats' JSONL also has `id`s and `name`s.
 */
function claims(value: unknown): JsonlKind | undefined {
  if (!isPlainObject(value)) return undefined;
  if (isPlainObject(value.json_data) || typeof value.json_data === 'string') return 'rows';
  if (typeof value.name === 'string' && isRecorderActionName(value.name)) return 'codegen';
  if (!('name' in value) && typeof value.browserName === 'string') return 'codegen';
  return undefined;
}

/**
 * Sniffs the first lines of a file's head (up to `SNIFF_LINES` non-empty ones, so one broken
 * leading row does not hide a whole dataset). rpaweb rows carry whole HTML pages, so a line
 * often does not fit in the head: then the line's opening is matched instead (`json_data`
 * comes before `html_data` in rpaweb rows; codegen lines start with `name` or are a header
 * starting with `browserName`).
 */
export function sniffJsonlHead(head: string): JsonlKind | undefined {
  const lines = head.split('\n');
  let seen = 0;
  for (let i = 0; i < lines.length && seen < SNIFF_LINES; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    seen++;
    const complete = i < lines.length - 1;
    const kind = sniffLine(line, complete);
    if (kind) return kind;
  }
  return undefined;
}

const SNIFF_LINES = 5;

function sniffLine(line: string, complete: boolean): JsonlKind | undefined {
  try {
    return claims(JSON.parse(line));
  } catch {
    if (complete || !line.startsWith('{')) return undefined; // a complete line that is not JSON
    if (/"json_data"\s*:/.test(line)) return 'rows';
    const name = /^\{\s*"name"\s*:\s*"(\w+)"/.exec(line)?.[1];
    if (name !== undefined && isRecorderActionName(name)) return 'codegen';
    if (/^\{\s*"browserName"\s*:\s*"/.test(line)) return 'codegen';
    return undefined;
  }
}

/** The rpaweb format's sniffer: a `.jsonl` file whose head is rpaweb rows or codegen lines. */
export const sniffRpaweb = (file: string, head: string): boolean => /\.jsonl$/i.test(file) && sniffJsonlHead(head) !== undefined;
