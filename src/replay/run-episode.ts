import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { finalText } from '../compare/final-text.js';
import { describeWordsDiff } from '../compare/words-diff.js';
import { describeAction, type Episode, type Step } from '../ir/index.js';
import type { BeforeStateComparison, EpisodeResult, FinalState, StepResult } from '../ir/results.js';
import { episodeDir, relativeToOut } from '../results/episode-files.js';
import { PageRegistry } from './pages.js';
import { mapUrl } from '../ir/url-map.js';
import { expectedUrls } from '../compare/expected-url.js';
import { beginComparison, recordedWithOverlay, type LiveCapture, type PendingComparison } from './before-state.js';
import type { StepNoise } from '../compare/noise-mask.js';
import { stepNoise, writeCalibration } from './step-noise.js';
import { finalVerification } from './final-verification.js';
import { settle } from './settle.js';
import { followUpsEnded, takeStillMark } from './animations-ended.js';
import { cannotChangePage } from './cannot-change-page.js';
import type { RequestsInFlight } from './requests-in-flight.js';
import { drawsFrameFirst, keysAnswered, typesKeys } from './keys-answered.js';
import { EpisodeSecrets } from './episode-secrets.js';
import { startEpisodeTrace, stopEpisodeTrace } from './episode-trace.js';
import { ReplaySession } from './session.js';
import { viewportScreenshot } from './viewport-shot.js';
import { RecordedBytes } from './recorded-bytes.js';
import { chooseViewport } from './choose-viewport.js';
import { keepDeviceEmulation } from './devtools/device-emulation.js';
import { startUrlFor } from './start-url.js';
import { CrashWatch } from './crash-watch.js';
import { captureBaseline } from './heal/baseline.js';
import { callHook } from './hooks.js';
import { blockedUrl } from './sandbox/url-policy.js';
import { inertHtml } from './sandbox/inert-html.js';
import { discard, Watchdog } from './sandbox/watchdog.js';
import { pageHtml } from './page-html.js';
import { profiledEpisode, profileLine, timed, timedSync } from './profile.js';

export type { FailOn } from '../ir/results.js';
export { FAIL_ON_CHOICES } from '../ir/results.js';
import type { ReplayOptions } from './replay-options.js';
import { lateStep, runStep, skipped } from './run-step.js';
import { looksWhileCapturing } from './look-while-capturing.js';
import { afterThisTurn } from './after-this-turn.js';
import { episodeVerdict } from '../compare/episode-verdict.js';
import { errorLine } from '../error-line.js';
export type { ReplayOptions };

export { DEFAULT_REPLAY_OPTIONS } from './replay-defaults.js';

/**
 * Replays one episode live in a fresh browser context and says, step by step, what happened.
 * The first step that does not pass ends the replay (later steps are `skipped`): past that
 * point the page is no longer the one the recording acted on. With `session` (a chain's turns),
 * the episode runs in that session's context and leaves it open, starting where the last left off.
 */
export async function runEpisode(
  browser: Browser,
  episode: Episode,
  options: ReplayOptions,
  session?: ReplaySession,
): Promise<EpisodeResult> {
  const started = performance.now();
  return profiledEpisode(
    () => replayEpisode(browser, episode, options, session),
    (phases) => process.stderr.write(profileLine(episode.id, performance.now() - started, phases)),
  );
}

async function replayEpisode(
  browser: Browser,
  episode: Episode,
  options: ReplayOptions,
  session: ReplaySession | undefined,
): Promise<EpisodeResult> {
  const started = Date.now();
  const dir = episodeDir(options.out, episode.id);
  const own =
    session ??
    (await timed('episode.context', async () =>
      ReplaySession.open(browser, await chooseViewport(browser, episode, options), options.timeoutMs, options),
    ));
  const continued = own.last;
  own.episodes.push(episode.id);
  const { context, pages, dialogs, httpErrors } = own;
  const tracing = (options.trace ?? 'off') !== 'off';
  const detail = options.traceDetail ?? 'actions';
  const secrets = new EpisodeSecrets(episode, options.params, options.secrets);
  if (tracing) await startEpisodeTrace(context, episode.id, detail, secrets.redactor);
  let trace: string | undefined;
  const toLive = (url: string) => mapUrl(url, options.urlMappings);
  const finalFrom = finalStepIndex(episode.steps);
  const recordedFinal = finalFrom !== undefined ? episode.steps[finalFrom]?.before?.html : episode.after?.html;
  /**
   * With comparisons off nothing is screenshotted (~50 ms an episode for the final page), but for
   * an episode that failed or whose final page reads differently: that one still shows its last page.
   */
  const finalShot = (content: string) =>
    options.compare.mode !== 'off' ||
    failed !== undefined ||
    (recordedFinal !== undefined && finalText(recordedFinal, secrets.asRecorded(content)).similarity < options.finalTextMin);
  const expected = expectedUrls(episode.steps);
  let overlay: boolean | undefined;
  // Read once, and only when a step with a recorded screenshot does not show the overlay itself.
  const overlayInRecording = () => (overlay ??= episode.steps.some(recordedWithOverlay));
  const recordedBytes = new RecordedBytes();
  const learned: Record<string, StepNoise> | undefined =
    options.compare.calibrateIntervalMs !== undefined && options.compare.mode !== 'off' ? {} : undefined;

  const steps: StepResult[] = [];
  const crashes = new CrashWatch(context);
  const watchdog = new Watchdog(options.timeoutMs);
  /** Past this a step's work (comparison, action, signals) is late, and its pages are asked whether they still answer. */
  const budget = (step?: Step) => Math.max(options.timeoutMs, step?.timeoutMs ?? 0) * 4 + 10_000;
  let failed: StepResult | undefined;
  /** The first step whose record could not be replayed (the rest still ran). */
  let unreplayed: StepResult | undefined;
  let final: FinalState | undefined;
  let finalUnchecked: string | undefined;
  const finalFailed = (error: unknown) => void (finalUnchecked = secrets.redactor.scrub(errorLine(error)));
  let finalDiff = '';
  let firstDivergence: number | undefined;
  /** A step that diverged only by its missing target and then failed target-not-found. */
  let targetOnly: number | undefined;
  const drift: number[] = [];
  /** The last live before-state capture, for a step after one that cannot change the page. */
  let lastCapture: { index: number; page: Page; capture: LiveCapture } | undefined;
  /** The final state's capture (before the trailing closePage), for that step's comparison. */
  let finalCapture: { page: Page; capture: LiveCapture } | undefined;
  try {
    // A continuing turn starts on the page the previous turn left, not on the start URL.
    const start = continued === undefined ? startUrlFor(episode, options.startUrls) : undefined;
    const startBlocked = start ? blockedUrl(toLive(start), options.allowUrlSchemes) : undefined;
    if (startBlocked)
      failed = {
        ...skipped(episode.steps[0]!, undefined),
        status: 'failed',
        reason: 'blocked-url',
        message: `--start-url: ${startBlocked}`,
      };
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
      if (step.index === finalFrom && !final)
        final = await timed('episode.final-capture', () =>
          watchdog.within(
            captureFinal(pages, step.page, dir, options.out, secrets, own.requests, finalShot, (c) => (finalCapture = c)).catch(
              finalFailed,
            ),
            budget(),
          ),
        );
      const livePage = pages.get(step.page) ?? pages.current;
      await callHook(options.hooks, 'beforeStep', { episode, step, page: livePage });
      const checking = options.fromStep === undefined || step.index >= options.fromStep;
      // Not awaited (a round trip a step, 1–8 ms here): Playwright sends calls in order and the
      // server opens a group as soon as it reads the message, before any later call of the step.
      if (tracing) void context.tracing.group(`${step.index + 1}. ${describeAction(step.action)}`).catch(() => undefined);
      const noise =
        livePage && checking
          ? await watchdog.within(stepNoise(livePage, episode.id, step.index, options.compare, learned), budget(step))
          : undefined;
      const previous = episode.steps[step.index - 1];
      const reuse =
        lastCapture &&
        previous &&
        lastCapture.index === previous.index &&
        lastCapture.page === livePage &&
        steps.at(-1)?.status === 'passed' &&
        cannotChangePage(previous)
          ? lastCapture.capture
          : undefined;
      let captured: LiveCapture | undefined;
      // A comparison that threw (a capture Chromium refused) leaves the step uncompared: said in its notes.
      let notCompared: string | undefined;
      const unCompared = (error: unknown) => void (notCompared = secrets.redactor.scrub(errorLine(error)));
      const onCapture = (capture: LiveCapture) => {
        captured = capture;
        lastCapture = { index: step.index, page: livePage!, capture };
      };
      const comparing =
        livePage && checking
          ? timed('step.compare', () =>
              watchdog.within(
                beginComparison(livePage, step, options.compare, {
                  out: options.out,
                  dir,
                  mapUrl: toLive,
                  expectedUrl: expected[step.index],
                  noise: noise?.noise,
                  secrets,
                  reuse,
                  // The final state was captured just now, on this page: the same moment, not captured twice.
                  sameMoment: step.index === finalFrom && finalCapture?.page === livePage ? finalCapture.capture : undefined,
                  onCapture,
                  overlayInRecording,
                  bytes: recordedBytes,
                  driftFails: options.failOn === 'drift',
                }).catch(unCompared),
                budget(step),
              ),
            )
          : undefined;
      const overlapped = comparing && looksWhileCapturing(step, options);
      const pending = overlapped ? undefined : await comparing;
      // --heal keeps the live before-state: the comparison's capture when it took one, its own otherwise.
      const baseline =
        options.heal && livePage && !livePage.isClosed()
          ? await timed('step.heal-baseline', () =>
              watchdog.within(captureBaseline(livePage, dir, step.index, options.out, secrets, captured), budget(step)),
            )
          : undefined;
      const finish = (p: PendingComparison) => watchdog.within(p.finish().catch(unCompared), budget(step));
      // Stopping at a divergence must know the verdict before acting; else the pure rest of the
      // comparison (pixels, files) runs while the step acts, and its verdict is still this step's.
      const stopping = pending && options.stopAtFirstDivergence && (pending.diverged || !pending.final);
      let compared = stopping ? await timed('step.compare', () => finish(pending)) : undefined;
      let result: StepResult;
      if (compared?.verdict === 'diverged' && options.stopAtFirstDivergence) {
        result = {
          ...skipped(step, undefined),
          status: 'failed',
          reason: 'diverged',
          message: `the page before this step is not the recorded one (${compared.reasons.join(', ')})`,
        };
      } else {
        const finishing = overlapped
          ? comparing!.then((begun) => begun && afterThisTurn(() => finish(begun)))
          : pending && !compared
            ? afterThisTurn(() => finish(pending))
            : undefined;
        // A compared step acts on a page its capture saw at rest; an uncompared one once the step
        // before's follow-up animations have ended (a carousel ignores a click while it slides),
        // unless that step saw none start in a read it made anyway (a click's guard), a mark each step takes.
        const stillBefore = livePage !== undefined && takeStillMark(livePage);
        const resting = !overlapped && !pending && !stillBefore && livePage && !livePage.isClosed() ? livePage : undefined;
        const beforeActing = overlapped ? comparing : resting && timed('step.follow-ups', () => followUpsEnded(resting));
        const screenshotBefore = () => (captured && !captured.masked ? captured.png : undefined);
        const next = episode.steps[step.index + 1];
        const recordedAfter = next?.page === step.page ? next.before : undefined;
        const env = {
          ...{ pages, dialogs, requests: own.requests, toLive, options, dir, httpErrors, secrets },
          ...{ beforeActing, screenshotBefore, recordedAfter },
        };
        // `step.run.<action type>` beside the whole: which kind of step a run's time goes to.
        const running = () => timed(`step.run.${step.action.type}`, () => watchdog.within(runStep(step, env), budget(step)));
        result = (await timed('step.run', running)) ?? lateStep(step, budget(step));
        const typedOn = result.status === 'passed' && next && typesKeys(step.action) ? pages.get(step.page) : undefined;
        if (typedOn && !typedOn.isClosed())
          await timed('step.keys-answered', () => keysAnswered(typedOn, own.requests, { frameFirst: !drawsFrameFirst(next!, options) }));
        if (finishing) compared = await timed('step.compare-finish', () => finishing);
        // A step that failed or ran late may have a hung page under it: that ends the episode.
        if ((result.status === 'failed' || watchdog.overran) && (await watchdog.probe(pages.openPages(), result)))
          result = watchdog.explain(result);
        else if (result.status === 'failed') {
          await crashes.probe(pages.openPages());
          result = crashes.explain(result);
        }
      }
      const ifTargetFound = compared?.ifTargetFound;
      if (compared) delete compared.ifTargetFound;
      const comparison: BeforeStateComparison | undefined = compared;
      if (comparison) {
        // The recorded target missing was the only evidence, and the step found it after all
        // (renamed, re-marked up): the recorded state with a changed target — drift.
        if (ifTargetFound && ifTargetFound.verdict !== 'diverged' && result.status === 'passed')
          Object.assign(comparison, { verdict: 'drift', reasons: [...ifTargetFound.reasons, 'target-missing'] });
        // A step that failed target-not-found where only its target was missing: that is the story.
        else if (ifTargetFound && ifTargetFound.verdict !== 'diverged' && result.reason === 'target-not-found') targetOnly = step.index;
        result.compare = comparison;
        if (comparison.verdict === 'drift') drift.push(step.index);
        if (comparison.verdict === 'diverged') firstDivergence ??= step.index;
      }
      if (options.heal && baseline) result.baseline = baseline;
      // The recorded element was not at its recorded point (VWA): the step drifted, whatever the before-state said.
      if (result.pointCheck && !result.pointCheck.match && !drift.includes(step.index)) drift.push(step.index);
      for (const note of [comparison?.artifactsNotWritten, comparison?.pixelsNotCompared]) if (note) (result.notes ??= []).push(note);
      if (!checking) (result.notes ??= []).push('run to reach --from-step: not compared');
      if (!comparison && notCompared) (result.notes ??= []).push(`not compared with the recording: ${notCompared}`);
      if (comparison && noise?.note) (result.notes ??= []).push(noise.note);
      if (tracing) void context.tracing.groupEnd().catch(() => undefined);
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
    if (!watchdog.hung)
      final ??= await timed('episode.final-capture', () =>
        watchdog.within(
          captureFinal(pages, episode.steps.at(-1)?.page ?? 'page', dir, options.out, secrets, own.requests, finalShot).catch(finalFailed),
          budget(),
        ),
      );
    const last = steps.at(-1);
    if (
      watchdog.overran &&
      last &&
      (await watchdog.probe(pages.openPages(), { index: last.index, description: `${last.description}, then capturing the final page` }))
    )
      final = undefined;
    if (final && recordedFinal !== undefined) {
      const liveFinal = readFileSync(join(options.out, final.html), 'utf8');
      const text = timedSync('episode.final-text', () => finalText(recordedFinal, secrets.asRecorded(liveFinal)));
      final.textSimilarity = round(text.similarity);
      const diff = text;
      finalDiff = describeWordsDiff({ missing: secrets.scrubWords(diff.missing), extra: secrets.scrubWords(diff.extra) });
    }
    if (final) Object.assign(final, finalVerification(episode, finalFrom, recordedFinal));
  } finally {
    if (watchdog.hung) {
      // Nothing more is asked of a hung renderer: no trace (it would wait on the page), the context discarded.
      if (tracing)
        await watchdog.within(
          context.tracing.stop().catch(() => undefined),
          5000,
        );
      await discard(() => own.close(), browser);
    } else if (tracing) {
      const finalMismatch = final?.textSimilarity !== undefined && final.textSimilarity < options.finalTextMin;
      const keep = options.trace === 'on' || failed !== undefined || firstDivergence !== undefined || finalMismatch;
      trace = await stopEpisodeTrace(context, keep, { dir, out: options.out }, secrets.redactor);
    }
    if (!session && !watchdog.hung) await timed('episode.close', () => own.close());
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
    // Said, not dropped: the episode's end state went unchecked.
    ...(!final && finalUnchecked ? { finalUnchecked: `the final page could not be captured (${finalUnchecked})` } : {}),
    firstDivergence,
    drift: drift.length ? drift : undefined,
    trace,
    continuedFrom: continued,
    viewport: own.viewport,
  };
  // A hung renderer says nothing about the recording either: an error naming the step.
  if (watchdog.hung)
    return { ...base, status: 'error', reason: 'page-hung', failedStep: watchdog.hung.index, message: watchdog.hung.message };
  // A dead renderer or browser says nothing about the recording: an error, with its cause.
  const crash = crashes.cause;
  if (crash || failed?.reason === 'browser-crashed') {
    // The crash event can land just after the step's own error (a navigation "aborted"): charge it now.
    if (failed && failed.reason !== 'browser-crashed') failed = steps[steps.indexOf(failed)] = crashes.explain(failed);
    const where = failed ? `step ${failed.index + 1} (${failed.description}): ${failed.message ?? failed.reason}` : crash!;
    return { ...base, status: 'error', reason: 'browser-crashed', failedStep: failed?.index, message: where };
  }
  return {
    ...base,
    ...episodeVerdict({
      steps,
      failed,
      unreplayed,
      firstDivergence,
      drift,
      targetOnly,
      finalFrom,
      finalTextSimilarity: final?.textSimilarity,
      finalTextMin: options.finalTextMin,
      finalDiff,
      failOn: options.failOn ?? 'diverged',
    }),
  };
}

/** The first of the trailing `closePage` steps: the page before it is where the recording ended. */
function finalStepIndex(steps: readonly Step[]): number | undefined {
  let i = steps.length;
  while (i > 0 && steps[i - 1]!.action.type === 'closePage') i -= 1;
  return i < steps.length ? steps[i]!.index : undefined;
}

async function captureFinal(
  pages: PageRegistry,
  preferred: string,
  dir: string,
  out: string,
  secrets: EpisodeSecrets,
  requests: RequestsInFlight,
  /** Whether a screenshot is worth taking of the page whose HTML is `content`. */
  withScreenshot: (content: string) => boolean,
  onCapture?: (capture: { page: Page; capture: LiveCapture }) => void,
): Promise<FinalState | undefined> {
  const page: Page | undefined = pages.get(preferred) ?? pages.current ?? pages.openPages().at(-1);
  if (!page || page.isClosed()) return undefined;
  mkdirSync(dir, { recursive: true });
  const html = join(dir, 'final.html');
  let screenshot: string | undefined;
  // A page left behind another (a popup the recording never closed, the 1.65 recorder drops
  // closePage) is a background tab: Chromium took ~1 s to give a screenshot of it (tax@1.65:
  // 950-1050 ms, 50 ms once in front). In front first, so the settling sees what it causes.
  if (pages.openPages().length > 1) await page.bringToFront();
  await timed('final.settle', () => settle(page, { requests, timers: true }));
  // Opened from the report: saved inert (no script, no connection, none of our marks).
  const content = await timed('final.content', () => pageHtml(page));
  timedSync('final.write-html', () => writeFileSync(html, inertHtml(secrets.redactor.scrub(content))));
  if (withScreenshot(content)) {
    const path = join(dir, 'final.png');
    const png = await timed('final.screenshot', () => viewportScreenshot(page, { mask: secrets.masksOn(page), timeoutMs: 10_000 }));
    writeFileSync(path, png);
    await keepDeviceEmulation(page); // a Playwright screenshot (viewportScreenshot's fallback) re-applies its device metrics
    screenshot = relativeToOut(out, path);
    onCapture?.({ page, capture: { url: page.url(), png, html: content } });
  }
  return { url: page.url(), html: relativeToOut(out, html), ...(screenshot ? { screenshot } : {}) };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
