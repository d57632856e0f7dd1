import { Episode, type FormatName, type SourceRef, type Step } from '../../ir/episode.js';
import type { RejectedEpisode } from '../format.js';
import type { FieldIssue } from '../field-issue.js';
import { pinIssue, zodIssues } from '../field-issue.js';
import type { Problem } from '../../ir/problem.js';
import { isLazyText, withoutLazyText } from '../json-string-bytes.js';

/** A FieldIssue as a Problem at a record of `at.file` (line and record path when known). */
export function pinAt(issue: FieldIssue, at: SourceRef, episode?: string): Problem {
  const p = pinIssue(issue, at.file, at.line, episode);
  if (at.record !== undefined && at.record !== '') p.record = at.record;
  return p;
}

/** What decoding one record (or group of rows) gave: at most one of episode/rejected. */
export interface EpisodeResult {
  episode?: Episode;
  rejected?: RejectedEpisode;
  problems: Problem[];
}

export interface EpisodeDraft {
  id: string;
  format: FormatName;
  instruction?: string;
  continues?: string;
  steps: Omit<Step, 'index'>[];
  meta: Record<string, unknown>;
  source: SourceRef;
  viewportCandidates?: { width: number; height: number; deviceScaleFactor: number }[];
}

/**
 * Builds the Episode, or rejects it when any of its problems is an error: one bad action means
 * the task cannot be replayed as recorded, and the user must hear about it, not get a replay
 * with a hole. An episode with no steps is not one (a warning, nothing to replay).
 */
export function finishEpisode(draft: EpisodeDraft, problems: Problem[]): EpisodeResult {
  const reject = (): EpisodeResult => ({ rejected: rejected(draft.id, draft.format, draft.source, problems), problems });
  if (problems.some((p) => p.severity === 'error')) return reject();
  if (draft.steps.length === 0) {
    problems.push({ ...sourceProblem(draft.source), episode: draft.id, message: 'no actions: nothing to replay', severity: 'warning' });
    return { problems };
  }
  const candidate: Record<string, unknown> = {
    id: draft.id,
    format: draft.format,
    steps: draft.steps.map((s, index) => ({ index, ...s })),
    meta: draft.meta,
    source: draft.source,
  };
  // Every Mind2Web step names its positive candidates (possibly none): element accuracy applies.
  // BabyAGI shares this assembly but records option boxes, not the right element.
  if (draft.format === 'mind2web' || draft.format === 'mt-mind2web') candidate.scoresElements = true;
  if (draft.instruction !== undefined) candidate.instruction = draft.instruction;
  if (draft.continues !== undefined) candidate.continues = draft.continues;
  if (draft.viewportCandidates !== undefined) candidate.viewportCandidates = draft.viewportCandidates;
  // Validated without reading undecoded before-state HTML (which would decode it); put back after.
  const lazySteps = new Map<number, Step['before']>();
  const steps = candidate.steps as Step[];
  steps.forEach((s, i) => {
    if (s.before && isLazyText(s.before, 'html')) lazySteps.set(i, s.before);
  });
  if (lazySteps.size) candidate.steps = steps.map((s, i) => (lazySteps.has(i) ? { ...s, before: withoutLazyText(s.before!) } : s));
  const parsed = Episode.safeParse(candidate);
  if (parsed.success) for (const [i, before] of lazySteps) parsed.data.steps[i]!.before = before;
  if (!parsed.success) {
    // Only reachable through a decoder bug; still reported, not thrown.
    for (const i of zodIssues(parsed.error))
      problems.push(pinAt({ ...i, message: `episode does not fit the IR: ${i.message}` }, draft.source, draft.id));
    return reject();
  }
  return { episode: parsed.data, problems };
}

export function rejected(id: string, format: FormatName, source: SourceRef, problems: Problem[]): RejectedEpisode {
  return { id, format, source, problems };
}

function sourceProblem(src: SourceRef): Pick<Problem, 'file' | 'line' | 'record'> {
  const p: Pick<Problem, 'file' | 'line' | 'record'> = { file: src.file };
  if (src.line !== undefined) p.line = src.line;
  if (src.record !== undefined && src.record !== '') p.record = src.record;
  return p;
}

/** A SourceRef without empty parts. */
export function sourceRef(file: string, line: number | undefined, record: string | undefined): SourceRef {
  const s: SourceRef = { file };
  if (line !== undefined) s.line = line;
  if (record !== undefined && record !== '') s.record = record;
  return s;
}

/** Larger values than this are not copied into `meta` (it travels into every report). */
const META_VALUE_MAX = 4096;

/** A record's fields the decoder does not know, for `meta`, leaving out bulky ones. */
export function extraFields(obj: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (known.has(k) || v === undefined) continue;
    if ((JSON.stringify(v)?.length ?? 0) <= META_VALUE_MAX) out[k] = v;
  }
  return out;
}

/** A problem of the file itself (not of one record): an error, charged to no episode. */
export function fileProblem(file: string, rec: { line?: number; message: string }): Problem {
  const p: Problem = { file, message: rec.message, severity: 'error' };
  if (rec.line !== undefined) p.line = rec.line;
  return p;
}
