import { z } from 'zod';
import { Action } from '../../ir/action.js';
import { Episode, Step } from '../../ir/episode.js';
import type { Expectation } from '../../ir/expectation.js';
import type { RejectedEpisode } from '../format.js';
import type { Problem } from '../../ir/problem.js';
import { joinField, zodIssues, type FieldIssue } from '../field-issue.js';
import { shareSameElementLocators } from '../recorder/same-element.js';
import { EPISODE_FIELDS, type RowStep } from './row.js';

/**
 * The rows of one rpaweb episode, gathered while the file streams by: rows of different
 * episodes may be interleaved, so episodes are only assembled once the file is read.
 */
export interface RowGroup {
  id: string;
  /** Line of the first row seen (file order): where the episode is said to start. */
  firstLine: number;
  rows: RowStep[];
  /** Step numbers of every row, bad ones included, to report duplicates. */
  stepLines: { step: number; line: number }[];
  problems: Problem[];
}

/**
 * The IR Episode, but taking each step's action as it is: every row's action went through the
 * IR's Action schema as the row was decoded (recorder/line.ts), and each expectation through
 * Expectation (recorder/signals.ts); checking them all again here was a sixth of an rpaweb
 * decode. Actions changed since (shareSameElementLocators) are checked apart.
 */
const AssembledEpisode = Episode.extend({
  steps: z.array(Step.extend({ action: z.custom<Action>(), expect: z.custom<Expectation[]>((v) => Array.isArray(v)) })),
});

export function newGroup(id: string, line: number): RowGroup {
  return { id, firstLine: line, rows: [], stepLines: [], problems: [] };
}

/**
 * Orders a group by step number and builds its Episode, or rejects it: one row with an
 * error means the episode cannot be replayed as recorded, and a user must hear about it.
 */
export function assembleGroup(group: RowGroup, file: string): { episode?: Episode; rejected?: RejectedEpisode; problems: Problem[] } {
  const problems = [...group.problems, ...duplicateSteps(group, file)];
  const source = { file, line: group.firstLine };
  const reject = () => ({ rejected: { id: group.id, format: 'rpaweb' as const, source, problems }, problems });
  if (problems.some((p) => p.severity === 'error')) return reject();

  const rows = [...group.rows].sort((a, b) => a.stepNumber - b.stepNumber);
  const first = rows[0];
  const meta: Record<string, unknown> = {};
  for (const k of EPISODE_FIELDS) if (first && k in first.episodeFields) meta[k] = first.episodeFields[k];
  // Per-step extras, index-aligned with `steps`; an episode field is repeated only where a row disagrees.
  const episodeJson = new Map<string, string>();
  const sameAsEpisode = (k: string, v: unknown) => {
    const e = meta[k];
    // Rows repeat the same text in each episode field: equal strings need no serialising.
    if (typeof v === 'string' || typeof e === 'string') return v === e;
    let json = episodeJson.get(k);
    if (json === undefined) episodeJson.set(k, (json = JSON.stringify(e)));
    return JSON.stringify(v) === json;
  };
  meta.steps = rows.map((r) => {
    // The row's own object, not a copy: decodeRow made it for this row, and the row is done with.
    const extras = r.extras;
    for (const [k, v] of Object.entries(r.episodeFields)) if (!sameAsEpisode(k, v)) extras[k] = v;
    if (r.intent !== undefined && r.intent !== first?.intent) extras.intent = r.intent;
    return extras;
  });

  const own = rows.map((r) => ({ ...r.step, ref: (r.extras.browserCode as { ref?: unknown } | undefined)?.ref }));
  const issues: FieldIssue[] = [];
  const shared = shareSameElementLocators(own).map(({ ref: _ref, ...step }, index) => {
    if (step.action === own[index]!.action) return { index, ...step };
    const action = Action.safeParse(step.action);
    if (!action.success) issues.push(...zodIssues(action.error, joinField(undefined, 'steps', index, 'action')));
    return { index, ...step, action: action.success ? action.data : step.action };
  });
  const candidate = { id: group.id, format: 'rpaweb', instruction: first?.intent, steps: shared, meta, source };
  const parsed = AssembledEpisode.safeParse(candidate);
  if (!parsed.success) issues.push(...zodIssues(parsed.error));
  if (!parsed.success || issues.length > 0) {
    // Only reachable through a decoder bug; still reported, not thrown.
    for (const i of issues)
      problems.push({
        file,
        line: group.firstLine,
        episode: group.id,
        field: i.field,
        message: `episode does not fit the IR: ${i.message}`,
        severity: 'error',
      });
    return reject();
  }
  return { episode: parsed.data, problems };
}

/** Two rows claiming the same step number make the order unknowable: name both lines. */
function duplicateSteps(group: RowGroup, file: string): Problem[] {
  const seen = new Map<number, number>();
  const out: Problem[] = [];
  for (const { step, line } of group.stepLines) {
    const earlier = seen.get(step);
    if (earlier === undefined) seen.set(step, line);
    else
      out.push({
        file,
        line,
        field: 'step',
        episode: group.id,
        message: `step ${step} appears twice in episode ${JSON.stringify(group.id)}: lines ${earlier} and ${line}`,
        severity: 'error',
      });
  }
  return out;
}

/** Problems sorted by line (file-level ones without a line last), each episode's together. */
export function byLine(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
}
