import { join } from 'node:path';
import { describeAction, type Action, type Evidence, type Step, type Target } from '../ir/index.js';
import type { Reason, StepResult } from '../ir/results.js';
import { DialogDesk } from './dialogs.js';
import type { RequestsInFlight } from './requests-in-flight.js';
import { EFFECT_SETTLE_MS } from './effects/effect.js';
import { relativeToOut } from '../results/episode-files.js';
import { PageRegistry } from './pages.js';
import { perform, type Outcome } from './perform.js';
import { pollUntil } from './poll.js';
import { armSignals, awaitVisible } from './signals.js';
import { resolveTarget, type Probe, type Resolution } from './locate.js';
import { timeoutCause } from './action-blocker.js';
import { HttpErrors } from './http-errors.js';
import { EpisodeSecrets } from './episode-secrets.js';
import { directLocator } from './heal/direct-locator.js';
import { blockedNavigation } from './sandbox/url-policy.js';
import { DEFAULT_MAX_ARTIFACT_BYTES } from './artifact-budget.js';
import type { ReplayOptions } from './replay-options.js';
import { timed } from './profile.js';

export interface StepEnv {
  httpErrors: HttpErrors;
  pages: PageRegistry;
  dialogs: DialogDesk;
  /** The episode's open requests: a click the page answered by sending one (guarded-click.ts). */
  requests: RequestsInFlight;
  toLive(url: string): string;
  options: ReplayOptions;
  dir: string;
  secrets: EpisodeSecrets;
  /**
   * Settles once the step's before-state comparison has seen the page: the target's first look
   * (a read) may run meanwhile, nothing that changes the page may (run-episode.ts).
   */
  beforeActing?: Promise<unknown>;
  /**
   * The viewport screenshot the step's comparison took of the page before it (unmasked), read
   * once `beforeActing` settled: the page at rest, which finding a control shown only on hover
   * would otherwise screenshot again.
   */
  screenshotBefore?: () => Buffer | undefined;
  /** The next step's recorded before-state, when it is on the same page: what this step left. */
  recordedAfter?: Evidence;
}

export async function runStep(step: Step, env: StepEnv): Promise<StepResult> {
  const started = Date.now();
  const description = describeAction(step.action);
  let healed: StepResult['healed'];
  const done = (outcome: Outcome, extra: Partial<StepResult> = {}): StepResult => ({
    index: step.index,
    recordedStep: step.recordedStep,
    action: step.action.type,
    description,
    page: step.page,
    durationMs: Date.now() - started,
    ...(outcome.status === 'passed'
      ? { status: 'passed', notes: outcome.notes?.length ? outcome.notes : undefined, effect: outcome.effect }
      : { status: 'failed', reason: outcome.reason, message: outcome.message }),
    ...targetReport(outcome),
    ...(outcome.pointCheck ? { pointCheck: outcome.pointCheck } : {}),
    ...(healed ? { healed } : {}),
    ...extra,
  });

  if (step.unreplayable)
    return done({ status: 'failed', reason: 'invalid-input', message: `not replayed, the record is malformed: ${step.unreplayable}` });

  const input = env.secrets.input(step);
  if ('missing' in input) {
    const param = input.missing;
    return {
      ...done({ status: 'passed' }),
      status: 'needs-input',
      reason: 'needs-input',
      message: `this step needs a value: pass --param ${param}=… (or --secret)${step.needsInput?.prompt ? ` (${step.needsInput.prompt})` : ''}`,
    };
  }

  const blocked = blockedNavigation(input.action, env.toLive, env.options.allowUrlSchemes);
  if (blocked) return done({ status: 'failed', reason: 'blocked-url', message: blocked });

  // A recorded step timeout (DevTools) may lengthen the run's, never shorten it.
  const timeoutMs = Math.max(env.options.timeoutMs, step.timeoutMs ?? 0);
  const page = pageIndependent(input.action) ? undefined : await timed('run.page', () => env.pages.forStep(step.page));
  env.dialogs.beginStep(step.expect);
  const downloadsDir = join(env.dir, 'downloads');
  try {
    const unseen = await timed('run.await-visible', () => awaitVisible(step.expect, page, timeoutMs));
    const settleSignals = armSignals(step.expect, {
      page,
      pages: env.pages,
      timeoutMs,
      mapUrl: env.toLive,
      downloadsDir,
      maxBytes: env.options.compare.maxArtifactBytes ?? DEFAULT_MAX_ARTIFACT_BYTES,
      relative: (p) => relativeToOut(env.options.out, p),
    });
    const gate = env.beforeActing;
    const resolve = async (target: Target, exact?: boolean, probe?: Probe): Promise<Resolution> => {
      if (!page) return { ok: false, reason: 'target-not-found', message: 'no page' };
      const found = await timed('run.resolve', () =>
        resolveTarget(page, target, {
          timeoutMs,
          strict: exact || env.options.strict,
          inOrder: env.options.heal,
          thresholds: env.options.thresholds,
          before: step.before,
          browser: page.context().browser(),
          probe,
          gate,
          screenshotBefore: env.screenshotBefore,
        }),
      );
      await gate; // whichever way the resolver returned
      // The element a secret goes into is masked in every later screenshot.
      if (found.ok && input.secret) env.secrets.typedInto(found.locator);
      // Healing: a fallback found the element; write back only a locator that finds it alone.
      if (found.ok && found.strategy !== 'recorded' && env.options.heal) {
        healed = found.frame
          ? { none: 'the element is inside a frame' }
          : ((await directLocator(page, found.locator).catch(() => undefined)) ?? {
              none: 'no locator finds this element alone on the live page',
            });
      }
      return found;
    };
    // Only a target's first look runs before the comparison is done; an action without one waits here.
    if (gate && !('target' in input.action && input.action.target)) await gate;
    const outcome = await timed('run.perform', () =>
      withDeadline(
        perform(input.action, {
          pages: env.pages,
          page,
          pageName: step.page,
          timeoutMs,
          mapUrl: env.toLive,
          filesDir: env.options.filesDir,
          resolve,
          repair: env.options.repair,
          evidence: step.before,
          evidenceAfter: env.recordedAfter,
          answerWait: { requests: env.requests, dialogs: env.dialogs, maxMs: EFFECT_SETTLE_MS },
        }),
        timeoutMs * 3 + 5000,
      ),
    );
    if (page && !page.isClosed()) env.pages.current = page;
    if (outcome.status === 'failed') return done(outcome);
    const signals = await timed('run.signals', () => settleSignals());
    const extra: Partial<StepResult> = {
      downloads: signals.downloads.length ? signals.downloads : undefined,
      url: (env.pages.current ?? page)?.url(),
    };
    if (signals.failure) return done({ ...signals.failure, found: outcome.found }, extra);
    if (env.dialogs.missing > 0) await pollUntil(async () => (env.dialogs.missing === 0 ? true : undefined), Math.min(timeoutMs, 2000));
    if (env.dialogs.missing > 0)
      return done(
        { status: 'failed', reason: 'dialog-missing', message: 'the recorded dialog did not appear', found: outcome.found },
        extra,
      );
    const httpError = env.httpErrors.showing(env.pages.openPages());
    if (httpError) return done({ status: 'failed', reason: 'http-error', message: httpError, found: outcome.found }, extra);
    if (env.dialogs.unexpected.length)
      return done(
        {
          status: 'failed',
          reason: 'unexpected-dialog',
          message: `a dialog the recording did not see was dismissed: ${env.dialogs.unexpected.join('; ')}`,
          found: outcome.found,
        },
        extra,
      );
    const notes = [
      ...unseen,
      ...(outcome.notes ?? []),
      ...signals.notes,
      ...input.used.map((n) => `typed the ${env.secrets.isSecret(n) ? 'secret ' : ''}value of ${n} given for this run`),
    ];
    return done({ ...outcome, notes }, extra);
  } catch (error) {
    return done({ status: 'failed', ...classify(error) });
  }
}

/** How the step's target was found (or the closest candidates when it was not), for its result. */
function targetReport(outcome: Outcome): Partial<StepResult> {
  const found = outcome.found;
  const candidates = outcome.status === 'failed' ? outcome.candidates : undefined;
  if (!found && !candidates?.length) return {};
  const detail = {
    evidence: found?.strategy === 'recorded' ? undefined : found?.evidence,
    frame: found?.frame,
    revealedByHover: found?.revealed,
    candidates,
  };
  const hasDetail = Object.values(detail).some((v) => v !== undefined);
  return { resolvedBy: found?.strategy, score: found?.score, target: hasDetail ? detail : undefined };
}

function pageIndependent(action: Action): boolean {
  return (
    action.type === 'openPage' ||
    action.type === 'newTab' ||
    action.type === 'switchPage' ||
    action.type === 'stop' ||
    action.type === 'noop'
  );
}

/** A step whose work did not settle within the watchdog's budget. */
export function lateStep(step: Step, ms: number): StepResult {
  return { ...skipped(step, undefined), status: 'failed', reason: 'timeout', message: `the step did not finish within ${ms} ms` };
}

export function skipped(step: Step, failed: StepResult | undefined): StepResult {
  return {
    index: step.index,
    recordedStep: step.recordedStep,
    action: step.action.type,
    description: describeAction(step.action),
    page: step.page,
    status: 'skipped',
    reason: 'after-failure',
    message: failed ? `not run: step ${failed.index + 1} did not pass` : 'not run',
    durationMs: 0,
  };
}

function classify(error: unknown): { reason: Reason; message: string } {
  const err = error as Error;
  const full = err?.message ?? String(error);
  const message = full.split('\n')[0]!;
  if (err?.name === 'TimeoutError' || /Timeout \d+ms exceeded/.test(message)) {
    const cause = timeoutCause(full);
    return { reason: 'timeout', message: cause ? `${message} ${cause}` : message };
  }
  if (/Target (page, context or browser )?(has been )?closed|Browser has been closed|crash/i.test(message))
    return { reason: 'browser-crashed', message };
  if (/strict mode violation/.test(message)) return { reason: 'ambiguous-target', message };
  return { reason: 'error', message };
}

class DeadlineExceeded extends Error {
  override name = 'TimeoutError';
}

/** A step that never settles (a hung renderer) must not hang the run. */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(`step did not settle within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
