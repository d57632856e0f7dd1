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
  await inViewAndStill(l, timeoutMs);
  const box = await l.boundingBox({ timeout: timeoutMs });
  if (!box) throw new Error('the element has no box to click in');
  const x = box.x + (a.position?.x ?? box.width / 2);
  const y = box.y + (a.position?.y ?? box.height / 2);
  const count = Math.max(1, a.clickCount);
  if (a.button === 'back' || a.button === 'forward') return sideButtonClick(page, x, y, a.button, count, a.holdMs ?? 0);
  // One call: Playwright moves there and presses `count` times (clickCount 1, 2…), holding each `delay`.
  await page.mouse.click(x, y, { button: a.button, clickCount: count, delay: a.holdMs });
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

/**
 * Brings the element into view when it is out of it (centred, as Puppeteer does) and waits until
 * two animation frames agree on its box: one round trip to the page.
 */
async function inViewAndStill(l: Locator, timeoutMs: number): Promise<void> {
  await l.evaluate(
    async (el) => {
      const r = el.getBoundingClientRect();
      if (r.bottom < 0 || r.right < 0 || r.top > innerHeight || r.left > innerWidth)
        el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const box = () => JSON.stringify(el.getBoundingClientRect());
      let last = box();
      for (;;) {
        await new Promise((done) => requestAnimationFrame(done));
        const now = box();
        if (now === last) return;
        last = now;
      }
    },
    undefined,
    { timeout: timeoutMs },
  );
}
