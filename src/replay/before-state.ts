import { mkdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Page } from 'playwright';
import { domSimilarity, keepsAttributes, pageShape, type PageShape } from '../compare/dom-similarity.js';
import { sameDocument } from '../compare/expected-url.js';
import { countTarget, targetQuery } from '../compare/target-presence.js';
import { countMatches } from './count-and-probe.js';
import { pollUntil } from './poll.js';
import { diffScreenshots } from '../compare/screenshot-diff.js';
import { decodePng, type Rgba } from '../compare/png-decode.js';
import type { RecordedBytes } from './recorded-bytes.js';
import { viewportCapture } from './viewport-shot.js';
import type { NoiseMasks, StepNoise } from '../compare/noise-mask.js';
import type { CompareThresholds } from '../compare/thresholds.js';
import { judge, type Figures } from '../compare/verdict.js';
import type { Box, Step } from '../ir/index.js';
import { asBrowserHtml, hasRecorderOverlay, recorderToolbarBox } from '../ir/recorded-page/index.js';
import type { BeforeStateComparison } from '../ir/results.js';
import { relativeToOut } from '../results/episode-files.js';
import type { EpisodeSecrets } from './episode-secrets.js';
import { wordsDiff } from '../compare/words-diff.js';
import { ArtifactBudget } from './artifact-budget.js';
import { LOAD_WAIT_MS, SCREENSHOT_TIMEOUT_MS } from '../ir/defaults.js';
import { rawRecordedHtml } from './recorded-html.js';
import { settledPageHtml } from './animations-ended.js';
import { timed, timedSync } from './profile.js';
import { pixelsOffThread } from './pixels-off-thread.js';
import { captureEvidence, keepEvidence } from './divergence-evidence.js';
import { errorLine } from '../error-line.js';

export type CompareMode = 'off' | 'screenshot' | 'dom' | 'all';

export interface CompareOptions {
  mode: CompareMode;
  thresholds: CompareThresholds;
  /** Selectors whose boxes are ignored in screenshot comparison (clocks, ads). */
  maskSelectors: string[];
  /** Boxes (CSS px) ignored in screenshot comparison. */
  maskBoxes: Box[];
  /** What changes by itself, learned by `--calibrate` (`<dataset>/.replaywright/masks.json`): episode id → step index. */
  noise?: NoiseMasks;
  /** The file `noise` came from, for the note on steps it applies to. */
  noiseFile?: string;
  /** `--calibrate`: learn each step's noise (two captures this far apart, ms) before comparing. */
  calibrateIntervalMs?: number;
  /** `--max-artifact-bytes`: screenshot and HTML bytes one step may keep (default 16 MiB). */
  maxArtifactBytes?: number;
}

/**
 * A before-state comparison, and when the recorded target was missing from the live page, the
 * verdict without that evidence: a step that then finds its target after all (renamed,
 * re-marked up) was on the recorded state, and the replayer judges it by this instead.
 */
export type StepComparison = BeforeStateComparison & { ifTargetFound?: Pick<BeforeStateComparison, 'verdict' | 'reasons'> };

/** How long a before-state waits for the recorded URL when the live page is elsewhere. */
const URL_PATIENCE_MS = 2000;

export interface CompareEnv {
  out: string;
  /**
   * Whether any step of this episode was recorded with Playwright's recorder overlay in its HTML:
   * the toolbar was then on screen for the whole session, in the pixels of a step whose own dump
   * was taken before the overlay was injected (a blank page at the navigation).
   */
  overlayInRecording?: () => boolean;
  /** This episode's folder. */
  dir: string;
  mapUrl(url: string): string;
  /** Inputs holding a secret: masked in the live screenshot, their value scrubbed from HTML dumps. */
  secrets?: EpisodeSecrets;
  /** Where the page should be before this step when the recording says (see expectedUrls). */
  expectedUrl?: string;
  /** What changes by itself on this step's page (learned by --calibrate). */
  noise?: StepNoise;
  /**
   * The live page as captured before the previous step, when that step cannot have changed it
   * (a lone modifier key): used instead of capturing again if the page is still at its URL.
   */
  reuse?: LiveCapture;
  /** The live page captured at this very moment for another purpose (the final state): used, not taken again. */
  sameMoment?: LiveCapture;
  /** Told what was captured, so the next step may reuse it. */
  onCapture?(capture: LiveCapture): void;
  /** What this episode's earlier steps showed about the recorded screenshots' bytes (one per episode). */
  bytes?: RecordedBytes;
  /** `--fail-on drift`: a drift step fails the episode, so it gets a diverging step's evidence. */
  driftFails?: boolean;
}

/** One live before-state capture: the screenshot and the DOM, as taken. */
export interface LiveCapture {
  url: string;
  png?: Buffer;
  html?: string;
  /** Parts of `png` were painted over (inputs holding a secret): not the page as it shows. */
  masked?: boolean;
}

/**
 * A comparison whose page work is done (capture, DOM reading, the page queries the DOM asked
 * for, and the divergence evidence a non-matching step needs): what remains is pure — the
 * pixel comparison, the verdict and the files — and may run while the step acts, since only
 * the page before the step was needed. `diverged` is already final when `final` says so: with
 * the DOM compared, pixels only ever add drift (compare/verdict.ts), so whether to stop at a
 * divergence is known before the step.
 */
export interface PendingComparison {
  /** The verdict without the pixels says diverged. */
  diverged: boolean;
  /** `diverged` cannot change once the pixels are in (the DOM was compared, or there are no pixels to wait for). */
  final: boolean;
  finish(): Promise<StepComparison>;
}

/**
 * Compares the live page just before a step with the step's recorded before-state: screenshot
 * (pixels, with shift detection), DOM (visible text and element structure) and URL. Images and
 * HTML dumps are written only when the states do not match — a matching step costs a capture
 * and a comparison, nothing on disk.
 */
export async function compareBeforeState(
  page: Page,
  step: Step,
  options: CompareOptions,
  env: CompareEnv,
): Promise<StepComparison | undefined> {
  return (await beginComparison(page, step, options, env))?.finish();
}

/** The page half of `compareBeforeState`: everything that must see the page before the step acts. */
export async function beginComparison(
  page: Page,
  step: Step,
  options: CompareOptions,
  env: CompareEnv,
): Promise<PendingComparison | undefined> {
  const before = step.before ?? {};
  const expectedUrl = env.expectedUrl ?? before.url;
  if (options.mode === 'off') return undefined;
  const recordedPng = options.mode !== 'dom' ? readIf(before.screenshot) : undefined;
  const raw = rawRecordedHtml(before);
  const dumped = options.mode !== 'screenshot' ? raw : undefined;
  const recordedHtml = dumped !== undefined ? asBrowserHtml(before, dumped) : undefined;
  // Recorded with Playwright's recorder on screen: its toolbar is in the recorded pixels only.
  const recorderOverlay =
    recordedPng !== undefined && ((raw !== undefined && hasRecorderOverlay(raw)) || (env.overlayInRecording?.() ?? false));
  if (!recordedPng && recordedHtml === undefined && !expectedUrl) return undefined;

  const t0 = performance.now();
  const reused = env.reuse && env.reuse.url === page.url() ? env.reuse : undefined;
  const atExpected = !expectedUrl || sameDocument(env.mapUrl(expectedUrl), page.url());
  const taken = reused ?? (env.sameMoment?.url === page.url() && atExpected ? env.sameMoment : undefined);
  // The previous step's navigation may not have committed yet (a VWA `type [id] [text] [1]`
  // submits with its last key and returns at once): give the recorded URL a moment to arrive
  // before calling it a navigation mismatch. A page that stays elsewhere still diverges.
  if (expectedUrl && !taken)
    await timed('capture.url-wait', () =>
      pollUntil(async () => (sameDocument(env.mapUrl(expectedUrl), page.url()) ? true : undefined), URL_PATIENCE_MS),
    );
  if (!taken) await timed('capture.load-wait', () => page.waitForLoadState('load', { timeout: LOAD_WAIT_MS }).catch(() => undefined));
  const hidden = env.secrets?.masksOn(page) ?? [];
  let recordedPixels: Rgba | undefined;
  const decodeAhead = () => {
    recordedPixels = timedSync('compare.decode-ahead', () => decodePngOrUndefined(recordedPng!));
  };
  // One look at the page decides how to screenshot it and reads its HTML (viewportCapture).
  const captured =
    recordedPng && !taken?.png
      ? await timed('capture.screenshot', () =>
          viewportCapture(
            page,
            {
              mask: hidden,
              timeoutMs: SCREENSHOT_TIMEOUT_MS,
              settled: true,
              fastEncoding: env.bytes?.fromOtherEncoder,
              // Only for pixels compared before acting: those compared while it acts are the pixel thread's.
              whileCapturing: env.bytes?.fromOtherEncoder && (recordedHtml === undefined || env.driftFails) ? decodeAhead : undefined,
            },
            recordedHtml !== undefined && taken?.html === undefined,
          ),
        )
      : undefined;
  const livePng = recordedPng ? (taken?.png ?? captured?.png) : undefined;
  const liveHtml =
    recordedHtml !== undefined
      ? (taken?.html ?? captured?.html ?? (await timed('capture.content', () => settledPageHtml(page))))
      : undefined;
  env.onCapture?.({ url: page.url(), png: livePng, html: liveHtml, ...(hidden.length ? { masked: true } : {}) });
  const secretBoxes = recordedPng && hidden.length ? await env.secrets!.boxesOn(page) : [];
  const noise = env.noise ?? { selectors: [], boxes: [] };
  const toolbar = recorderOverlay ? [recorderToolbarBox(page.viewportSize()?.width ?? 1280)] : [];
  const masks = recordedPng
    ? [
        ...options.maskBoxes,
        ...noise.boxes,
        ...secretBoxes,
        ...toolbar,
        ...(await maskBoxes(page, [...options.maskSelectors, ...noise.selectors])),
      ]
    : [];

  const figures: Figures = {};
  const pageShapes =
    recordedHtml !== undefined && liveHtml !== undefined
      ? timedSync('compare.dom', () => shapes(recordedHtml, env.secrets?.asRecorded(liveHtml) ?? liveHtml, noise.selectors))
      : undefined;
  let target: BeforeStateComparison['target'];
  if (pageShapes) {
    const [recorded, live] = pageShapes;
    Object.assign(figures, domSimilarity(recorded, live));
    // A dialog element the HTML shows may still be hidden by a stylesheet: the browser says whether it is open.
    if (live.dialogs > recorded.dialogs && (await openDialogs(page)) > recorded.dialogs) figures.unexpectedDialog = true;
    if (live.errorPage && !recorded.errorPage) figures.errorPage = true;
    target = await timed('compare.target', () => targetPresence(page, step, recorded, live));
    if (target && !target.live) figures.targetMissing = true;
  }
  let url: BeforeStateComparison['url'];
  if (expectedUrl) {
    const recorded = env.mapUrl(expectedUrl);
    url = { recorded, live: page.url(), same: sameDocument(recorded, page.url()) };
    figures.urlSame = url.same;
  }
  const early = judge(figures, options.thresholds);
  // Identical bytes are identical pixels (screenshot-diff's shortcut): no pixel can add drift.
  const pixelsPending = recordedPng !== undefined && livePng !== undefined && !recordedPng.equals(livePng);
  const pixelOptions = {
    threshold: options.thresholds.pixelThreshold,
    masks,
    maxShiftPx: options.thresholds.maxShiftPx,
    // Drawn only if kept, from the pixels already decoded.
    diffImage: pixelsPending,
  };
  // Pixels compared while the step acts go to the pixel thread, which draws the image if the step
  // keeps it: whatever the pixels say once something else made the step drift, else if they do.
  const pixelsWhileActing = async () => {
    if (recordedPixels) return diffPixels(); // decoded here already: counted here, not copied across
    const { threshold, masks, maxShiftPx } = pixelOptions;
    const { maxDiffPixelRatio, maxDiffPixels } = options.thresholds;
    const diff = await timed('compare.pixels-thread', () =>
      pixelsOffThread(
        recordedPng!,
        livePng!,
        { threshold, masks, maxShiftPx },
        { always: known.verdict !== 'match', maxDiffPixelRatio, maxDiffPixels },
      ),
    );
    if (diff.otherEncoding) env.bytes?.sawOtherEncoding();
    return diff;
  };
  const diffPixels = () => {
    const diff = timedSync('compare.pixels', () => diffScreenshots(recordedPng!, livePng!, { ...pixelOptions, recordedPixels }));
    recordedPixels = undefined; // consumed (masks painted on it)
    if (diff.otherEncoding) env.bytes?.sawOtherEncoding();
    return diff;
  };
  // With the text compared, pixels alone only make a step drift (judge), which needs no evidence
  // read before acting unless it fails the run: they are compared in `finish`, while it acts.
  // Otherwise, all else matching, only they say whether the evidence below is worth reading, so
  // they are compared now rather than the whole page and its accessibility tree read for every
  // step whose bytes differ (every step of a recording made on another machine).
  const pixelsOnlyDrift = figures.textSimilarity !== undefined;
  // Pixels that cannot be compared (a recorded screenshot truncated, or no PNG under its name):
  // the DOM and the URL still judge the step, which says so; with nothing else compared, the
  // comparison fails, and the step says it was not compared (run-episode.ts).
  let pixelsFailed: string | undefined;
  const noPixels = (error: unknown): undefined => {
    pixelsFailed = `pixels not compared: ${errorLine(error)} (recorded screenshot ${before.screenshot})`;
    if (figures.textSimilarity === undefined && figures.urlSame === undefined) throw new Error(pixelsFailed);
    return undefined;
  };
  const pixelsOrNone = () => {
    try {
      return diffPixels();
    } catch (error) {
      return noPixels(error);
    }
  };
  const shotNow = pixelsPending && early.verdict === 'match' && (!pixelsOnlyDrift || env.driftFails) ? pixelsOrNone() : undefined;
  if (shotNow) Object.assign(figures, { pixelRatio: shotNow.ratio, pixels: shotNow.pixels, shiftPx: shotNow.shiftPx });
  const known = shotNow ? judge(figures, options.thresholds) : early;
  // The full page and the accessibility tree must be read now, while the page is the before-state.
  // Only for a step that diverges (or fails the run: --fail-on drift). A drift step (the
  // recorder's hover, an open list, fonts) keeps its images, HTML and text diff; reading the
  // rest would cost it ~50-150 ms.
  const pixelsCanDiverge = pixelsPending && !shotNow && !pixelsOnlyDrift;
  const evidence =
    known.verdict === 'diverged' || (known.verdict === 'drift' && (env.driftFails || pixelsCanDiverge))
      ? await timed('evidence.full-page-aria', () => captureEvidence(page, hidden, captured?.fits ? captured.png : undefined))
      : undefined;
  const captureMs = performance.now() - t0;

  const finish = async (): Promise<StepComparison> => {
    const t1 = performance.now();
    const shot = shotNow ?? (recordedPng && livePng && !pixelsFailed ? await pixelsWhileActing().catch(noPixels) : undefined);
    if (shot) Object.assign(figures, { pixelRatio: shot.ratio, pixels: shot.pixels, shiftPx: shot.shiftPx });
    const { verdict, reasons } = judge(figures, options.thresholds);
    const ifTargetFound = figures.targetMissing ? judge({ ...figures, targetMissing: false }, options.thresholds) : undefined;
    const result: StepComparison = {
      ifTargetFound,
      verdict,
      reasons,
      pixelRatio: shot ? round(shot.ratio) : undefined,
      shiftPx: shot?.shiftPx,
      textSimilarity: figures.textSimilarity !== undefined ? round(figures.textSimilarity) : undefined,
      structureSimilarity: figures.structureSimilarity !== undefined ? round(figures.structureSimilarity) : undefined,
      mainTextSimilarity: figures.mainTextSimilarity !== undefined ? round(figures.mainTextSimilarity) : undefined,
      controlSimilarity: figures.controlSimilarity !== undefined ? round(figures.controlSimilarity) : undefined,
      url,
      target,
      costMs: { capture: Math.round(captureMs), compare: Math.round(performance.now() - t1) },
    };
    if (reused) result.reusedCapture = true;
    if (pixelsFailed) result.pixelsNotCompared = pixelsFailed;
    if (verdict === 'match') return result;
    if (pageShapes) {
      const diff = wordsDiff(pageShapes[0].words, pageShapes[1].words);
      const scrub = (words: string[]) => env.secrets?.scrubWords(words) ?? words;
      if (diff.missing.length || diff.extra.length) result.textDiff = { missing: scrub(diff.missing), extra: scrub(diff.extra) };
    }
    const stepDir = join(env.dir, 'steps');
    mkdirSync(stepDir, { recursive: true });
    const file = (suffix: string) => join(stepDir, `${step.index + 1}-${suffix}`);
    const rel = (p: string) => relativeToOut(env.out, p);
    const budget = new ArtifactBudget(options.maxArtifactBytes);
    const kept = (name: string, data: string | Uint8Array | undefined) =>
      data !== undefined && budget.write(file(name), data) ? rel(file(name)) : undefined;
    if (recordedPng && livePng) {
      const recordedName = `recorded${extname(before.screenshot!) || '.png'}`;
      const images = {
        recorded: kept(recordedName, recordedPng),
        live: kept('live.png', livePng),
        diff: kept('diff.png', shot?.diffPng),
      };
      if (images.recorded || images.live || images.diff) result.images = images;
    }
    const scrub = (text: string) => env.secrets?.redactor.scrub(text) ?? text;
    if (recordedHtml !== undefined && liveHtml !== undefined) {
      // Recorded HTML is untrusted: saved as text for reading, never served as a page of ours.
      const html = { recorded: kept('recorded.html.txt', scrub(recordedHtml)), live: kept('live.html.txt', scrub(liveHtml)) };
      if (html.recorded || html.live) result.html = html;
    }
    // Last, so under --max-artifact-bytes the page's own dumps come before the extra evidence.
    if (evidence) Object.assign(result, keepEvidence(evidence, { kept, images: result.images, scrub }));
    const note = budget.note();
    if (note) result.artifactsNotWritten = note;
    return result;
  };
  return { diverged: known.verdict === 'diverged', final: !pixelsCanDiverge, finish };
}

/**
 * Whether the step's target (with the row or form its selector names) is on the recorded and
 * on the live page; undefined when the recorded HTML does not show it (a name only CSS gives,
 * a target in a frame) — then its absence is no evidence. The step's own effect on a target
 * (a row the previous step removed) is judged by the recording: gone there too, nothing missing.
 * Missing from the live HTML as read here, it is confirmed with the browser's own reading of
 * the recorded selector (names from aria-labelledby, shadow DOM) before it counts.
 */
async function targetPresence(page: Page, step: Step, recorded: PageShape, live: PageShape): Promise<BeforeStateComparison['target']> {
  const query = targetQuery('target' in step.action ? step.action.target : undefined);
  if (!query || !recorded.attributes || countTarget(query, recorded) === 0) return undefined;
  if (countTarget(query, live) > 0) return { recorded: true, live: true };
  const found = query.selector ? await countMatches({ frame: page.mainFrame(), selector: query.selector }) : 0;
  return { recorded: true, live: found > 0 };
}

const openDialogs = (page: Page): Promise<number> =>
  countMatches(page.locator('dialog[open], [role="dialog"], [role="alertdialog"]').filter({ visible: true }));

/** Both pages read the same way: masked alike, and by tags only when the recording dropped attributes. */
function shapes(recordedHtml: string, liveHtml: string, masked: readonly string[]): [PageShape, PageShape] {
  const options = { masked, attributes: keepsAttributes(recordedHtml) };
  return [pageShape(recordedHtml, options), pageShape(liveHtml, options)];
}

/** A recorded image pngjs cannot read either is left to the comparison, which reports it. */
function decodePngOrUndefined(png: Buffer): Rgba | undefined {
  try {
    return decodePng(png);
  } catch {
    return undefined;
  }
}

function readIf(path: string | undefined): Buffer | undefined {
  if (!path) return undefined;
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** Whether the step's recorded HTML shows Playwright's recorder overlay. */
export function recordedWithOverlay(step: Step): boolean {
  const raw = rawRecordedHtml(step.before);
  return raw !== undefined && hasRecorderOverlay(raw);
}

async function maskBoxes(page: Page, selectors: readonly string[]): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const selector of selectors) {
    for (const handle of await page
      .locator(selector)
      .all()
      .catch(() => [])) {
      const box = await handle.boundingBox().catch(() => null);
      if (box) boxes.push(box);
    }
  }
  return boxes;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
