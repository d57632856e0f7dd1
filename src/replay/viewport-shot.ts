import type { Locator, Page } from 'playwright';
import { cdpSession } from './devtools/cdp.js';
import { timed } from './profile.js';

/**
 * Runs inside the page, self-contained: whether a plain capture shows what Playwright's
 * `animations: 'disabled'`, `caret: 'hide'` capture would — nothing animating (a finished
 * animation that still holds its end state counts too), no field focused that could draw a
 * caret (a frame or a shadow host may hold one), every font loaded, a whole device scale.
 */
function stillInPage(): boolean {
  const focused = document.activeElement;
  const caret =
    focused !== null &&
    (focused.matches('input, textarea, iframe, frame, [contenteditable]:not([contenteditable="false"])') ||
      (focused as HTMLElement).isContentEditable ||
      focused.shadowRoot !== null);
  // At a fractional device scale Playwright sizes its capture itself (1280×719 at 1.590625 is
  // not the surface CDP gives): its own path then.
  return Number.isInteger(devicePixelRatio) && document.fonts.status === 'loaded' && document.getAnimations().length === 0 && !caret;
}

export interface ViewportShotOptions {
  mask?: Locator[];
  timeoutMs: number;
  /**
   * Chromium's faster PNG encoding (the same pixels, other bytes): for a caller that cannot
   * match recorded bytes anyway (a recording made by another encoder), ~10 ms less a capture.
   * Taken on the CDP path only; Playwright's own screenshot has no such option.
   */
  fastEncoding?: boolean;
  /**
   * Synchronous work to do while the browser takes the picture (the recorded image decoded
   * meanwhile): run once the capture has been asked for, so the two overlap.
   */
  whileCapturing?: () => void;
}

/**
 * A screenshot of the viewport, as `page.screenshot({ animations: 'disabled', caret: 'hide', mask })`
 * takes it — the same bytes — but on a still page (stillInPage) taken with one CDP
 * `Page.captureScreenshot`: ~10–15 ms less a capture than Playwright's own path, once per step
 * when comparing. Anything else (masks, an animation, a focused field, no CDP) is Playwright's.
 */
export async function viewportScreenshot(page: Page, options: ViewportShotOptions): Promise<Buffer> {
  const mask = options.mask ?? [];
  // Done once, whichever capture it overlaps (a failed CDP capture falls back to Playwright's).
  let work = options.whileCapturing;
  const takeWork = () => {
    const once = work;
    work = undefined;
    return once;
  };
  if (mask.length === 0 && (await page.evaluate(stillInPage).catch(() => false))) {
    const cdp = await cdpSession(page).catch(() => undefined);
    const asked = cdp
      ? cdp
          .send('Page.captureScreenshot', { format: 'png', ...(options.fastEncoding ? { optimizeForSpeed: true } : {}) })
          .catch(() => undefined)
      : Promise.resolve(undefined);
    const shot = await timed('shot.cdp', () => meanwhile(asked, takeWork()));
    if (shot) return Buffer.from(shot.data, 'base64');
  }
  const asked = page.screenshot({ animations: 'disabled', caret: 'hide', timeout: options.timeoutMs, mask });
  return timed('shot.playwright', () => meanwhile(asked, takeWork()));
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
