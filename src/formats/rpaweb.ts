import { resolve } from 'node:path';
import type { Episode } from '../ir/episode.js';
import type { Decoded, DatasetFormat, DecodeOptions, RejectedEpisode } from './format.js';
import { pinIssue } from './field-issue.js';
import { parseJsonLine, type JsonLine } from './json-line.js';
import { readLines } from './jsonl-lines.js';
import type { Problem } from '../ir/problem.js';
import { CodegenEpisode } from './rpaweb/codegen.js';
import { assembleGroup, byLine, newGroup, type RowGroup } from './rpaweb/episodes.js';
import { kindOfLine, sniffRpaweb, type JsonlKind } from './rpaweb/kind.js';
import { decodeRow } from './rpaweb/row.js';

/**
 * rpaweb (BSC RPA recordings): JSONL rows, one per step, each holding the Playwright
 * recorder line that performed it; rows are grouped into episodes by `id` and ordered by
 * `step`. Plain codegen `.jsonl` files (`playwright codegen --target=jsonl`) are read by
 * the same decoder as one episode each, since their lines are the very same recorder lines.
 */
export const rpaweb: DatasetFormat = {
  name: 'rpaweb',
  extensions: ['.jsonl'],
  sniff: sniffRpaweb,
  decodeFile,
};

async function decodeFile(file: string, options: DecodeOptions): Promise<Decoded> {
  const path = resolve(file);
  const rows = new RowsFile(path, options.datasetRoot);
  let codegen: CodegenEpisode | undefined;
  let kind: JsonlKind | undefined;
  // Lines read before the layout is known (leading garbage) wait for it.
  const pending: JsonLine[] = [];
  let recordsRead = 0;
  const take = (line: JsonLine) => (kind === 'codegen' ? (codegen ??= new CodegenEpisode(path)).add(line) : rows.add(line));

  let readError: string | undefined;
  try {
    for await (const source of readLines(path)) {
      if (source.text.trim() === '') continue;
      recordsRead++;
      const line = parseJsonLine(source);
      kind ??= kindOfLine(line.value);
      if (kind === undefined) {
        pending.push(line);
        continue;
      }
      pending.splice(0).forEach(take);
      take(line);
    }
  } catch (e) {
    readError = (e as Error).message; // missing, a folder, an I/O error: a problem, not a crash
  }
  pending.splice(0).forEach(take); // never recognised: report them as rows

  const out: Decoded = { episodes: [], rejected: [], problems: [], recordsRead };
  for (const part of codegen ? [codegen.finish()] : rows.finish()) {
    if (part.episode) out.episodes.push(part.episode);
    if (part.rejected) out.rejected.push(part.rejected);
    out.problems.push(...part.problems);
  }
  out.problems.push(...rows.fileProblems);
  if (readError !== undefined) {
    out.problems.push({ file: path, message: `cannot read the file: ${readError}`, severity: 'error' });
    // What was read before the failure may lack rows: nothing of it is replayed as if whole.
    for (const e of out.episodes.splice(0)) {
      const p: Problem = {
        file: path,
        episode: e.id,
        message: 'the file could not be read to the end; this episode may be incomplete',
        severity: 'error',
      };
      out.problems.push(p);
      out.rejected.push({ id: e.id, format: 'rpaweb', source: e.source, problems: [p] });
    }
  }
  out.problems = byLine(out.problems);
  return out;
}

/** rpaweb rows of one file, grouped by episode id as they stream in. */
class RowsFile {
  readonly groups = new Map<string, RowGroup>();
  /** Problems of rows that name no episode. */
  readonly fileProblems: Problem[] = [];

  constructor(
    private readonly file: string,
    private readonly datasetRoot: string,
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
    const decoded = decodeRow(line.value, { file: this.file, datasetRoot: this.datasetRoot, line: line.line });
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
function leadingId(text: string): string | undefined {
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
