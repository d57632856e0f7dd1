import type { FieldIssue } from './field-issue.js';
import type { SourceLine } from './jsonl-lines.js';
import { jsonErrorMessage } from './json-text.js';

/** A non-empty JSONL line after JSON.parse: the value, or why there is none. */
export interface JsonLine {
  line: number;
  value?: unknown;
  /** The parser's message when the line is not JSON. */
  error?: string;
  /** Row-independent findings (bad UTF-8), to be reported with the row's own problems. */
  issues: FieldIssue[];
  /** The raw text, kept only for lines that failed to parse (to recover their id). */
  text?: string;
}

export function parseJsonLine(source: SourceLine): JsonLine {
  const issues: FieldIssue[] = [];
  if (source.badUtf8At !== undefined) {
    issues.push({
      message: `not valid UTF-8 (first bad byte at offset ${source.badUtf8At}); bad bytes were read as U+FFFD, so text from this line may differ from the recording`,
      severity: 'warning',
    });
  }
  try {
    return { line: source.number, value: JSON.parse(source.text), issues };
  } catch (e) {
    return { line: source.number, error: jsonErrorMessage(source.text, e), issues, text: source.text };
  }
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
