import type { Frame, Locator, Page } from 'playwright';
import { throughFrames } from '../../selectors/index.js';
import { cdpSession } from './cdp.js';

/**
 * Scrolls to a recorded position, as DevTools records it and @puppeteer/replay replays it:
 * an element's `scrollLeft/scrollTop` (once it is in view), or `window.scroll(x, y)` for the page.
 */
export async function scrollTo(page: Page, element: Locator | undefined, to: { x: number; y: number }, timeoutMs: number): Promise<void> {
  if (element) {
    // Brought into view first, as Puppeteer's locator does before it scrolls an element.
    await element.scrollIntoViewIfNeeded({ timeout: timeoutMs });
    await element.evaluate(
      (el, p) => {
        el.scrollLeft = p.x;
        el.scrollTop = p.y;
      },
      to,
      { timeout: timeoutMs },
    );
    return;
  }
  await page.evaluate((p) => window.scroll(p.x, p.y), to);
}

/**
 * Network conditions through CDP `Network.emulateNetworkConditions`, as Puppeteer's
 * `page.emulateNetworkConditions`: throughput in bytes/s, latency in ms, offline when both
 * throughputs are 0.
 */
export async function emulateNetwork(page: Page, n: { download: number; upload: number; latency: number }): Promise<void> {
  const cdp = await cdpSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: !n.download && !n.upload,
    latency: n.latency,
    downloadThroughput: n.download,
    uploadThroughput: n.upload,
  });
}

/** The frame a list of iframe selectors leads to (main frame down), or undefined when one is missing. */
export async function frameThrough(page: Page, framePath: readonly string[] | undefined, timeoutMs: number): Promise<Frame | undefined> {
  if (!framePath?.length) return page.mainFrame();
  const owner = page.locator(throughFrames(framePath.slice(0, -1), framePath.at(-1)!)).first();
  const handle = await owner.elementHandle({ timeout: timeoutMs }).catch(() => null);
  const frame = await handle?.contentFrame();
  await handle?.dispose();
  return frame ?? undefined;
}
