import type { Locator, Page } from 'playwright';
import type { Action } from '../../ir/index.js';
import { cdpSession } from './cdp.js';

type Click = Extract<Action, { type: 'click' }>;

/** CDP's `buttons` bit for each button (the buttons held while it is down). */
const BUTTON_BITS = { left: 1, right: 2, middle: 4, back: 8, forward: 16 } as const;

/** Whether Playwright's own click cannot do what the recording did (a side button, a recorded point). */
export function needsRecordedPointClick(a: Click): boolean {
  return a.button === 'back' || a.button === 'forward' || (a.atRecordedPoint === true && a.position !== undefined);
}

/**
 * Clicks as @puppeteer/replay does: wait until the element is visible, in view and no longer
 * moving, then press at the recorded offset from its top-left corner (its centre with none),
 * with no hit-test — whatever is drawn at that point (an <svg> path in a button) takes the
 * click, as it did for the user. Side buttons (back/forward) go through CDP
 * `Input.dispatchMouseEvent`, which Playwright's mouse does not expose.
 */
export async function clickAtRecordedPoint(page: Page, l: Locator, a: Click, timeoutMs: number): Promise<void> {
  await l.waitFor({ state: 'visible', timeout: timeoutMs });
  await l.scrollIntoViewIfNeeded({ timeout: timeoutMs });
  const box = await stableBox(l, timeoutMs);
  const x = box.x + (a.position?.x ?? box.width / 2);
  const y = box.y + (a.position?.y ?? box.height / 2);
  const count = Math.max(1, a.clickCount);
  if (a.button === 'back' || a.button === 'forward') return sideButtonClick(page, x, y, a.button, count, a.holdMs ?? 0);
  await page.mouse.move(x, y);
  for (let n = 1; n <= count; n++) {
    await page.mouse.down({ button: a.button, clickCount: n });
    if (n === count && a.holdMs) await page.waitForTimeout(a.holdMs);
    await page.mouse.up({ button: a.button, clickCount: n });
  }
}

async function sideButtonClick(page: Page, x: number, y: number, button: 'back' | 'forward', count: number, holdMs: number): Promise<void> {
  const cdp = await cdpSession(page);
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, button: 'none', buttons: 0 });
  for (let n = 1; n <= count; n++) {
    await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button, buttons: BUTTON_BITS[button], clickCount: n });
    if (n === count && holdMs) await page.waitForTimeout(holdMs);
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button, buttons: 0, clickCount: n });
  }
}

/** The element's box once two animation frames agree on it (Puppeteer waits for a stable box too). */
async function stableBox(l: Locator, timeoutMs: number): Promise<{ x: number; y: number; width: number; height: number }> {
  const deadline = Date.now() + timeoutMs;
  let last = await l.boundingBox({ timeout: timeoutMs });
  for (;;) {
    await l.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(undefined))), undefined, { timeout: timeoutMs });
    const box = await l.boundingBox({ timeout: timeoutMs });
    if (box && last && box.x === last.x && box.y === last.y && box.width === last.width && box.height === last.height) return box;
    if (Date.now() > deadline) throw Object.assign(new Error(`Timeout ${timeoutMs}ms exceeded: the element kept moving`), { name: 'TimeoutError' });
    last = box;
  }
}
