import type { Browser } from 'playwright';
import { describeAction, type Episode } from '../../ir/index.js';
import type { EpisodeResult, StepResult } from '../../ir/results.js';
import { openSealedPage } from '../sealed-page.js';
import { checkStep } from './check-step.js';
import { recordedHtml, render } from './render.js';
import { mhtmlFile, renderMhtml } from './mhtml-page.js';
import { callHook, HookError, type ReplayHooks } from '../hooks.js';
import { errorLine } from '../../error-line.js';

const NO_BEFORE_STATE = 'no recorded before-state';

export interface SnapshotOptions {
  timeoutMs: number;
  /** `--allow-scripts`: let recorded pages run their scripts (still with no network). */
  allowScripts?: boolean;
  defaultViewport: { width: number; height: number };
  /** `--viewport`: every before-state is rendered at this size, whatever the recording says. */
  viewport?: { width: number; height: number };
  /** `--from-step`/`--to-step` (0-based): only the steps in between are checked. */
  fromStep?: number;
  toStep?: number;
  /** beforeStep/afterStep around each step checked (see ReplayHooks). */
  hooks?: ReplayHooks;
}

/**
 * Snapshot replay: each step is checked on its own recorded before-state, rendered sealed
 * (every request aborted, no script by default), at the recorded viewport. Unlike live replay a
 * failed step does not end the episode: every step has its own evidence, and a dataset audit
 * wants every broken step, not the first.
 */
export async function runSnapshotEpisode(browser: Browser, episode: Episode, options: SnapshotOptions): Promise<EpisodeResult> {
  const started = Date.now();
  const { context, page } = await openSealedPage(browser, {
    viewport: options.viewport ?? options.defaultViewport,
    allowScripts: options.allowScripts,
  });
  const size = (recorded: { width: number; height: number } | undefined) =>
    options.viewport ? { width: options.viewport.width, height: options.viewport.height } : recorded;
  const steps: StepResult[] = [];
  const targets = { checked: 0, found: 0, onPositive: 0 };
  /** Steps that had a before-state to render, and steps inside --from-step/--to-step. */
  let rendered = 0;
  let inRange = 0;
  // Mind2Web records positive candidates: every checked step counts toward element accuracy,
  // a step with none (pos_candidates empty) as a miss, as Mind2Web's own metric scores it.
  const scoresElements = episode.scoresElements === true;
  try {
    for (const step of episode.steps) {
      const t0 = Date.now();
      const base = {
        index: step.index,
        recordedStep: step.recordedStep,
        action: step.action.type,
        description: describeAction(step.action),
        page: step.page,
      };
      // Every step stands on its own evidence: outside the range there is nothing to reach, only to leave out.
      const outside =
        options.fromStep !== undefined && step.index < options.fromStep
          ? 'before --from-step'
          : options.toStep !== undefined && step.index > options.toStep
            ? 'after --to-step'
            : undefined;
      if (outside) {
        steps.push({ ...base, status: 'skipped', message: `not checked: ${outside}`, durationMs: 0 });
        continue;
      }
      inRange++;
      const html = recordedHtml(step.before);
      const mhtml = html === undefined ? mhtmlFile(step.before?.htmlFile) : undefined;
      if (html === undefined && mhtml === undefined) {
        const message = step.before?.screenshot ? 'no recorded before-state HTML to render (only a screenshot)' : NO_BEFORE_STATE;
        steps.push({ ...base, status: 'skipped', message, durationMs: 0 });
        continue;
      }
      let result: StepResult;
      rendered++;
      try {
        if (html !== undefined) await render(page, html, size(step.before?.viewport), options.timeoutMs);
        else await renderMhtml(page, mhtml!, size(step.before?.viewport), options.timeoutMs);
        // The hook sees the recorded page this step is checked on.
        await callHook(options.hooks, 'beforeStep', { episode, step, page });
        const check = await checkStep(page, step, options.timeoutMs, {
          rawHtml: step.before?.htmlForm === 'dom-xml' && step.before.html !== undefined,
        });
        if (check.status !== 'skipped') targets.checked++;
        if (
          check.status === 'passed' ||
          (check.status === 'failed' && check.reason !== 'target-not-found' && check.reason !== 'ambiguous-target')
        )
          targets.found++;
        if (check.status !== 'skipped' && check.onPositive) targets.onPositive++;
        const notes = [
          ...(check.status !== 'skipped' && check.revealed
            ? [
                `shown only on hover: found by pointing at its ${check.revealed.hosts > 1 ? `container (${check.revealed.hosts} containers each show one; ${step.before?.targetBox ? 'the one nearest the recorded box' : 'the first'} was taken)` : 'container'}`,
              ]
            : []),
          ...(check.status === 'passed' ? (check.notes ?? []) : []),
          ...(scoresElements && check.status !== 'skipped' && check.locate && !check.onPositive
            ? [notOnPositive(step, mhtml !== undefined)]
            : []),
        ];
        const hover = {
          ...(check.status !== 'skipped' && check.revealed ? { target: { revealedByHover: true } } : {}),
          ...(notes.length ? { notes } : {}),
        };
        result =
          check.status === 'failed'
            ? { ...base, status: 'failed', reason: check.reason, message: check.message, ...hover, durationMs: Date.now() - t0 }
            : check.status === 'skipped'
              ? { ...base, status: 'skipped', message: check.message, durationMs: Date.now() - t0 }
              : { ...base, status: 'passed', resolvedBy: check.locate?.kind, ...hover, durationMs: Date.now() - t0 };
      } catch (error) {
        if (error instanceof HookError) throw error;
        result = {
          ...base,
          status: 'failed',
          reason: 'error',
          message: errorLine(error),
          durationMs: Date.now() - t0,
        };
      }
      steps.push(result);
      await callHook(options.hooks, 'afterStep', { episode, step, result, page });
    }
  } finally {
    await context.close().catch(() => undefined);
  }
  const failed = steps.find((s) => s.status === 'failed');
  // Not one step could be rendered (BabyAGI keeps screenshots only; a VWA trajectory or a DevTools
  // flow keeps no page HTML): a `passed` would claim a check that never happened. Nothing is wrong
  // with the trajectory either, so it is an `error` of this mode, not a `failed` episode.
  const nothing =
    !failed && inRange > 0 && rendered === 0
      ? `nothing was checked: snapshot mode checks steps on their recorded page HTML, and this ${episode.format} episode records none${screenshotsOnly(episode) ? ` (${episode.format} keeps screenshots only)` : ''}; replay it live${namesNoUrl(episode) ? ' with --start-url' : ''}`
      : undefined;
  const hasPositives =
    scoresElements || episode.steps.some((s) => 'target' in s.action && s.action.target?.locate.some((l) => l.kind === 'backendNodeId'));
  return {
    episode: episode.id,
    format: episode.format,
    instruction: episode.instruction,
    source: episode.source,
    durationMs: Date.now() - started,
    steps,
    targets: hasPositives ? targets : { checked: targets.checked, found: targets.found },
    ...(nothing
      ? { status: 'error' as const, reason: 'not-supported' as const, message: nothing }
      : failed
        ? {
            status: 'failed' as const,
            reason: failed.reason,
            failedStep: failed.index,
            message: `step ${failed.index + 1} (${failed.description}): ${failed.message ?? failed.reason}`,
          }
        : { status: 'passed' as const }),
  };
}

/** Why a found Mind2Web target does not count toward element accuracy. */
function notOnPositive(step: Episode['steps'][number], fromMhtml: boolean): string {
  const target = 'target' in step.action ? step.action.target : undefined;
  const positives = target?.locate.flatMap((l) => (l.kind === 'backendNodeId' ? [l.backendNodeId] : [])) ?? [];
  if (fromMhtml && positives.length > 0) return 'not counted on a positive candidate: the MHTML before-state carries no backend node ids';
  return positives.length === 0
    ? "not on a positive candidate: pos_candidates is empty (Mind2Web filtered out this step's ground truth), so element accuracy counts it as a miss"
    : `not on a positive candidate: the element found is not node ${positives.join(' / ')}`;
}

/** Every recorded before-state is a screenshot and nothing else (BabyAGI, say). */
const screenshotsOnly = (episode: Episode): boolean =>
  episode.steps.length > 0 &&
  episode.steps.every((s) => s.before?.screenshot !== undefined && s.before.html === undefined && s.before.htmlFile === undefined);

/** Nothing in the recording says where it started: live replay needs --start-url. */
const namesNoUrl = (episode: Episode): boolean => !episode.steps.some((s) => s.action.type === 'navigate' || s.before?.url !== undefined);
