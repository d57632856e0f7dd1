import type { Browser } from 'playwright';
import { describeAction, type Episode } from '../../ir/index.js';
import type { EpisodeResult, StepResult } from '../../report/results.js';
import { openSealedPage } from '../sealed-page.js';
import { checkStep } from './check-step.js';
import { recordedHtml, render } from './render.js';
import { mhtmlFile, renderMhtml } from './mhtml-page.js';

const NO_BEFORE_STATE = 'no recorded before-state';

export interface SnapshotOptions {
  timeoutMs: number;
  /** `--allow-scripts`: let recorded pages run their scripts (still with no network). */
  allowScripts?: boolean;
  defaultViewport: { width: number; height: number };
}

/**
 * Snapshot replay: each step is checked on its own recorded before-state, rendered sealed
 * (every request aborted, no script by default), at the recorded viewport. Unlike live replay a
 * failed step does not end the episode: every step has its own evidence, and a dataset audit
 * wants every broken step, not the first.
 */
export async function runSnapshotEpisode(browser: Browser, episode: Episode, options: SnapshotOptions): Promise<EpisodeResult> {
  const started = Date.now();
  const { context, page } = await openSealedPage(browser, { viewport: options.defaultViewport, allowScripts: options.allowScripts });
  const steps: StepResult[] = [];
  const targets = { checked: 0, found: 0, onPositive: 0 };
  try {
    for (const step of episode.steps) {
      const t0 = Date.now();
      const base = { index: step.index, recordedStep: step.recordedStep, action: step.action.type, description: describeAction(step.action), page: step.page };
      const html = recordedHtml(episode, step.before);
      const mhtml = html === undefined ? mhtmlFile(step.before?.htmlFile) : undefined;
      if (html === undefined && mhtml === undefined) {
        steps.push({ ...base, status: 'skipped', message: NO_BEFORE_STATE, durationMs: 0 });
        continue;
      }
      let result: StepResult;
      try {
        if (html !== undefined) await render(page, html, step.before?.viewport, options.timeoutMs);
        else await renderMhtml(page, mhtml!, step.before?.viewport, options.timeoutMs);
        const check = await checkStep(page, step, options.timeoutMs);
        if (check.status !== 'skipped') targets.checked++;
        if (check.status === 'passed' || (check.status === 'failed' && check.reason !== 'target-not-found' && check.reason !== 'ambiguous-target')) targets.found++;
        if (check.status !== 'skipped' && check.onPositive) targets.onPositive++;
        const hover = check.status !== 'skipped' && check.revealed
          ? { target: { revealedByHover: true }, notes: [`shown only on hover: found by pointing at its ${check.revealed.hosts > 1 ? `container (${check.revealed.hosts} containers each show one; ${step.before?.targetBox ? 'the one nearest the recorded box' : 'the first'} was taken)` : 'container'}`] }
          : {};
        result = check.status === 'failed'
          ? { ...base, status: 'failed', reason: check.reason, message: check.message, ...hover, durationMs: Date.now() - t0 }
          : check.status === 'skipped'
            ? { ...base, status: 'skipped', message: check.message, durationMs: Date.now() - t0 }
            : { ...base, status: 'passed', resolvedBy: check.locate?.kind, ...hover, durationMs: Date.now() - t0 };
      } catch (error) {
        result = { ...base, status: 'failed', reason: 'error', message: (error as Error).message.split('\n')[0], durationMs: Date.now() - t0 };
      }
      steps.push(result);
    }
  } finally {
    await context.close().catch(() => undefined);
  }
  const failed = steps.find((s) => s.status === 'failed');
  // No step had a recorded page to check (a VWA trajectory or DevTools flow keeps no HTML): nothing
  // was checked, which is no pass.
  const unchecked = steps.length > 0 && steps.every((s) => s.message === NO_BEFORE_STATE);
  const hasPositives = episode.steps.some((s) => 'target' in s.action && s.action.target?.locate.some((l) => l.kind === 'backendNodeId'));
  return {
    episode: episode.id,
    format: episode.format,
    instruction: episode.instruction,
    source: episode.source,
    durationMs: Date.now() - started,
    steps,
    targets: hasPositives ? targets : { checked: targets.checked, found: targets.found },
    ...(failed
      ? { status: 'failed' as const, reason: failed.reason, failedStep: failed.index, message: `step ${failed.index + 1} (${failed.description}): ${failed.message ?? failed.reason}` }
      : unchecked
        ? { status: 'error' as const, reason: 'not-supported' as const, message: `snapshot mode checks steps on their recorded page HTML, and this ${episode.format} episode records none: nothing was checked (replay it live)` }
        : { status: 'passed' as const }),
  };
}
