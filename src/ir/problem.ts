/**
 * Something wrong with the user's input, pinned to the file, line/record and field it is
 * in. Decoders collect these instead of throwing so one bad row never stops a run.
 */
export interface Problem {
  file: string;
  line?: number;
  record?: string;
  /** Dotted path of the offending field, e.g. `json_data.browserCode.selector`. */
  field?: string;
  /** The episode the problem belongs to, when the row said which. */
  episode?: string;
  message: string;
  /** `error`: the row/episode was not decoded. `warning`: decoded, with a loss the user should know. */
  severity: 'error' | 'warning';
}

export function formatProblem(p: Problem, cwd = process.cwd()): string {
  const where = [relativeTo(cwd, p.file), p.line, p.record].filter((x) => x !== undefined && x !== '').join(':');
  const field = p.field ? ` ${p.field}:` : '';
  return `${where}: ${p.severity}:${field} ${p.message}`;
}

function relativeTo(cwd: string, file: string): string {
  return file.startsWith(cwd + '/') ? file.slice(cwd.length + 1) : file;
}
