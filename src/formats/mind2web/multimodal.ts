import { dirname } from 'node:path';
import { z } from 'zod';
import type { Step } from '../../ir/episode.js';
import { resolveDatasetFile } from '../dataset-path.js';
import type { FieldIssue } from '../field-issue.js';
import { zodIssues } from '../field-issue.js';
import { isPlainObject } from '../json-line.js';
import type { Problem } from '../../ir/problem.js';
import { decodeAction } from './action.js';
import { extraFields, finishEpisode, pinAt, sourceRef, type EpisodeResult } from './episode.js';
import { RecordId, type RecordAt } from './task.js';

/**
 * Multimodal-Mind2Web (HF `osunlp/Multimodal-Mind2Web`): one row per action, carrying the
 * action's fields (with `operation` and each candidate as JSON text), its task's fields, the
 * full `action_reprs`, the step's position `target_action_index` (text) and `target_action_reprs`,
 * and a full-page `screenshot`. Rows are grouped into tasks by `annotation_id` and ordered by
 * `target_action_index`; rows of one task may be anywhere in the file.
 */
const Row = z.looseObject({
  annotation_id: RecordId,
  action_uid: z.string().min(1),
  confirmed_task: z.string(),
  website: z.string().optional(),
  domain: z.string().optional(),
  subdomain: z.string().optional(),
  action_reprs: z.array(z.string()).optional(),
  target_action_index: z.union([z.number().int().nonnegative(), z.string().regex(/^\s*\d+\s*$/, 'expected a whole number')]),
  target_action_reprs: z.string().optional(),
});

const ROW_FIELDS = new Set([
  'action_uid',
  'raw_html',
  'cleaned_html',
  'operation',
  'pos_candidates',
  'neg_candidates',
  'website',
  'domain',
  'subdomain',
  'annotation_id',
  'confirmed_task',
  'screenshot',
  'action_reprs',
  'target_action_index',
  'target_action_reprs',
]);

interface RowStep {
  index: number;
  step: Omit<Step, 'index'>;
  actionUid: string;
}

interface RowGroup {
  id: string;
  first: RecordAt;
  instruction?: string;
  meta: Record<string, unknown>;
  /** How many actions the task has, from its `action_reprs`. */
  total?: number;
  rows: RowStep[];
  /** Every row's index with where it was, bad rows included, to report duplicates. */
  indexes: { index: number; at: RecordAt }[];
  problems: Problem[];
}

export class RowGroups {
  private readonly groups = new Map<string, RowGroup>();

  constructor(
    private readonly file: string,
    private readonly datasetRoot: string,
  ) {}

  /** Whether rows of this task were seen (to tell a row from a task with the same id). */
  has(id: string): boolean {
    return this.groups.has(id);
  }

  /** A problem of a row that could not be read but named its task. */
  addProblem(id: string, at: RecordAt, problem: Problem): void {
    this.group(id, at).problems.push(problem);
  }

  add(obj: Record<string, unknown>, at: RecordAt, fallbackId: string, recordIssues: FieldIssue[]): void {
    const parsed = Row.safeParse(obj);
    const issues = [...recordIssues, ...(parsed.success ? [] : zodIssues(parsed.error))];
    const idOk = RecordId.safeParse(obj.annotation_id);
    const id = idOk.success ? String(idOk.data) : fallbackId;
    const group = this.group(id, at);
    const where = sourceRef(this.file, at.line, at.record);

    const indexOk = Row.shape.target_action_index.safeParse(obj.target_action_index);
    const index = indexOk.success ? Number(indexOk.data) : undefined;
    if (index !== undefined) group.indexes.push({ index, at });
    const screenshot = this.screenshot(obj.screenshot, issues);
    const reprText =
      typeof obj.target_action_reprs === 'string'
        ? obj.target_action_reprs
        : Array.isArray(obj.action_reprs) && index !== undefined && typeof obj.action_reprs[index] === 'string'
          ? (obj.action_reprs[index] as string)
          : undefined;
    const decoded = decodeAction({ value: obj, reprText, source: where, screenshot });
    group.problems.push(...[...issues, ...decoded.issues].map((i) => pinAt(i, where, id)));
    const reprField = typeof obj.target_action_reprs === 'string' ? 'target_action_reprs' : `action_reprs[${index}]`;
    group.problems.push(...decoded.reprIssues.map((i) => pinAt({ ...i, field: reprField }, where, id)));

    if (group.instruction === undefined && typeof obj.confirmed_task === 'string') group.instruction = obj.confirmed_task;
    if (group.total === undefined && Array.isArray(obj.action_reprs)) group.total = obj.action_reprs.length;
    if (Object.keys(group.meta).length === 0) {
      for (const k of ['website', 'domain', 'subdomain'] as const) if (typeof obj[k] === 'string') group.meta[k] = obj[k];
      Object.assign(group.meta, extraFields(obj, ROW_FIELDS));
    }
    if (decoded.step && decoded.actionUid !== undefined && index !== undefined) {
      group.rows.push({ index, step: { ...decoded.step, recordedStep: index }, actionUid: decoded.actionUid });
    }
  }

  /** Every task's episode (or rejection), in the order tasks were first seen. */
  finish(): (EpisodeResult & { id: string; at: RecordAt })[] {
    return [...this.groups.values()].map((g) => {
      const problems = [...g.problems, ...this.orderProblems(g)];
      const rows = [...g.rows].sort((a, b) => a.index - b.index);
      const meta = { ...g.meta, steps: rows.map((r) => ({ action_uid: r.actionUid })) };
      const source = sourceRef(this.file, g.first.line, g.first.record);
      return {
        id: g.id,
        at: g.first,
        ...finishEpisode(
          { id: g.id, format: 'mind2web', instruction: g.instruction, steps: rows.map((r) => r.step), meta, source },
          problems,
        ),
      };
    });
  }

  /** Two rows at one position make the order unknowable (error); a missing one leaves a hole (warning). */
  private orderProblems(g: RowGroup): Problem[] {
    const out: Problem[] = [];
    const seen = new Map<number, RecordAt>();
    for (const { index, at } of g.indexes) {
      const earlier = seen.get(index);
      if (earlier === undefined) seen.set(index, at);
      else {
        out.push(
          pinAt(
            {
              field: 'target_action_index',
              message: `action ${index} of task ${JSON.stringify(g.id)} appears twice: ${describe(earlier)} and ${describe(at)}`,
              severity: 'error',
            },
            sourceRef(this.file, at.line, at.record),
            g.id,
          ),
        );
      }
    }
    if (g.total !== undefined) {
      const missing = [...Array(g.total).keys()].filter((i) => !seen.has(i));
      if (missing.length > 0 && missing.length < g.total) {
        out.push(
          pinAt(
            {
              message: `no row for action${missing.length === 1 ? '' : 's'} ${missing.join(', ')} of ${g.total} (action_reprs): the replay skips ${missing.length === 1 ? 'it' : 'them'}`,
              severity: 'warning',
            },
            sourceRef(this.file, g.first.line, g.first.record),
            g.id,
          ),
        );
      }
    }
    return out;
  }

  /**
   * A row's screenshot when it names a file (a path, or `{path}` as Hugging Face image columns
   * export): relative to the file's folder, never outside the dataset root. Inline image bytes
   * are not kept (the IR points at files).
   */
  private screenshot(value: unknown, issues: FieldIssue[]): string | undefined {
    const name = typeof value === 'string' ? value : isPlainObject(value) && typeof value.path === 'string' ? value.path : undefined;
    if (name === undefined || name === '') return undefined;
    const field = typeof value === 'string' ? 'screenshot' : 'screenshot.path';
    const file = resolveDatasetFile(name, dirname(this.file), this.datasetRoot);
    if (!file.inside) issues.push({ field, message: `refused: ${file.reason}`, severity: 'error' });
    else if (!file.exists) issues.push({ field, message: `screenshot dropped: ${file.reason}`, severity: 'warning' });
    else return file.path;
    return undefined;
  }

  private group(id: string, at: RecordAt): RowGroup {
    let g = this.groups.get(id);
    if (!g) this.groups.set(id, (g = { id, first: at, meta: {}, rows: [], indexes: [], problems: [] }));
    return g;
  }
}

function describe(at: RecordAt): string {
  return at.record !== undefined ? `record ${at.record}` : `line ${at.line}`;
}
