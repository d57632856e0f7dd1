import type { Locator, Page } from 'playwright';
import { cdpSession } from './devtools/cdp.js';
import { timed } from './profile.js';

/** What one look at the page before its screenshot returns (pageBeforeShot). */
interface BeforeShot {
  still: boolean;
  /** The whole document is inside the viewport: a full-page screenshot would show no more. */
  fits: boolean;
  /** The document as `page.content()` serialises it, when asked for and readable here. */
  html?: string;
}

/**
 * Runs inside the page, self-contained. `still`: whether a plain capture shows what Playwright's
 * `animations: 'disabled'`, `caret: 'hide'` capture would — nothing animating (a finished
 * animation that still holds its end state counts too), no field focused that could draw a
 * caret (a frame or a shadow host may hold one), every font loaded, a whole device scale.
 * `html` (when `withHtml`): the doctype and `documentElement.outerHTML`, as Playwright's
 * `content()` joins them, read in this same round trip — ~10 ms a step less than asking
 * separately. This runs in the page's own world, where a script could have replaced the
 * serialisers: it is read only while they are still the browser's own.
 */
function pageBeforeShot(withHtml: boolean): BeforeShot {
  const focused = document.activeElement;
  const caret =
    focused !== null &&
    (focused.matches('input, textarea, iframe, frame, [contenteditable]:not([contenteditable="false"])') ||
      (focused as HTMLElement).isContentEditable ||
      focused.shadowRoot !== null);
  // At a fractional device scale Playwright sizes its capture itself (1280×719 at 1.590625 is
  // not the surface CDP gives): its own path then.
  const still = Number.isInteger(devicePixelRatio) && document.fonts.status === 'loaded' && document.getAnimations().length === 0 && !caret;
  const page = document.documentElement;
  const fits = !page || (page.scrollWidth <= innerWidth && page.scrollHeight <= innerHeight);
  if (!withHtml) return { still, fits };
  const native = (f: unknown) => typeof f === 'function' && /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(f));
  const outer = Object.getOwnPropertyDescriptor(Element.prototype, 'outerHTML')?.get;
  const serialize = XMLSerializer.prototype.serializeToString;
  if (!native(outer) || !native(serialize) || !native(Function.prototype.toString)) return { still, fits };
  const doctype = document.doctype ? serialize.call(new XMLSerializer(), document.doctype) : '';
  return { still, fits, html: doctype + (page ? (outer!.call(page) as string) : '') };
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

/** A viewport screenshot and, when asked for, the DOM as it was just before it. */
export interface ViewportCapture {
  png: Buffer;
  html?: string;
  /** The page had nothing beyond the viewport when looked at: `png` is its full-page screenshot too. */
  fits?: boolean;
}

/**
 * A screenshot of the viewport, as `page.screenshot({ animations: 'disabled', caret: 'hide', mask })`
 * takes it — the same bytes — but on a still page (pageBeforeShot) taken with one CDP
 * `Page.captureScreenshot`: ~10–15 ms less a capture than Playwright's own path, once per step
 * when comparing. Anything else (masks, an animation, a focused field, no CDP) is Playwright's.
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
  const seen = await page.evaluate(pageBeforeShot, withHtml).catch((): BeforeShot => ({ still: false, fits: false }));
  const withContent = async (png: Buffer): Promise<ViewportCapture> =>
    withHtml
      ? { png, fits: seen.fits, html: seen.html ?? (await timed('capture.content', () => page.content())) }
      : { png, fits: seen.fits };
  if (mask.length === 0 && seen.still) {
    const cdp = await cdpSession(page).catch(() => undefined);
    const asked = cdp
      ? cdp
          .send('Page.captureScreenshot', { format: 'png', ...(options.fastEncoding ? { optimizeForSpeed: true } : {}) })
          .catch(() => undefined)
      : Promise.resolve(undefined);
    const shot = await timed('shot.cdp', () => meanwhile(asked, takeWork()));
    if (shot) return withContent(Buffer.from(shot.data, 'base64'));
  }
  const asked = page.screenshot({ animations: 'disabled', caret: 'hide', timeout: options.timeoutMs, mask });
  return withContent(await timed('shot.playwright', () => meanwhile(asked, takeWork())));
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
