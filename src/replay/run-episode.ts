import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { textSimilarity, visibleWords } from '../compare/visible-text.js';
import { describeWordsDiff, wordsDiff } from '../compare/words-diff.js';
import { describeAction, type Action, type Episode, type Step, type Target } from '../ir/index.js';
import type { EpisodeResult, FinalState, Reason, StepResult } from '../ir/results.js';
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
import { episodeViewport, ReplaySession } from './session.js';
import { CrashWatch } from './crash-watch.js';
import type { OfflineOptions } from './offline.js';

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
  /** `--repair`: an action recorded at a point (VWA) whose element moved acts on the element found again. */
  repair?: boolean;
  /** `--min-score` and the ambiguity margin for similarity matches. */
  thresholds?: MatchThresholds;
  /** Before-state comparison (`--compare`). */
  compare: CompareOptions;
  /** `--stop-at-first-divergence`: a diverged before-state ends the episode there. */
  stopAtFirstDivergence?: boolean;
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
  /** `--pause-on-failure` (headed): keep the browser open at the failing step. */
  pauseOnFailure?: boolean;
  headed?: boolean;
  defaultViewport: { width: number; height: number };
}

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
  const own = session ?? (await ReplaySession.open(browser, episodeViewport(episode, options.defaultViewport), options.timeoutMs, options));
  const continued = own.last;
  own.episodes.push(episode.id);
  const { context, pages, dialogs, httpErrors } = own;
  const tracing = (options.trace ?? 'off') !== 'off';
  const secrets = new EpisodeSecrets(episode, options.params, options.secrets);
  // The screencast would show a typed secret as pixels; the zip's text is scrubbed after stop.
  if (tracing) await context.tracing.start({ title: episode.id, screenshots: !secrets.typesSecret(episode), snapshots: true });
  let trace: string | undefined;
  const toLive = (url: string) => mapUrl(url, options.urlMappings);
  const finalFrom = finalStepIndex(episode.steps);
  const expected = expectedUrls(episode.steps);
  const learned: Record<string, StepNoise> | undefined = options.compare.calibrateIntervalMs !== undefined && options.compare.mode !== 'off' ? {} : undefined;

  const steps: StepResult[] = [];
  const crashes = new CrashWatch(context);
  let failed: StepResult | undefined;
  /** The first step whose record could not be replayed (the rest still ran). */
  let unreplayed: StepResult | undefined;
  let final: FinalState | undefined;
  let finalDiff = '';
  let firstDivergence: number | undefined;
  const drift: number[] = [];
  /** The last live before-state capture, for a step after one that cannot change the page. */
  let lastCapture: { index: number; page: Page; capture: LiveCapture } | undefined;
  try {
    // A continuing turn starts on the page the previous turn left, not on the start URL.
    const start = continued === undefined ? startUrlFor(episode, options.startUrls) : undefined;
    if (start) {
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
      if (step.index === finalFrom && !final) final = await captureFinal(pages, step.page, dir, options.out, secrets);
      const livePage = pages.get(step.page) ?? pages.current;
      const checking = options.fromStep === undefined || step.index >= options.fromStep;
      if (tracing) await context.tracing.group(`${step.index + 1}. ${describeAction(step.action)}`).catch(() => undefined);
      const noise = livePage && checking ? await stepNoise(livePage, episode.id, step.index, options.compare, learned) : undefined;
      const previous = episode.steps[step.index - 1];
      const reuse = lastCapture && previous && lastCapture.index === previous.index && lastCapture.page === livePage && steps.at(-1)?.status === 'passed' && cannotChangePage(previous) ? lastCapture.capture : undefined;
      const onCapture = (capture: LiveCapture) => (lastCapture = { index: step.index, page: livePage!, capture });
      const comparison = livePage && checking ? await compareBeforeState(livePage, step, options.compare, { out: options.out, dir, mapUrl: toLive, expectedUrl: expected[step.index], noise: noise?.noise, secrets, reuse, onCapture }).catch(() => undefined) : undefined;
      if (comparison?.verdict === 'drift') drift.push(step.index);
      if (comparison?.verdict === 'diverged') firstDivergence ??= step.index;
      let result: StepResult;
      if (comparison?.verdict === 'diverged' && options.stopAtFirstDivergence) {
        result = { ...skipped(step, undefined), status: 'failed', reason: 'diverged', message: `the page before this step is not the recorded one (${comparison.reasons.join(', ')})` };
      } else {
        result = await runStep(step, { pages, dialogs, toLive, options, dir, httpErrors, secrets });
        if (result.status === 'failed') {
          await crashes.probe(pages.openPages());
          result = crashes.explain(result);
        }
      }
      if (comparison) result.compare = comparison;
      // The recorded element was not at its recorded point (VWA): the step drifted, whatever the before-state said.
      if (result.pointCheck && !result.pointCheck.match && !drift.includes(step.index)) drift.push(step.index);
      if (comparison?.artifactsNotWritten) (result.notes ??= []).push(comparison.artifactsNotWritten);
      if (!checking) (result.notes ??= []).push('run to reach --from-step: not compared');
      if (comparison && noise?.note) (result.notes ??= []).push(noise.note);
      if (tracing) await context.tracing.groupEnd().catch(() => undefined);
      steps.push(result);
      if (step.unreplayable && result.reason === 'invalid-input') {
        unreplayed ??= result;
      } else if (result.status !== 'passed') {
        failed = result;
        if (options.pauseOnFailure && options.headed) await (pages.get(step.page) ?? pages.current)?.pause().catch(() => undefined);
      }
    }
    if (learned) writeCalibration(options.out, episode.id, learned);
    final ??= await captureFinal(pages, episode.steps.at(-1)?.page ?? 'page', dir, options.out, secrets);
    const recordedFinal = finalFrom !== undefined ? episode.steps[finalFrom]?.before?.html : episode.after?.html;
    if (final && recordedFinal !== undefined) {
      const [recordedWords, liveWords] = [visibleWords(recordedFinal), visibleWords(secrets.asRecorded(readFileSync(join(options.out, final.html), 'utf8')))];
      final.textSimilarity = round(textSimilarity(recordedWords, liveWords));
      const diff = wordsDiff(recordedWords, liveWords);
      finalDiff = describeWordsDiff({ missing: secrets.scrubWords(diff.missing), extra: secrets.scrubWords(diff.extra) });
    }
    if (final) Object.assign(final, finalVerification(episode, finalFrom, recordedFinal));
  } finally {
    if (tracing) {
      const finalMismatch = final?.textSimilarity !== undefined && final.textSimilarity < options.finalTextMin;
      const keep = options.trace === 'on' || failed !== undefined || firstDivergence !== undefined || finalMismatch;
      const path = join(dir, 'trace.zip');
      await context.tracing.stop(keep ? { path } : undefined).catch(() => undefined);
      if (keep && scrubZip(path, secrets.redactor)) trace = relativeToOut(options.out, path);
    }
    if (!session) await own.close();
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
  };
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
  if (firstDivergence !== undefined && (!failed || firstDivergence <= failed.index)) {
    const s = steps[firstDivergence]!;
    return { ...base, status: 'failed', reason: 'diverged', failedStep: failed?.index, message: `step ${firstDivergence + 1} (${s.description}): the page before it is not the recorded one (${s.compare?.reasons.join(', ')})${s.compare?.textDiff ? `: ${describeWordsDiff(s.compare.textDiff, 'page')}` : ''}` };
  }
  if (failed) {
    return { ...base, status: 'failed', reason: failed.reason, failedStep: failed.index, message: `step ${failed.index + 1} (${failed.description}): ${failed.message ?? failed.reason}` };
  }
  if (unreplayed) {
    return { ...base, status: 'failed', reason: 'invalid-input', failedStep: unreplayed.index, message: `step ${unreplayed.index + 1}: ${unreplayed.message}; the other steps ran` };
  }
  if (final?.textSimilarity !== undefined && final.textSimilarity < options.finalTextMin) {
    return { ...base, status: 'failed', reason: 'final-state-mismatch', message: `every step ran, but the final page reads differently from the recorded one (text similarity ${final.textSimilarity} < ${options.finalTextMin})${finalDiff ? `: ${finalDiff}` : ''}` };
  }
  return { ...base, status: 'passed' };
}

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
  const done = (outcome: Outcome, extra: Partial<StepResult> = {}): StepResult => ({
    index: step.index,
    recordedStep: step.recordedStep,
    action: step.action.type,
    description,
    page: step.page,
    durationMs: Date.now() - started,
    ...(outcome.status === 'passed'
      ? { status: 'passed', notes: outcome.notes?.length ? outcome.notes : undefined }
      : { status: 'failed', reason: outcome.reason, message: outcome.message }),
    ...targetReport(outcome),
    ...(outcome.pointCheck ? { pointCheck: outcome.pointCheck } : {}),
    ...extra,
  });

  if (step.unreplayable) return done({ status: 'failed', reason: 'invalid-input', message: `not replayed, the record is malformed: ${step.unreplayable}` });

  const input = env.secrets.input(step);
  if ('missing' in input) {
    const param = input.missing;
    return { ...done({ status: 'passed' }), status: 'needs-input', reason: 'needs-input', message: `this step needs a value: pass --param ${param}=… (or --secret)${step.needsInput?.prompt ? ` (${step.needsInput.prompt})` : ''}` };
  }

  // A recorded step timeout (DevTools) may lengthen the run's, never shorten it.
  const timeoutMs = Math.max(env.options.timeoutMs, step.timeoutMs ?? 0);
  const page = pageIndependent(input.action) ? undefined : await env.pages.forStep(step.page);
  env.dialogs.beginStep(step.expect);
  const downloadsDir = join(env.dir, 'downloads');
  try {
    const unseen = await awaitVisible(step.expect, page, timeoutMs);
    const settleSignals = armSignals(step.expect, { page, pages: env.pages, timeoutMs, mapUrl: env.toLive, downloadsDir, relative: (p) => relativeToOut(env.options.out, p) });
    const resolve = async (target: Target, exact?: boolean): Promise<Resolution> => {
      if (!page) return { ok: false, reason: 'target-not-found', message: 'no page' };
      const found = await resolveTarget(page, target, { timeoutMs, strict: exact || env.options.strict, thresholds: env.options.thresholds, before: step.before, browser: page.context().browser() });
      // The element a secret goes into is masked in every later screenshot.
      if (found.ok && input.secret) env.secrets.typedInto(found.locator);
      return found;
    };
    const outcome = await withDeadline(perform(input.action, { pages: env.pages, page, pageName: step.page, timeoutMs, mapUrl: env.toLive, filesDir: env.options.filesDir, resolve, repair: env.options.repair }), timeoutMs * 3 + 5000);
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

/** The page an episode that opens none of its own starts on, if the user named one. */
function startUrlFor(episode: Episode, urls: ReplayOptions['startUrls']): string | undefined {
  const first = episode.steps[0]?.action.type;
  if (!urls || first === 'openPage' || first === 'navigate' || first === 'newTab') return undefined;
  const website = typeof episode.meta.website === 'string' ? episode.meta.website : undefined;
  return (website && urls.byWebsite?.[website]) || urls.all;
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
    writeFileSync(html, secrets.redactor.scrub(await page.content()));
    await page.screenshot({ path: screenshot, animations: 'disabled', caret: 'hide', timeout: 10_000, mask: secrets.masksOn(page) });
  } catch {
    return undefined;
  }
  return { url: page.url(), html: relativeToOut(out, html), screenshot: relativeToOut(out, screenshot) };
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

