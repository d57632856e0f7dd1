import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { viewportScreenshot } from '../../src/replay/viewport-shot.js';
import { decodePng } from '../../src/compare/png-decode.js';
import { FIXTURES, serveSite, type FixtureServer } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';

// Per-step captures go through one CDP call on a still page, and through Playwright's screenshot
// otherwise; either way they must be the bytes Playwright's animations-disabled, caret-hidden
// screenshot gives, or recorded screenshots taken that way would stop matching byte for byte.
let site: FixtureServer;
let browser: Browser;
let page: Page;
test.beforeAll(async () => {
  site = await serveSite(join(FIXTURES, 'effects'));
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 800, height: 400 } });
});
test.afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const playwrights = () => page.screenshot({ animations: 'disabled', caret: 'hide' });

for (const variant of ['', '?moving', '?focused']) {
  test(`still.html${variant}: the same bytes as Playwright's own capture`, async () => {
    await page.goto(`${site.url}/still.html${variant}`);
    const ours = await viewportScreenshot(page, { timeoutMs: 5000 });
    expect(ours.equals(await playwrights())).toBe(true);
  });
}

test('the faster encoding holds the same pixels in other bytes, and work asked to overlap the capture runs once', async () => {
  await page.goto(`${site.url}/still.html`);
  let runs = 0;
  const fast = await viewportScreenshot(page, { timeoutMs: 5000, fastEncoding: true, whileCapturing: () => runs++ });
  const theirs = await playwrights();
  expect(fast.equals(theirs)).toBe(false);
  expect(decodePng(fast).data.equals(decodePng(theirs).data)).toBe(true);
  expect(runs).toBe(1);
  // On Playwright's path too (something moves).
  await page.goto(`${site.url}/still.html?moving`);
  await viewportScreenshot(page, { timeoutMs: 5000, whileCapturing: () => runs++ });
  expect(runs).toBe(2);
});

test("at a fractional device scale (BabyAGI's 1.590625): the same bytes as Playwright's own capture", async () => {
  const scaled = await browser.newPage({ viewport: { width: 1280, height: 719 }, deviceScaleFactor: 1.590625 });
  try {
    await scaled.goto(`${site.url}/still.html`);
    const ours = await viewportScreenshot(scaled, { timeoutMs: 5000 });
    expect(ours.equals(await scaled.screenshot({ animations: 'disabled', caret: 'hide' }))).toBe(true);
  } finally {
    await scaled.close();
  }
});

test('a masked capture is masked', async () => {
  await page.goto(`${site.url}/still.html`);
  const mask = [page.locator('#name')];
  const ours = await viewportScreenshot(page, { mask, timeoutMs: 5000 });
  expect(ours.equals(await page.screenshot({ animations: 'disabled', caret: 'hide', mask }))).toBe(true);
  expect(ours.equals(await playwrights())).toBe(false);
});
