import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EpisodeResult, EpisodeStatus, Reason, RunSummary, StepStatus } from './results.js';

/**
 * Appends each episode to `<out>/results.jsonl` the moment it finishes, so a killed run keeps
 * everything done so far, and writes `<out>/summary.json` at the end.
 */
export class ResultsWriter {
  readonly resultsFile: string;
  readonly summaryFile: string;
  private readonly episodes: Record<EpisodeStatus, number> = { passed: 0, failed: 0, error: 0 };
  private readonly steps: Record<StepStatus, number> = { passed: 0, failed: 0, skipped: 0, 'needs-input': 0 };
  private readonly reasons: Partial<Record<Reason, number>> = {};
  private readonly resolvedBy: Record<string, number> = {};
  private readonly startedAt = new Date();

  constructor(readonly out: string) {
    mkdirSync(out, { recursive: true });
    this.resultsFile = join(out, 'results.jsonl');
    this.summaryFile = join(out, 'summary.json');
    writeFileSync(this.resultsFile, '');
  }

  add(result: EpisodeResult): void {
    appendFileSync(this.resultsFile, JSON.stringify(result) + '\n');
    this.episodes[result.status] += 1;
    if (result.reason) this.reasons[result.reason] = (this.reasons[result.reason] ?? 0) + 1;
    for (const s of result.steps) {
      this.steps[s.status] += 1;
      if (s.resolvedBy) this.resolvedBy[s.resolvedBy] = (this.resolvedBy[s.resolvedBy] ?? 0) + 1;
    }
  }

  get counts(): Readonly<Record<EpisodeStatus, number>> {
    return this.episodes;
  }

  /** 0 when every episode passed, 1 when any failed or errored (or none ran). */
  exitCode(): number {
    const total = this.episodes.passed + this.episodes.failed + this.episodes.error;
    return total > 0 && this.episodes.passed === total ? 0 : 1;
  }

  finish(extra: Pick<RunSummary, 'dataset' | 'problems'> & Partial<Pick<RunSummary, 'browser'>>): RunSummary {
    const finishedAt = new Date();
    const summary: RunSummary = {
      dataset: extra.dataset,
      out: this.out,
      startedAt: this.startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt.getTime() - this.startedAt.getTime(),
      browser: extra.browser,
      episodes: { total: this.episodes.passed + this.episodes.failed + this.episodes.error, ...this.episodes },
      steps: { total: Object.values(this.steps).reduce((a, b) => a + b, 0), ...this.steps },
      reasons: this.reasons,
      resolvedBy: this.resolvedBy,
      problems: extra.problems,
      exitCode: this.exitCode(),
    };
    writeFileSync(this.summaryFile, JSON.stringify(summary, null, 2) + '\n');
    return summary;
  }
}
