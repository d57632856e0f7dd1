import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { textSimilarity } from '../compare/visible-text.js';
import { contentWords } from '../compare/dom-similarity.js';
import { describeWordsDiff, wordsDiff } from '../compare/words-diff.js';
import { describeAction, type Action, type Episode, type Step, type Target } from '../ir/index.js';
import type { BeforeStateComparison, EpisodeResult, FinalState, Reason, StepResult } from '../ir/results.js';
import { DialogDesk } from './dialogs.js';
import { episodeDir, relativeToOut } from '../results/episode-files.js';
import { PageRegistry } from './pages.js';
import { perform, type Outcome } from './perform.js';
import { pollUntil } from './poll.js';
import { armSignals, awaitVisible } from './signals.js';
import { mapUrl, type UrlMapping } from '../ir/url-map.js';
import { resolveTarget, type Resolution } from './locate.js';
import type { MatchThresholds } from '../compare/target-match.js';
import { expectedUrls } from '../compare/expected-url.js';
import { compareBeforeState, type CompareOptions, type LiveCapture } from './before-state.js';
import type { StepNoise } from '../compare/noise-mask.js';
import { stepNoise, writeCalibration } from './step-noise.js';
import { timeoutCause } from './action-blocker.js';
import { finalVerification } from './final-verification.js';
import { HttpErrors } from './http-errors.js';
import { settle } from './settle.js';
import type { Secret } from '../secrets.js';
import { EpisodeSecrets } from './episode-secrets.js';
import { scrubZip } from './scrub-zip.js';
import { ReplaySession } from './session.js';
import { chooseViewport } from './choose-viewport.js';
import { startUrlFor } from './start-url.js';
import { CrashWatch } from './crash-watch.js';
import { captureBaseline } from './heal/baseline.js';
import { directLocator } from './heal/direct-locator.js';
import type { OfflineOptions } from './offline.js';
import { callHook, type ReplayHooks } from './hooks.js';
import { blockedNavigation, blockedUrl } from './sandbox/url-policy.js';
import { inertHtml } from './sandbox/inert-html.js';
import { discard, Watchdog } from './sandbox/watchdog.js';
import { DEFAULT_MAX_ARTIFACT_BYTES } from './artifact-budget.js';

export interface ReplayOptions extends OfflineOptions {
  out: string;
  /**
   * `live`: drive the site (or a local copy) from the first step. `snapshot`: check each step
   * on its own recorded before-state, sealed from the network.
   */
  replayMode?: 'live' | 'snapshot';
  /** Snapshot mode: let recorded pages run their scripts (still with no network). */
  allowScripts?: boolean;
  urlMappings: UrlMapping[];
  /** `--param NAME=VALUE`: values for steps that need input. */
  params: Record<string, string>;
  /** `--secret` (and secret `--params`/env) values: typed like params, kept out of every output. */
  secrets?: Secret[];
  /** Per-step timeout. */
  timeoutMs: number;
  /** `--episode-timeout`: past this the episode ends `error`/`timeout` and the run goes on. */
  episodeTimeoutMs?: number;
  filesDir?: string;
  /** Below this visible-text similarity the final page is not what the recording reached. */
  finalTextMin: number;
  /** `--strict`: only the recorded selector finds targets. */
  strict?: boolean;
  /**
   * `--heal`: a step found by a fallback also gets a locator that finds its element directly, and
   * every step keeps its live before-state (see results' `healed`/`baseline`, used by `heal`/`approve`).
   */
  heal?: boolean;
  /** `--repair`: an action recorded at a point (VWA) whose element moved acts on the element found again. */
  repair?: boolean;
  /** `--min-score` and the ambiguity margin for similarity matches. */
  thresholds?: MatchThresholds;
  /** Before-state comparison (`--compare`). */
  compare: CompareOptions;
  /** `--stop-at-first-divergence`: a diverged before-state ends the episode there. */
  stopAtFirstDivergence?: boolean;
  /**
   * `--fail-on`: which before-state verdict fails the episode — `diverged` (default), `drift`
   * (drift too, for regression runs on an unchanged site) or `never` (verdicts are reported only).
   */
  failOn?: FailOn;
  /** `--trace`: a Playwright trace per episode, kept always, never, or for episodes that did not pass. */
  trace?: 'on' | 'off' | 'retain-on-failure';
  /**
   * `--from-step`/`--to-step` (0-based here): steps before `fromStep` run only to reach the state
   * (no comparison), steps after `toStep` do not run.
   */
  fromStep?: number;
  toStep?: number;
  /**
   * `--start-url`: where episodes that record no start page (Mind2Web, BabyAGI) begin; by
   * website name (`meta.website`) or for all.
   */
  startUrls?: { all?: string; byWebsite?: Record<string, string> };
  /** `--allow-url-scheme`: schemes besides http(s) a live replay may navigate to (sandbox/url-policy.ts). */
  allowUrlSchemes?: string[];
  /** `--pause-on-failure` (headed): keep the browser open at the failing step. */
  pauseOnFailure?: boolean;
  headed?: boolean;
  defaultViewport: { width: number; height: number };
  /** Called around each episode and step (the public API's lifecycle hooks); async worker mode only. */
  hooks?: ReplayHooks;
  /** `--viewport WxH[@scale]`: the window every episode runs in, whatever its recording says. */
  viewport?: { width: number; height: number; deviceScaleFactor?: number };
}

export type FailOn = 'diverged' | 'drift' | 'never';
export const FAIL_ON_CHOICES: readonly FailOn[] = ['diverged', 'drift', 'never'];

export { DEFAULT_REPLAY_OPTIONS } from './replay-defaults.js';

/**
 * Replays one episode live in a fresh browser context and says, step by step, what happened.
 * The first step that does not pass ends the replay (later steps are `skipped`): past that
 * point the page is no longer the one the recording acted on. With `session` (a chain's turns),
 * the episode runs in that session's context and leaves it open, starting where the last left off.
 */
export async function runEpisode(browser: Browser, episode: Episode, options: ReplayOptions, session?: ReplaySession): Promise<EpisodeResult> {
  const started = Date.now();
  const dir = episodeDir(options.out, episode.id);
  const own = session ?? (await ReplaySession.open(browser, await chooseViewport(browser, episode, options), options.timeoutMs, options));
  const continued = own.last;
  own.episodes.push(episode.id);
  const { context, pages, dialogs, httpErrors } = own;
  const tracing = (options.trace ?? 'off') !== 'off';
  const secrets = new EpisodeSecrets(episode, options.params, options.secrets);
  // The screencast would show a secret (typed, or echoed by the page) as pixels; the zip's text is scrubbed after stop.
  if (tracing) await context.tracing.start({ title: episode.id, screenshots: !secrets.redactor.active, snapshots: true });
  let trace: string | undefined;
  const toLive = (url: string) => mapUrl(url, options.urlMappings);
  const finalFrom = finalStepIndex(episode.steps);
  const expected = expectedUrls(episode.steps);
  const learned: Record<string, StepNoise> | undefined = options.compare.calibrateIntervalMs !== undefined && options.compare.mode !== 'off' ? {} : undefined;

  const steps: StepResult[] = [];
  const crashes = new CrashWatch(context);
  const watchdog = new Watchdog(options.timeoutMs);
  /** Past this a step's work (comparison, action, signals) is late, and its pages are asked whether they still answer. */
  const budget = (step?: Step) => Math.max(options.timeoutMs, step?.timeoutMs ?? 0) * 4 + 10_000;
  let failed: StepResult | undefined;
  /** The first step whose record could not be replayed (the rest still ran). */
  let unreplayed: StepResult | undefined;
  let final: FinalState | undefined;
  let finalDiff = '';
  let firstDivergence: number | undefined;
  /** A step that diverged only by its missing target and then failed target-not-found. */
  let targetOnly: number | undefined;
  const drift: number[] = [];
  /** The last live before-state capture, for a step after one that cannot change the page. */
  let lastCapture: { index: number; page: Page; capture: LiveCapture } | undefined;
  try {
    // A continuing turn starts on the page the previous turn left, not on the start URL.
    const start = continued === undefined ? startUrlFor(episode, options.startUrls) : undefined;
    const startBlocked = start ? blockedUrl(toLive(start), options.allowUrlSchemes) : undefined;
    if (startBlocked) failed = { ...skipped(episode.steps[0]!, undefined), status: 'failed', reason: 'blocked-url', message: `--start-url: ${startBlocked}` };
    else if (start) {
      const page = await pages.open(episode.steps[0]?.page ?? 'page');
      pages.current = page;
      await page.goto(toLive(start), { timeout: options.timeoutMs });
      // The first step should start where --start-url sent it: a redirect elsewhere is a wrong start.
      expected[0] ??= start;
    }
    for (const step of episode.steps) {
      if (failed) {
        steps.push(skipped(step, failed));
        continue;
      }
      if (options.toStep !== undefined && step.index > options.toStep) {
        steps.push({ ...skipped(step, undefined), message: 'not run: after --to-step' });
        continue;
      }
      if (step.index === finalFrom && !final) final = await watchdog.within(captureFinal(pages, step.page, dir, options.out, secrets), budget());
      const livePage = pages.get(step.page) ?? pages.current;
      await callHook(options.hooks, 'beforeStep', { episode, step, page: livePage });
      const checking = options.fromStep === undefined || step.index >= options.fromStep;
      if (tracing) await context.tracing.group(`${step.index + 1}. ${describeAction(step.action)}`).catch(() => undefined);
      const noise = livePage && checking ? await watchdog.within(stepNoise(livePage, episode.id, step.index, options.compare, learned), budget(step)) : undefined;
      const baseline = options.heal && livePage && !livePage.isClosed() ? await watchdog.within(captureBaseline(livePage, dir, step.index, options.out, secrets), budget(step)) : undefined;
      const previous = episode.steps[step.index - 1];
      const reuse = lastCapture && previous && lastCapture.index === previous.index && lastCapture.page === livePage && steps.at(-1)?.status === 'passed' && cannotChangePage(previous) ? lastCapture.capture : undefined;
      const onCapture = (capture: LiveCapture) => (lastCapture = { index: step.index, page: livePage!, capture });
      const compared = livePage && checking ? await watchdog.within(compareBeforeState(livePage, step, options.compare, { out: options.out, dir, mapUrl: toLive, expectedUrl: expected[step.index], noise: noise?.noise, secrets, reuse, onCapture }).catch(() => undefined), budget(step)) : undefined;
      const ifTargetFound = compared?.ifTargetFound;
      if (compared) delete compared.ifTargetFound;
      const comparison: BeforeStateComparison | undefined = compared;
      let result: StepResult;
      if (comparison?.verdict === 'diverged' && options.stopAtFirstDivergence) {
        result = { ...skipped(step, undefined), status: 'failed', reason: 'diverged', message: `the page before this step is not the recorded one (${comparison.reasons.join(', ')})` };
      } else {
        result = (await watchdog.within(runStep(step, { pages, dialogs, toLive, options, dir, httpErrors, secrets }), budget(step))) ?? lateStep(step, budget(step));
        // A step that failed or ran late may have a hung page under it: that ends the episode.
        if ((result.status === 'failed' || watchdog.overran) && (await watchdog.probe(pages.openPages(), result))) result = watchdog.explain(result);
        else if (result.status === 'failed') {
          await crashes.probe(pages.openPages());
          result = crashes.explain(result);
        }
      }
      if (comparison) {
        // The recorded target missing was the only evidence, and the step found it after all
        // (renamed, re-marked up): the recorded state with a changed target — drift.
        if (ifTargetFound && ifTargetFound.verdict !== 'diverged' && result.status === 'passed') Object.assign(comparison, { verdict: 'drift', reasons: [...ifTargetFound.reasons, 'target-missing'] });
        // A step that failed target-not-found where only its target was missing: that is the story.
        else if (ifTargetFound && ifTargetFound.verdict !== 'diverged' && result.reason === 'target-not-found') targetOnly = step.index;
        result.compare = comparison;
        if (comparison.verdict === 'drift') drift.push(step.index);
        if (comparison.verdict === 'diverged') firstDivergence ??= step.index;
      }
      if (options.heal && baseline) result.baseline = baseline;
      // The recorded element was not at its recorded point (VWA): the step drifted, whatever the before-state said.
      if (result.pointCheck && !result.pointCheck.match && !drift.includes(step.index)) drift.push(step.index);
      if (comparison?.artifactsNotWritten) (result.notes ??= []).push(comparison.artifactsNotWritten);
      if (!checking) (result.notes ??= []).push('run to reach --from-step: not compared');
      if (comparison && noise?.note) (result.notes ??= []).push(noise.note);
      if (tracing) await context.tracing.groupEnd().catch(() => undefined);
      steps.push(result);
      await callHook(options.hooks, 'afterStep', { episode, step, result, page: pages.get(step.page) ?? pages.current });
      // A malformed record, or a step this replayer cannot do (DevTools customStep): said, and the rest still runs.
      const unsupported = step.action.type === 'noop' && step.action.unsupported !== undefined && result.reason === 'not-supported';
      if ((step.unreplayable && result.reason === 'invalid-input') || unsupported) {
        unreplayed ??= result;
      } else if (result.status !== 'passed') {
        failed = result;
        if (options.pauseOnFailure && options.headed) await (pages.get(step.page) ?? pages.current)?.pause().catch(() => undefined);
      }
    }
    if (learned) writeCalibration(options.out, episode.id, learned);
    if (!watchdog.hung) final ??= await watchdog.within(captureFinal(pages, episode.steps.at(-1)?.page ?? 'page', dir, options.out, secrets), budget());
    const last = steps.at(-1);
    if (watchdog.overran && last && (await watchdog.probe(pages.openPages(), { index: last.index, description: `${last.description}, then capturing the final page` }))) final = undefined;
    const recordedFinal = finalFrom !== undefined ? episode.steps[finalFrom]?.before?.html : episode.after?.html;
    if (final && recordedFinal !== undefined) {
      const [recordedWords, liveWords] = [contentWords(recordedFinal), contentWords(secrets.asRecorded(readFileSync(join(options.out, final.html), 'utf8')))];
      final.textSimilarity = round(textSimilarity(recordedWords, liveWords));
      const diff = wordsDiff(recordedWords, liveWords);
      finalDiff = describeWordsDiff({ missing: secrets.scrubWords(diff.missing), extra: secrets.scrubWords(diff.extra) });
    }
    if (final) Object.assign(final, finalVerification(episode, finalFrom, recordedFinal));
  } finally {
    if (watchdog.hung) {
      // Nothing more is asked of a hung renderer: no trace (it would wait on the page), the context discarded.
      if (tracing) await watchdog.within(context.tracing.stop().catch(() => undefined), 5000);
      await discard(() => own.close(), browser);
    } else if (tracing) {
      const finalMismatch = final?.textSimilarity !== undefined && final.textSimilarity < options.finalTextMin;
      const keep = options.trace === 'on' || failed !== undefined || firstDivergence !== undefined || finalMismatch;
      const path = join(dir, 'trace.zip');
      await context.tracing.stop(keep ? { path } : undefined).catch(() => undefined);
      // A result names only what was written: a stop that failed left no zip.
      if (keep && existsSync(path) && scrubZip(path, secrets.redactor)) trace = relativeToOut(options.out, path);
    }
    if (!session && !watchdog.hung) await own.close();
    crashes.dispose();
  }

  const base = {
    episode: episode.id,
    format: episode.format,
    instruction: episode.instruction,
    source: episode.source,
    durationMs: Date.now() - started,
    steps,
    final,
    firstDivergence,
    drift: drift.length ? drift : undefined,
    trace,
    continuedFrom: continued,
    viewport: own.viewport,
  };
  // A hung renderer says nothing about the recording either: an error naming the step.
  if (watchdog.hung) return { ...base, status: 'error', reason: 'page-hung', failedStep: watchdog.hung.index, message: watchdog.hung.message };
  // A dead renderer or browser says nothing about the recording: an error, with its cause.
  const crash = crashes.cause;
  if (crash || failed?.reason === 'browser-crashed') {
    // The crash event can land just after the step's own error (a navigation "aborted"): charge it now.
    if (failed && failed.reason !== 'browser-crashed') failed = steps[steps.indexOf(failed)] = crashes.explain(failed);
    const where = failed ? `step ${failed.index + 1} (${failed.description}): ${failed.message ?? failed.reason}` : crash!;
    return { ...base, status: 'error', reason: 'browser-crashed', failedStep: failed?.index, message: where };
  }
  // The earliest thing that went wrong is the story: a page that diverged before step k
  // explains a target missing at step k+2.
  // --fail-on says which verdicts count; the others stay reported (firstDivergence, drift).
  const failOn = options.failOn ?? 'diverged';
  // A divergence at the step that failed only because its target was missing, or at the trailing
  // closePage whose before-state the final-state check judges, is told by that step or check.
  const finalMismatch = final?.textSimilarity !== undefined && final.textSimilarity < options.finalTextMin;
  const toldElsewhere = (firstDivergence !== undefined && firstDivergence === targetOnly && firstDivergence === failed?.index) || (!failed && finalMismatch && finalFrom !== undefined && firstDivergence !== undefined && firstDivergence >= finalFrom);
  const divergedAt = failOn === 'never' || toldElsewhere ? undefined : firstDivergence;
  const driftAt = failOn === 'drift' ? drift[0] : undefined;
  if (divergedAt !== undefined && (!failed || divergedAt <= failed.index) && (driftAt === undefined || divergedAt <= driftAt)) {
    const s = steps[divergedAt]!;
    return { ...base, status: 'failed', reason: 'diverged', failedStep: failed?.index, message: `step ${divergedAt + 1} (${s.description}): the page before it is not the recorded one (${s.compare?.reasons.join(', ')})${wordsOf(s)}` };
  }
  if (driftAt !== undefined && (!failed || driftAt <= failed.index)) {
    const s = steps[driftAt]!;
    const what = s.compare && s.compare.verdict === 'drift' ? `the page before it drifted from the recorded one (${s.compare.reasons.join(', ')})${wordsOf(s)}` : (s.notes?.[0] ?? 'it drifted from the recording');
    return { ...base, status: 'failed', reason: 'drift', failedStep: failed?.index, message: `step ${driftAt + 1} (${s.description}): ${what} (--fail-on drift)` };
  }
  if (failed) {
    return { ...base, status: 'failed', reason: failed.reason, failedStep: failed.index, message: `step ${failed.index + 1} (${failed.description}): ${failed.message ?? failed.reason}` };
  }
  if (unreplayed) {
    return { ...base, status: 'failed', reason: unreplayed.reason ?? 'invalid-input', failedStep: unreplayed.index, message: `step ${unreplayed.index + 1}: ${unreplayed.message}; the other steps ran` };
  }
  if (finalMismatch) {
    return { ...base, status: 'failed', reason: 'final-state-mismatch', message: `every step ran, but the final page reads differently from the recorded one (text similarity ${final!.textSimilarity} < ${options.finalTextMin})${finalDiff ? `: ${finalDiff}` : ''}` };
  }
  return { ...base, status: 'passed' };
}

/** A before-state's differing words, for a message; '' when none were listed. */
const wordsOf = (s: StepResult): string => (s.compare?.textDiff ? `: ${describeWordsDiff(s.compare.textDiff, 'page')}` : '');

interface StepEnv {
  httpErrors: HttpErrors;
  pages: PageRegistry;
  dialogs: DialogDesk;
  toLive(url: string): string;
  options: ReplayOptions;
  dir: string;
  secrets: EpisodeSecrets;
}

async function runStep(step: Step, env: StepEnv): Promise<StepResult> {
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

  if (step.unreplayable) return done({ status: 'failed', reason: 'invalid-input', message: `not replayed, the record is malformed: ${step.unreplayable}` });

  const input = env.secrets.input(step);
  if ('missing' in input) {
    const param = input.missing;
    return { ...done({ status: 'passed' }), status: 'needs-input', reason: 'needs-input', message: `this step needs a value: pass --param ${param}=… (or --secret)${step.needsInput?.prompt ? ` (${step.needsInput.prompt})` : ''}` };
  }

  const blocked = blockedNavigation(input.action, env.toLive, env.options.allowUrlSchemes);
  if (blocked) return done({ status: 'failed', reason: 'blocked-url', message: blocked });

  // A recorded step timeout (DevTools) may lengthen the run's, never shorten it.
  const timeoutMs = Math.max(env.options.timeoutMs, step.timeoutMs ?? 0);
  const page = pageIndependent(input.action) ? undefined : await env.pages.forStep(step.page);
  env.dialogs.beginStep(step.expect);
  const downloadsDir = join(env.dir, 'downloads');
  try {
    const unseen = await awaitVisible(step.expect, page, timeoutMs);
    const settleSignals = armSignals(step.expect, { page, pages: env.pages, timeoutMs, mapUrl: env.toLive, downloadsDir, maxBytes: env.options.compare.maxArtifactBytes ?? DEFAULT_MAX_ARTIFACT_BYTES, relative: (p) => relativeToOut(env.options.out, p) });
    const resolve = async (target: Target, exact?: boolean): Promise<Resolution> => {
      if (!page) return { ok: false, reason: 'target-not-found', message: 'no page' };
      const found = await resolveTarget(page, target, { timeoutMs, strict: exact || env.options.strict, thresholds: env.options.thresholds, before: step.before, browser: page.context().browser() });
      // The element a secret goes into is masked in every later screenshot.
      if (found.ok && input.secret) env.secrets.typedInto(found.locator);
      // Healing: a fallback found the element; write back only a locator that finds it alone.
      if (found.ok && found.strategy !== 'recorded' && env.options.heal) {
        healed = found.frame ? { none: 'the element is inside a frame' } : ((await directLocator(page, found.locator).catch(() => undefined)) ?? { none: 'no locator finds this element alone on the live page' });
      }
      return found;
    };
    const outcome = await withDeadline(perform(input.action, { pages: env.pages, page, pageName: step.page, timeoutMs, mapUrl: env.toLive, filesDir: env.options.filesDir, resolve, repair: env.options.repair, evidence: step.before }), timeoutMs * 3 + 5000);
    if (page && !page.isClosed()) env.pages.current = page;
    if (outcome.status === 'failed') return done(outcome);
    const signals = await settleSignals();
    const extra: Partial<StepResult> = { downloads: signals.downloads.length ? signals.downloads : undefined, url: (env.pages.current ?? page)?.url() };
    if (signals.failure) return done({ ...signals.failure, found: outcome.found }, extra);
    if (env.dialogs.missing > 0) await pollUntil(async () => (env.dialogs.missing === 0 ? true : undefined), Math.min(timeoutMs, 2000));
    if (env.dialogs.missing > 0) return done({ status: 'failed', reason: 'dialog-missing', message: 'the recorded dialog did not appear', found: outcome.found }, extra);
    const httpError = env.httpErrors.showing(env.pages.openPages());
    if (httpError) return done({ status: 'failed', reason: 'http-error', message: httpError, found: outcome.found }, extra);
    if (env.dialogs.unexpected.length) return done({ status: 'failed', reason: 'unexpected-dialog', message: `a dialog the recording did not see was dismissed: ${env.dialogs.unexpected.join('; ')}`, found: outcome.found }, extra);
    const notes = [...unseen, ...(outcome.notes ?? []), ...signals.notes, ...input.used.map((n) => `typed the ${env.secrets.isSecret(n) ? 'secret ' : ''}value of ${n} given for this run`)];
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
  const detail = { evidence: found?.strategy === 'recorded' ? undefined : found?.evidence, frame: found?.frame, revealedByHover: found?.revealed, candidates };
  const hasDetail = Object.values(detail).some((v) => v !== undefined);
  return { resolvedBy: found?.strategy, score: found?.score, target: hasDetail ? detail : undefined };
}

/** Keys that do nothing on their own: pressed alone (a recorder's `press Shift`), the page stays as it was. */
const LONE_MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'ControlOrMeta', 'ShiftLeft', 'ShiftRight', 'ControlLeft', 'ControlRight', 'AltLeft', 'AltRight', 'MetaLeft', 'MetaRight']);

/** Whether a step cannot have changed the page, so the before-state after it is the one before it. */
function cannotChangePage(step: Step): boolean {
  const a = step.action;
  return a.type === 'press' && LONE_MODIFIERS.has(a.key) && a.modifiers.length === 0 && !step.expect?.length;
}

function pageIndependent(action: Action): boolean {
  return action.type === 'openPage' || action.type === 'newTab' || action.type === 'switchPage' || action.type === 'stop' || action.type === 'noop';
}

/** The first of the trailing `closePage` steps: the page before it is where the recording ended. */
function finalStepIndex(steps: readonly Step[]): number | undefined {
  let i = steps.length;
  while (i > 0 && steps[i - 1]!.action.type === 'closePage') i -= 1;
  return i < steps.length ? steps[i]!.index : undefined;
}

async function captureFinal(pages: PageRegistry, preferred: string, dir: string, out: string, secrets: EpisodeSecrets): Promise<FinalState | undefined> {
  const page: Page | undefined = pages.get(preferred) ?? pages.current ?? pages.openPages().at(-1);
  if (!page || page.isClosed()) return undefined;
  mkdirSync(dir, { recursive: true });
  const html = join(dir, 'final.html');
  const screenshot = join(dir, 'final.png');
  try {
    await settle(page);
    // Opened from the report: saved inert (no script, no connection, none of our marks).
    writeFileSync(html, inertHtml(secrets.redactor.scrub(await page.content())));
    await page.screenshot({ path: screenshot, animations: 'disabled', caret: 'hide', timeout: 10_000, mask: secrets.masksOn(page) });
  } catch {
    return undefined;
  }
  return { url: page.url(), html: relativeToOut(out, html), screenshot: relativeToOut(out, screenshot) };
}

/** A step whose work did not settle within the watchdog's budget. */
function lateStep(step: Step, ms: number): StepResult {
  return { ...skipped(step, undefined), status: 'failed', reason: 'timeout', message: `the step did not finish within ${ms} ms` };
}

function skipped(step: Step, failed: StepResult | undefined): StepResult {
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
  if (/Target (page, context or browser )?(has been )?closed|Browser has been closed|crash/i.test(message)) return { reason: 'browser-crashed', message };
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

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

