import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext, Page } from 'playwright';
import { LONGEST_FOLLOW_UP_MS, runningFollowUps } from '../../src/replay/animations-ended.js';
import { watchScriptMotion } from '../../src/replay/script-motion.js';
import { launch } from '../support/replay.js';

// The follow-up waits see a page moved by script (src/replay/script-motion.ts): inline styles
// written frame by frame, or a frame asked for that has not run yet. The page's own
// requestAnimationFrame calls behave as before.
let browser: Browser;
let context: BrowserContext;
let page: Page;
test.beforeAll(async () => void (browser = await launch()));
test.afterAll(async () => void (await browser?.close()));
test.beforeEach(async () => {
  context = await browser.newContext();
  await watchScriptMotion(context);
  page = await context.newPage();
  await page.setContent('<div id="box" style="width:40px;height:40px;background:#88c"></div>');
});
test.afterEach(async () => void (await context.close()));

const followUpsNow = (p: Page) => p.evaluate(`(${runningFollowUps.toString()})(${LONGEST_FOLLOW_UP_MS}).length`);

test("the page's animation frames run as before: time argument, ids, cancelling, a non-function refused", async () => {
  const seen = await page.evaluate(async () => {
    const cancelled = requestAnimationFrame(() => document.body.setAttribute('data-cancelled-ran', ''));
    cancelAnimationFrame(cancelled);
    const time = await new Promise<number>((resolve) => requestAnimationFrame((t) => resolve(t)));
    let refused = '';
    try {
      requestAnimationFrame(42 as unknown as FrameRequestCallback);
    } catch (error) {
      refused = (error as Error).constructor.name;
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return { time: typeof time, cancelledRan: document.body.hasAttribute('data-cancelled-ran'), refused, id: typeof cancelled };
  });
  expect(seen).toEqual({ time: 'number', cancelledRan: false, refused: 'TypeError', id: 'number' });
});

test('a slider about to move (a frame asked for) and moving (a style written each frame) is a follow-up until it rests', async () => {
  expect(await followUpsNow(page)).toBe(0);
  // What a click on a script-driven carousel starts: its first move comes at the next frame.
  await page.evaluate(() => {
    const box = document.getElementById('box')!;
    const start = performance.now();
    const move = (now: number) => {
      const done = Math.min(1, (now - start) / 300);
      box.style.transform = `translateX(${200 * done}px)`;
      if (done < 1) requestAnimationFrame(move);
      else box.setAttribute('data-rested', '');
    };
    requestAnimationFrame(move);
  });
  expect(await followUpsNow(page)).toBe(1);
  // The wait the captures and uncompared steps make: over once the slider has rested.
  const rested = await page.evaluate(
    `Promise.all((${runningFollowUps.toString()})(${LONGEST_FOLLOW_UP_MS}).map((f) => f.finished)).then(() => document.getElementById('box').hasAttribute('data-rested'))`,
  );
  expect(rested).toBe(true);
  expect(await followUpsNow(page)).toBe(0);
});

test('a ticker moving for ever is not a follow-up once it has run longer than one', async () => {
  await page.evaluate(() => {
    const box = document.getElementById('box')!;
    const tick = (now: number) => {
      box.style.transform = `translateX(${(now / 10) % 200}px)`;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.waitForTimeout(LONGEST_FOLLOW_UP_MS + 300);
  expect(await followUpsNow(page)).toBe(0);
});
