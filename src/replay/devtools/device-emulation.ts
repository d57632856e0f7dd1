import type { BrowserContext, Page } from 'playwright';
import type { Action } from '../../ir/index.js';
import { cdpSession } from './cdp.js';

type SetViewport = Extract<Action, { type: 'setViewport' }>;
type Metrics = {
  width: number;
  height: number;
  deviceScaleFactor: number;
  mobile: boolean;
  screenOrientation: { angle: number; type: 'landscapePrimary' | 'portraitPrimary' };
};

interface Emulated {
  mobile: boolean;
  touch: boolean;
  /** The metrics a step set, while they differ from what Playwright's own session emulates. */
  metrics?: Metrics;
  /** devicePixelRatio under Playwright's own emulation (the context's scale factor). */
  playwrightDpr: number;
}

/** What a step last emulated on each page; a replay context starts with neither mobile nor touch. */
const emulating = new WeakMap<Page, Emulated>();

/** The device scale factor each replay context was created with: what Playwright emulates on its pages. */
const contextScale = new WeakMap<BrowserContext, number>();

/**
 * Says which scale factor Playwright emulates in `context` (its `deviceScaleFactor` option), so a
 * setViewport need not ask a page that may still be starting (~15 ms on a new page's first evaluate).
 */
export function noteContextScale(context: BrowserContext, deviceScaleFactor: number): void {
  contextScale.set(context, deviceScaleFactor);
}

/** A setViewport that says more than the size: it emulates a device. */
export function emulatesDevice(a: SetViewport): boolean {
  return a.isMobile !== undefined || a.hasTouch !== undefined || a.isLandscape !== undefined || a.deviceScaleFactor !== undefined;
}

/**
 * Applies a DevTools `setViewport` the way Puppeteer's `page.setViewport` does (which
 * @puppeteer/replay calls): CDP device metrics with `mobile`, the scale factor (1 when not
 * recorded) and the screen orientation, touch emulation on or off, then a reload when mobile or
 * touch changed, since a document only gets touch events (`ontouchstart`) when it is created with
 * touch on. Playwright has no API to change these on a live context, hence CDP. Returns notes.
 */
export async function setDeviceViewport(page: Page, a: SetViewport, timeoutMs: number): Promise<string[]> {
  // Playwright keeps its own idea of the size (screenshots, before-state checks): it is told first.
  await page.setViewportSize({ width: a.width, height: a.height });
  // Only Chromium speaks CDP: elsewhere the size is all that is replayed, and the step says so.
  const cdp = await cdpSession(page).catch(() => undefined);
  if (!cdp) return ['only the size was replayed: mobile, touch and scale emulation need Chromium (CDP)'];
  const before = emulating.get(page);
  const playwrightDpr = before?.playwrightDpr ?? contextScale.get(page.context()) ?? Number(await page.evaluate('devicePixelRatio'));
  const mobile = a.isMobile ?? false;
  const touch = a.hasTouch ?? false;
  const metrics: Metrics = {
    width: a.width,
    height: a.height,
    deviceScaleFactor: a.deviceScaleFactor ?? 1,
    mobile,
    screenOrientation: a.isLandscape ? { angle: 90, type: 'landscapePrimary' } : { angle: 0, type: 'portraitPrimary' },
  };
  // This session has sent no override yet on a page's first setViewport: nothing to clear.
  await applyMetrics(page, metrics, before !== undefined);
  // A replay context starts with touch off; it is sent only to change it.
  if ((before?.touch ?? false) !== touch) await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: touch });
  const differs = mobile || metrics.deviceScaleFactor !== playwrightDpr;
  emulating.set(page, { mobile, touch, playwrightDpr, ...(differs ? { metrics } : {}) });
  if ((before?.mobile ?? false) === mobile && (before?.touch ?? false) === touch) return [];
  await page.reload({ timeout: timeoutMs });
  return [`reloaded: ${mobile !== (before?.mobile ?? false) ? 'mobile' : 'touch'} emulation changed (as Puppeteer's setViewport does)`];
}

/**
 * Puts a step's device metrics back after Playwright re-applied its own: each CDP session keeps
 * its own override and the last one sent wins, and Playwright's screenshots (before-states, the
 * final page) send Playwright's again. Where the scale factors differ, the page's
 * devicePixelRatio tells whether that happened; otherwise the metrics are sent again anyway.
 */
export async function keepDeviceEmulation(page: Page): Promise<void> {
  const metrics = emulating.get(page)?.metrics;
  if (!metrics || page.isClosed()) return;
  const dpr = await page.evaluate('devicePixelRatio').catch(() => undefined);
  if (dpr === metrics.deviceScaleFactor && metrics.deviceScaleFactor !== emulating.get(page)?.playwrightDpr) return;
  await applyMetrics(page, metrics).catch(() => undefined);
}

async function applyMetrics(page: Page, metrics: Metrics, sentBefore = true): Promise<void> {
  const cdp = await cdpSession(page);
  // Chrome ignores an override equal to the one this session sent last, even after another
  // session replaced it: cleared first, so it is applied again.
  if (sentBefore) await cdp.send('Emulation.clearDeviceMetricsOverride');
  await cdp.send('Emulation.setDeviceMetricsOverride', metrics);
}
