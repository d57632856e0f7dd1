import type { z } from 'zod';
import type { Problem } from '../ir/problem.js';

/**
 * A problem inside one record before the caller knows its file and line: record decoders
 * (a recorder line, a row) return these and the file decoder pins them with `pinIssue`.
 */
export interface FieldIssue {
  /** Dotted path from the record's root, e.g. `json_data.browserCode.signals[0].name`. */
  field?: string;
  message: string;
  severity: Problem['severity'];
}

/** `a` + `b` → `a.b`; numbers become `[n]` so paths read like the JSON they point into. */
export function joinField(prefix: string | undefined, ...keys: (string | number)[]): string | undefined {
  let out = prefix ?? '';
  for (const key of keys) {
    if (typeof key === 'number') out += `[${key}]`;
    else out = out ? `${out}.${key}` : key;
  }
  return out || undefined;
}

/** zod's issues as FieldIssues under `prefix`, saying "missing" when that is what happened. */
export function zodIssues(error: z.ZodError, prefix?: string, severity: Problem['severity'] = 'error'): FieldIssue[] {
  return error.issues.map((issue) => {
    const keys = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
    return { field: joinField(prefix, ...keys), message: issueMessage(issue), severity };
  });
}

/** zod's message, but "missing" for absent fields and the alternatives for unions. */
function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    return / received undefined$/.test(issue.message) ? `missing (expected ${issue.expected})` : issue.message;
  }
  // Parsed with `reportInput` (small objects only): say what was there, or that nothing was.
  if (issue.code === 'invalid_value' && 'input' in issue) {
    const expected = issue.values.map((v) => JSON.stringify(v)).join(', ');
    return issue.input === undefined ? `missing (expected one of ${expected})` : `${JSON.stringify(issue.input)} is not one of ${expected}`;
  }
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // A branch that got past the type check says best what is wrong (e.g. an empty string).
    const near = issue.errors.find((branch) => branch.some((i) => i.code !== 'invalid_type'));
    if (near) return near.map(issueMessage).join('; ');
    const expected = issue.errors.flatMap((branch) =>
      branch.map((i) => (i.code !== 'invalid_type' ? '?' : i.expected === 'record' ? 'object' : i.expected)),
    );
    const first = issue.errors[0]![0];
    const missing = first !== undefined && / received undefined$/.test(first.message);
    const received = first ? / received (\S+)$/.exec(first.message)?.[1] : undefined;
    return missing
      ? `missing (expected ${expected.join(' or ')})`
      : `expected ${expected.join(' or ')}${received ? `, received ${received}` : ''}`;
  }
  return issue.message;
}

export function hasError(issues: readonly FieldIssue[]): boolean {
  return issues.some((i) => i.severity === 'error');
}

/** A FieldIssue as a Problem of `file`, at `line`, in `episode` when known. */
export function pinIssue(issue: FieldIssue, file: string, line?: number, episode?: string): Problem {
  const p: Problem = { file, message: issue.message, severity: issue.severity };
  if (line !== undefined) p.line = line;
  if (issue.field !== undefined) p.field = issue.field;
  if (episode !== undefined) p.episode = episode;
  return p;
}
