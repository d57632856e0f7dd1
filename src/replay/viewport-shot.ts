import { pageFunction } from './page-function.js';
import type { Locator, Page } from 'playwright';
import type { Box } from '../ir/index.js';
import { cdpSession } from './devtools/cdp.js';
import { allNativeInPage } from './native-in-page.js';
import { finiteAnimationsEnded, LONGEST_FOLLOW_UP_MS, runningFollowUps } from './animations-ended.js';
import { documentHtmlInPage, pageHtml } from './page-html.js';
import { timed } from './profile.js';
import type { OwnChanges } from './own-changes.js';
import type { ScriptMotion } from './script-motion.js';

/** What one look at the page before its screenshot returns (pageBeforeShot). */
interface BeforeShot {
  still: boolean;
  /** A finite animation or transition is running (runningFollowUps): the page is still changing. */
  animating?: boolean;
  /** The focused field's caret was hidden for the capture: `restoreCaret` puts its style back. */
  caretHidden: boolean;
  /** The whole document is inside the viewport: a full-page screenshot would show no more. */
  fits: boolean;
  /** The document as `page.content()` serialises it, when asked for and readable here. */
  html?: string;
  /** How far the page is scrolled: a CDP clip is in document coordinates, a viewport clip is not. */
  scroll: { x: number; y: number };
}

/** Where pageBeforeShot leaves the undoing of its caret hiding, on the page's window. */
const RESTORE_CARET = '__replaywrightRestoreCaret';

/**
 * Runs inside the page, self-contained. `still`: whether a plain capture shows what Playwright's
 * `animations: 'disabled'`, `caret: 'hide'` capture would — nothing animating (a finished
 * animation that still holds its end state counts too), every font loaded, a whole device
 * scale, and no caret showing. A caret is drawn only in the focused field: with `hideCaret`, a
 * field of this document focused has its caret made transparent here, as Playwright's capture
 * does to every field, and its style attribute is put back after the capture (restoreCaret);
 * focus in a frame or a shadow root leaves the capture to Playwright.
 */
function pageBeforeShot({ hideCaret, restoreKey }: LookArg): BeforeShot {
  const focused = document.activeElement;
  const editable =
    focused !== null &&
    (focused.matches('input, textarea, [contenteditable]:not([contenteditable="false"])') || (focused as HTMLElement).isContentEditable);
  const elsewhere = focused !== null && (focused.matches('iframe, frame') || focused.shadowRoot !== null);
  // At a fractional device scale Playwright sizes its capture itself (1280×719 at 1.590625 is
  // not the surface CDP gives): its own path then.
  const calm = Number.isInteger(devicePixelRatio) && document.fonts.status === 'loaded' && document.getAnimations().length === 0;
  const caretHidden = calm && editable && !elsewhere && hideCaret && focused instanceof HTMLElement;
  const still = calm && !elsewhere && (!editable || caretHidden);
  const page = document.documentElement;
  const fits = !page || (page.scrollWidth <= innerWidth && page.scrollHeight <= innerHeight);
  const shot: BeforeShot = { still, caretHidden, fits, scroll: { x: scrollX, y: scrollY } };
  if (caretHidden) {
    const field = focused as HTMLElement;
    const style = field.getAttribute('style');
    field.style.setProperty('caret-color', 'transparent', 'important');
    // Not motion of the page's (script-motion.ts): the next look would wait for it to be quiet.
    const motion = (window as unknown as Record<symbol, ScriptMotion | undefined>)[Symbol.for('replaywright.scriptMotion')];
    // Nor a change of the page's own (own-changes.ts).
    const own = (window as unknown as Record<symbol, OwnChanges | undefined>)[Symbol.for('replaywright.ownChanges')];
    motion?.ignoreOwn();
    own?.ignoreOwn();
    (window as unknown as Record<string, () => void>)[restoreKey] = () => {
      // Read first: Chromium writes a style changed through CSSOM back to the attribute lazily,
      // and a removal before that write-back would be followed by it (style="" left behind).
      void field.getAttribute('style');
      if (style === null) field.removeAttribute('style');
      else field.setAttribute('style', style);
      motion?.ignoreOwn();
      own?.ignoreOwn();
    };
  }
  return shot;
}

interface LookArg {
  withHtml: boolean;
  hideCaret: boolean;
  restoreKey: string;
}

/**
 * pageBeforeShot and, with `withHtml`, the page's HTML (documentHtmlInPage) read first in the
 * same round trip, before anything is changed: ~10 ms a step less than asking separately.
 */
const lookBeforeShot = pageFunction<(arg: LookArg) => BeforeShot>(
  `(arg) => {
    const html = arg.withHtml ? (${documentHtmlInPage.toString()})(${allNativeInPage.toString()}) : undefined;
    const shot = (${pageBeforeShot.toString()})(arg);
    if (html !== undefined) shot.html = html;
    shot.animating = (${runningFollowUps.toString()})(${LONGEST_FOLLOW_UP_MS}).length > 0;
    return shot;
  }`,
);

/** Runs inside the page: undoes pageBeforeShot's caret hiding. */
function restoreCaret(restoreKey: string): void {
  const w = window as unknown as Record<string, (() => void) | undefined>;
  const restore = w[restoreKey];
  delete w[restoreKey];
  restore?.();
}

export interface ViewportShotOptions {
  mask?: Locator[];
  timeoutMs: number;
  /**
   * Chromium's faster PNG encoding (the same pixels, other bytes): for a caller that cannot
   * match recorded bytes anyway (a recording made by another encoder) or only decodes the
   * image itself (the hover evidence), ~7–10 ms less a capture.
   * Taken on the CDP path only; Playwright's own screenshot has no such option.
   */
  fastEncoding?: boolean;
  /**
   * Read the page once the finite animations running on it have ended (finiteAnimationsEnded):
   * a before-state, which the recording read once the step before had settled. Without it, an
   * animation is only finished for the picture, as Playwright's `animations: 'disabled'` does.
   */
  settled?: boolean;
  /** Only this region of the viewport (CSS px), as Playwright's `clip`. */
  clip?: Box;
  /**
   * Synchronous work to do while the browser takes the picture (the recorded image decoded
   * meanwhile): run once the capture has been asked for, so the two overlap.
   */
  whileCapturing?: () => void;
}

/** A viewport screenshot and, when asked for, the DOM as it was just before it. */
export interface ViewportCapture {
  png: Buffer;
  html?: string;
  /** The page had nothing beyond the viewport when looked at: `png` is its full-page screenshot too. */
  fits?: boolean;
}

/**
 * A screenshot of the viewport, as `page.screenshot({ animations: 'disabled', caret: 'hide', mask })`
 * takes it — the same bytes — but on a still page (pageBeforeShot; a field focused has its caret
 * hidden) taken with one CDP `Page.captureScreenshot`: ~10–15 ms less a capture than Playwright's
 * own path, once per step when comparing. Anything else (masks, an animation, focus in a frame
 * or shadow root, no CDP) is Playwright's.
 */
export async function viewportScreenshot(page: Page, options: ViewportShotOptions): Promise<Buffer> {
  return (await viewportCapture(page, options, false)).png;
}

/**
 * viewportScreenshot, and with `withHtml` the page's HTML as `page.content()` gives it, read in
 * the round trip that decides how to take the picture: before the capture, so none of a
 * Playwright capture's own marks is in it (its caret hiding leaves `style=""` on the fields,
 * its masks add overlays). Read after the capture when that round trip could not (the page
 * navigating, its serialisers replaced).
 */
export async function viewportCapture(page: Page, options: ViewportShotOptions, withHtml: boolean): Promise<ViewportCapture> {
  const mask = options.mask ?? [];
  // Done once, whichever capture it overlaps (a failed CDP capture falls back to Playwright's).
  let work = options.whileCapturing;
  const takeWork = () => {
    const once = work;
    work = undefined;
    return once;
  };
  const look = () =>
    page
      .evaluate(lookBeforeShot, { withHtml, hideCaret: mask.length === 0, restoreKey: RESTORE_CARET })
      .catch((): BeforeShot => ({ still: false, caretHidden: false, fits: false, scroll: { x: 0, y: 0 } }));
  let seen = await look();
  // Mid-animation, the HTML still holds what the animation's end removes (a closing dialog)
  // while the screenshot, its animations finished, no longer shows it: the page is read once
  // they have ended, as the recording read it once the step before had settled.
  if (options.settled && seen.animating) {
    if (seen.caretHidden) await page.evaluate(restoreCaret, RESTORE_CARET).catch(() => undefined);
    await timed('capture.animations', () => finiteAnimationsEnded(page));
    seen = await look();
  }
  const withContent = async (png: Buffer): Promise<ViewportCapture> =>
    withHtml
      ? { png, fits: seen.fits, html: seen.html ?? (await timed('capture.content', () => pageHtml(page))) }
      : { png, fits: seen.fits };
  // A clip is kept inside the viewport, as Playwright trims it.
  const clip = options.clip && clipToViewport(options.clip, page.viewportSize());
  if (mask.length === 0 && seen.still && (!options.clip || clip)) {
    const cdp = await cdpSession(page).catch(() => undefined);
    const asked = cdp
      ? cdp
          .send('Page.captureScreenshot', {
            format: 'png',
            ...(options.fastEncoding ? { optimizeForSpeed: true } : {}),
            ...(clip ? { clip: { ...clip, x: clip.x + seen.scroll.x, y: clip.y + seen.scroll.y, scale: 1 } } : {}),
          })
          .catch(() => undefined)
      : Promise.resolve(undefined);
    const shot = await timed('shot.cdp', () => meanwhile(asked, takeWork()));
    // Before anything else touches the page (the step's action, Playwright's capture below).
    if (seen.caretHidden) await page.evaluate(restoreCaret, RESTORE_CARET).catch(() => undefined);
    if (shot) return withContent(Buffer.from(shot.data, 'base64'));
  }
  const asked = playwrightScreenshot(page, { animations: 'disabled', caret: 'hide', timeout: options.timeoutMs, mask, clip: options.clip });
  return withContent(await timed('shot.playwright', () => meanwhile(asked, takeWork())));
}

/**
 * Chromium's answer when its compositor had no frame to read back: a page just committed, before
 * its first paint (seen in a CI run of the tests, on a page captured as soon as it loaded). Not a fact
 * about the page: taken again once, a little later.
 */
const NO_FRAME_YET = /Unable to capture screenshot/;
const NO_FRAME_RETRY_MS = 100;

async function playwrightScreenshot(page: Page, options: Parameters<Page['screenshot']>[0]): Promise<Buffer> {
  try {
    return await page.screenshot(options);
  } catch (error) {
    if (!NO_FRAME_YET.test(String(error)) || page.isClosed()) throw error;
    await new Promise((resolve) => setTimeout(resolve, NO_FRAME_RETRY_MS));
    return page.screenshot(options);
  }
}

/**
 * Runs `work` after the request behind `asked` has left this process (Playwright hands a
 * message on over a couple of event-loop turns), then waits for the answer. Whatever `work`
 * costs is then spent while the browser is busy anyway; at worst it just runs before the wait.
 */
async function meanwhile<T>(asked: Promise<T>, work: (() => void) | undefined): Promise<T> {
  if (work) {
    // The request may fail while we work: its rejection is the caller's, read below.
    asked.catch(() => undefined);
    for (let turn = 0; turn < 2; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
    work();
  }
  return asked;
}

/** The part of `box` (CSS px) inside the viewport; undefined when less than a pixel of it is. */
export function clipToViewport(box: Box, viewport: { width: number; height: number } | null): Box | undefined {
  if (!viewport) return undefined;
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  const width = Math.min(viewport.width, box.x + box.width) - x;
  const height = Math.min(viewport.height, box.y + box.height) - y;
  return width >= 1 && height >= 1 ? { x, y, width, height } : undefined;
}
