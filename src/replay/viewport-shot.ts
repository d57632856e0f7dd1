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

/**
 * A screenshot of the viewport, as `page.screenshot({ animations: 'disabled', caret: 'hide', mask })`
 * takes it — the same bytes — but on a still page (stillInPage) taken with one CDP
 * `Page.captureScreenshot`: ~10–15 ms less a capture than Playwright's own path, once per step
 * when comparing. Anything else (masks, an animation, a focused field, no CDP) is Playwright's.
 */
export async function viewportScreenshot(page: Page, options: { mask?: Locator[]; timeoutMs: number }): Promise<Buffer> {
  const mask = options.mask ?? [];
  if (mask.length === 0 && (await page.evaluate(stillInPage).catch(() => false))) {
    const cdp = await cdpSession(page).catch(() => undefined);
    const shot = await timed('shot.cdp', async () => cdp?.send('Page.captureScreenshot', { format: 'png' }).catch(() => undefined));
    if (shot) return Buffer.from(shot.data, 'base64');
  }
  return timed('shot.playwright', () => page.screenshot({ animations: 'disabled', caret: 'hide', timeout: options.timeoutMs, mask }));
}
