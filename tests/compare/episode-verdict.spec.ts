import { expect, test } from '@playwright/test';
import { episodeVerdict, type EpisodeEvidence } from '../../src/compare/episode-verdict.js';
import type { StepResult } from '../../src/ir/results.js';

const step = (index: number, extra: Partial<StepResult> = {}): StepResult => ({
  index,
  action: 'click',
  description: `click ${index}`,
  page: 'page',
  status: 'passed',
  durationMs: 1,
  ...extra,
});
const evidence = (extra: Partial<EpisodeEvidence>): EpisodeEvidence => ({
  steps: [step(0), step(1), step(2)],
  drift: [],
  finalTextMin: 0.97,
  finalDiff: '',
  failOn: 'diverged',
  ...extra,
});
const diverged = (index: number) => step(index, { compare: { verdict: 'diverged', reasons: ['target-missing'] } });

test('every step passed and nothing diverged: passed', () => {
  expect(episodeVerdict(evidence({}))).toEqual({ status: 'passed' });
});

test('the earliest thing that went wrong is the story: a divergence before the failing step', () => {
  const failed = step(2, { status: 'failed', reason: 'target-not-found', message: 'gone' });
  const steps = [step(0), diverged(1), failed];
  expect(episodeVerdict(evidence({ steps, failed, firstDivergence: 1 }))).toEqual({
    status: 'failed',
    reason: 'diverged',
    failedStep: 2,
    message: 'step 2 (click 1): the page before it is not the recorded one (target-missing)',
  });
  // A divergence after the failure does not take over.
  expect(
    episodeVerdict(
      evidence({
        steps: [failed, diverged(1)],
        failed: step(0, { status: 'failed', reason: 'timeout', message: 'slow' }),
        firstDivergence: 1,
      }),
    ),
  ).toMatchObject({ reason: 'timeout', failedStep: 0 });
});

test('--fail-on: never reports divergences only; drift fails on the first drifted step', () => {
  const steps = [step(0), diverged(1), step(2)];
  expect(episodeVerdict(evidence({ steps, firstDivergence: 1, failOn: 'never' }))).toEqual({ status: 'passed' });
  const drifted = [step(0, { compare: { verdict: 'drift', reasons: ['content-drift'] } }), step(1)];
  expect(episodeVerdict(evidence({ steps: drifted, drift: [0], failOn: 'diverged' }))).toEqual({ status: 'passed' });
  expect(episodeVerdict(evidence({ steps: drifted, drift: [0], failOn: 'drift' }))).toEqual({
    status: 'failed',
    reason: 'drift',
    failedStep: undefined,
    message: 'step 1 (click 0): the page before it drifted from the recorded one (content-drift) (--fail-on drift)',
  });
});

test("a divergence told by the failing step itself (its target only) is that step's failure", () => {
  const failed = step(1, { status: 'failed', reason: 'target-not-found', message: 'no element' });
  expect(episodeVerdict(evidence({ steps: [step(0), failed], failed, firstDivergence: 1, targetOnly: 1 }))).toEqual({
    status: 'failed',
    reason: 'target-not-found',
    failedStep: 1,
    message: 'step 2 (click 1): no element',
  });
});

test('an unreplayable record, then the final state: each in its turn', () => {
  const unreplayed = step(1, { status: 'failed', reason: 'invalid-input', message: 'bad record' });
  expect(episodeVerdict(evidence({ unreplayed }))).toEqual({
    status: 'failed',
    reason: 'invalid-input',
    failedStep: 1,
    message: 'step 2: bad record; the other steps ran',
  });
  expect(episodeVerdict(evidence({ finalTextSimilarity: 0.5, finalDiff: 'this one instead reads "x"' }))).toEqual({
    status: 'failed',
    reason: 'final-state-mismatch',
    message:
      'every step ran, but the final page reads differently from the recorded one (text similarity 0.5 < 0.97): this one instead reads "x"',
  });
  expect(episodeVerdict(evidence({ finalTextSimilarity: 0.99 }))).toEqual({ status: 'passed' });
});
