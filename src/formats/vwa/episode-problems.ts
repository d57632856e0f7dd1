import type { Problem } from '../../ir/problem.js';
import type { FieldIssue } from '../field-issue.js';
import type { RawStep } from './records.js';

/**
 * The problems of one VWA trajectory, each pinned to its file, record and field. Errors in one
 * step's record make that step unreplayable, not the episode (VWA itself failed such a step and
 * went on); only the others reject the episode.
 */
export class EpisodeProblems {
  readonly list: Problem[] = [];
  private readonly stepErrors = new Set<Problem>();
  /** Why each step cannot be replayed, from the errors its own record has. */
  private readonly unreplayable = new Map<RawStep, string[]>();

  constructor(
    private readonly file: string,
    private readonly episode: string,
  ) {}

  /** A problem of the episode (or of `step`'s record, when given) that does not stop the step. */
  pin(step: RawStep | undefined, issue: FieldIssue): Problem {
    const p: Problem = { file: this.file, message: issue.message, severity: issue.severity, episode: this.episode };
    if (step?.line !== undefined) p.line = step.line;
    if (step) p.record = step.record;
    if (issue.field !== undefined && issue.field !== '') p.field = issue.field;
    this.list.push(p);
    return p;
  }

  /** A problem of one step's record: an error makes that step unreplayable. */
  pinStep(step: RawStep, issue: FieldIssue): void {
    const p = this.pin(step, issue);
    if (issue.severity !== 'error') return;
    this.stepErrors.add(p);
    const why = this.unreplayable.get(step) ?? [];
    why.push(issue.field ? `${issue.field}: ${issue.message}` : issue.message);
    this.unreplayable.set(step, why);
  }

  /** Why `step` cannot be replayed, or undefined when it can. */
  whyUnreplayable(step: RawStep): string | undefined {
    return this.unreplayable.get(step)?.join('; ');
  }

  /** Whether an error outside a single step's record was found: the episode is then rejected. */
  hasEpisodeError(): boolean {
    return this.list.some((p) => p.severity === 'error' && !this.stepErrors.has(p));
  }
}
