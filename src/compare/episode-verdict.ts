import type { EpisodeResult, FailOn, StepResult } from '../ir/results.js';
import { describeWordsDiff } from './words-diff.js';

/** What a replayed episode left behind, for its verdict: results, divergences, the final check. */
export interface EpisodeEvidence {
  steps: readonly StepResult[];
  /** The first step that did not pass (the replay stopped there). */
  failed?: StepResult;
  /** The first step whose record could not be replayed (the rest still ran). */
  unreplayed?: StepResult;
  firstDivergence?: number;
  drift: readonly number[];
  /** A step that failed target-not-found where its missing target was the only divergence. */
  targetOnly?: number;
  /** The first trailing closePage: its before-state is the recorded final state. */
  finalFrom?: number;
  finalTextSimilarity?: number;
  finalTextMin: number;
  /** The final page's differing words, in words ('' when none). */
  finalDiff: string;
  failOn: FailOn;
}

export type EpisodeVerdict = Pick<EpisodeResult, 'status' | 'reason' | 'failedStep' | 'message'>;

/**
 * The verdict of an episode that ran to its end (crashes and hung pages are decided before):
 * the earliest thing that went wrong is the story — a page that diverged before step k explains
 * a target missing at step k+2 — and `--fail-on` says which before-state verdicts count; the
 * others stay reported (firstDivergence, drift). Pure, so every rule is unit-tested.
 */
export function episodeVerdict(e: EpisodeEvidence): EpisodeVerdict {
  const { steps, failed, unreplayed, firstDivergence, drift, targetOnly, finalFrom, finalDiff, failOn } = e;
  // A divergence at the step that failed only because its target was missing, or at the trailing
  // closePage whose before-state the final-state check judges, is told by that step or check.
  const finalMismatch = e.finalTextSimilarity !== undefined && e.finalTextSimilarity < e.finalTextMin;
  const toldElsewhere =
    (firstDivergence !== undefined && firstDivergence === targetOnly && firstDivergence === failed?.index) ||
    (!failed && finalMismatch && finalFrom !== undefined && firstDivergence !== undefined && firstDivergence >= finalFrom);
  const divergedAt = failOn === 'never' || toldElsewhere ? undefined : firstDivergence;
  const driftAt = failOn === 'drift' ? drift[0] : undefined;
  if (divergedAt !== undefined && (!failed || divergedAt <= failed.index) && (driftAt === undefined || divergedAt <= driftAt)) {
    const s = steps[divergedAt]!;
    return {
      status: 'failed',
      reason: 'diverged',
      failedStep: failed?.index,
      message: `step ${divergedAt + 1} (${s.description}): the page before it is not the recorded one (${s.compare?.reasons.join(', ')})${wordsOf(s)}`,
    };
  }
  if (driftAt !== undefined && (!failed || driftAt <= failed.index)) {
    const s = steps[driftAt]!;
    const what =
      s.compare && s.compare.verdict === 'drift'
        ? `the page before it drifted from the recorded one (${s.compare.reasons.join(', ')})${wordsOf(s)}`
        : (s.notes?.[0] ?? 'it drifted from the recording');
    return {
      status: 'failed',
      reason: 'drift',
      failedStep: failed?.index,
      message: `step ${driftAt + 1} (${s.description}): ${what} (--fail-on drift)`,
    };
  }
  if (failed) {
    return {
      status: 'failed',
      reason: failed.reason,
      failedStep: failed.index,
      message: `step ${failed.index + 1} (${failed.description}): ${failed.message ?? failed.reason}`,
    };
  }
  if (unreplayed) {
    return {
      status: 'failed',
      reason: unreplayed.reason ?? 'invalid-input',
      failedStep: unreplayed.index,
      message: `step ${unreplayed.index + 1}: ${unreplayed.message}; the other steps ran`,
    };
  }
  if (finalMismatch) {
    return {
      status: 'failed',
      reason: 'final-state-mismatch',
      message: `every step ran, but the final page reads differently from the recorded one (text similarity ${e.finalTextSimilarity} < ${e.finalTextMin})${finalDiff ? `: ${finalDiff}` : ''}`,
    };
  }
  return { status: 'passed' };
}

/** A before-state's differing words, for a message; '' when none were listed. */
const wordsOf = (s: StepResult): string => (s.compare?.textDiff ? `: ${describeWordsDiff(s.compare.textDiff, 'page')}` : '');
