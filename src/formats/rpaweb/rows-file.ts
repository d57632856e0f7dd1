import type { Episode } from '../../ir/episode.js';
import type { RejectedEpisode } from '../format.js';
import { pinIssue } from '../field-issue.js';
import type { JsonLine } from '../json-line.js';
import type { Problem } from '../../ir/problem.js';
import { assembleGroup, newGroup, type RowGroup } from './episodes.js';
import { decodeRow } from './row.js';
import type { DatasetFileResolver } from '../dataset-path.js';

/** rpaweb rows of one file, grouped by episode id as they stream in. */
export class RowsFile {
  readonly groups = new Map<string, RowGroup>();
  /** Problems of rows that name no episode. */
  readonly fileProblems: Problem[] = [];

  constructor(
    private readonly file: string,
    private readonly datasetRoot: string,
    private readonly files?: DatasetFileResolver,
  ) {}

  add(line: JsonLine): void {
    if (line.error !== undefined) {
      // A row the parser rejects still usually starts with its id: charge the episode, so it
      // is rejected rather than replayed with a step silently missing.
      const id = leadingId(line.text ?? '');
      const problems = [{ message: line.error, severity: 'error' as const }, ...line.issues].map((i) =>
        pinIssue(i, this.file, line.line, id),
      );
      if (id === undefined) this.fileProblems.push(...problems);
      else this.group(id, line.line).problems.push(...problems);
      return;
    }
    const decoded = decodeRow(line.value, { file: this.file, datasetRoot: this.datasetRoot, line: line.line, files: this.files });
    const issues = [...line.issues, ...decoded.issues];
    if (decoded.id === undefined) {
      this.fileProblems.push(...issues.map((i) => pinIssue(i, this.file, line.line)));
      return;
    }
    const group = this.group(decoded.id, line.line);
    group.problems.push(...issues.map((i) => pinIssue(i, this.file, line.line, decoded.id)));
    if (decoded.stepNumber !== undefined) group.stepLines.push({ step: decoded.stepNumber, line: line.line });
    if (decoded.row) group.rows.push(decoded.row);
  }

  finish(): { episode?: Episode; rejected?: RejectedEpisode; problems: Problem[] }[] {
    return [...this.groups.values()].map((g) => assembleGroup(g, this.file));
  }

  private group(id: string, line: number): RowGroup {
    let g = this.groups.get(id);
    if (!g) this.groups.set(id, (g = newGroup(id, line)));
    return g;
  }
}

/** The id of a broken row when it is the row's first key (how rpaweb rows are written). */
export function leadingId(text: string): string | undefined {
  const m = /^\s*\{\s*"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)\s*[,}]/.exec(text);
  if (!m) return undefined;
  try {
    const value: unknown = JSON.parse(m[1]!);
    const id = String(value);
    return id === '' ? undefined : id;
  } catch {
    return undefined;
  }
}
