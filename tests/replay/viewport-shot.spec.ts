import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { viewportCapture, viewportScreenshot } from '../../src/replay/viewport-shot.js';
import { decodePng } from '../../src/compare/png-decode.js';
import { profiledEpisode, type PhaseTotals } from '../../src/replay/profile.js';
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

for (const variant of ['', '?moving', '?focused']) {
  test(`still.html${variant}: the HTML read with the capture is page.content()'s, and the capture is still Playwright's bytes`, async () => {
    await page.goto(`${site.url}/still.html${variant}`);
    // A mark the page script leaves, so the HTML is the live DOM, not the file.
    await page.evaluate(() => document.body.setAttribute('data-live', String(performance.now() > 0)));
    // Read before: Playwright's caret-hiding capture leaves `style=""` on a focused field, which
    // a DOM read after it would report as the page's.
    const content = await page.content();
    const ours = await viewportCapture(page, { timeoutMs: 5000 }, true);
    expect(ours.html).toBe(content);
    expect(ours.html).toContain('data-live="true"');
    expect(ours.png.equals(await playwrights())).toBe(true);
    expect(ours.fits).toBe(true);
  });
}

test("a page that replaced the DOM serialisers is read with Playwright's own content(), not with the page's", async () => {
  await page.goto(`${site.url}/still.html`);
  await page.evaluate(() =>
    Object.defineProperty(Element.prototype, 'outerHTML', {
      configurable: true,
      get: () => '<html>forged</html>',
    }),
  );
  const ours = await viewportCapture(page, { timeoutMs: 5000 }, true);
  expect(ours.html).not.toContain('forged');
  expect(ours.html).toBe(await page.content());
});

test('a page taller than the viewport does not fit (its evidence takes a full-page screenshot of its own)', async () => {
  await page.goto(`${site.url}/still.html`);
  await page.evaluate(() => (document.body.style.height = '3000px'));
  expect((await viewportCapture(page, { timeoutMs: 5000 }, false)).fits).toBe(false);
});

test("a focused field's caret is hidden for one CDP capture and its style put back as it was: Playwright's bytes, Playwright's path not taken", async () => {
  process.env.REPLAYWRIGHT_PROFILE = '1';
  try {
    for (const before of [null, 'color: rgb(0, 0, 200); caret-color: red']) {
      await page.goto(`${site.url}/still.html?focused`);
      if (before !== null) await page.locator('#name').evaluate((el, s) => el.setAttribute('style', s), before);
      let phases: PhaseTotals = {};
      const ours = await profiledEpisode(
        () => viewportScreenshot(page, { timeoutMs: 5000 }),
        (p) => (phases = p),
      );
      expect(phases['shot.cdp']?.n, String(before)).toBe(1);
      expect(phases['shot.playwright'], String(before)).toBeUndefined();
      expect(await page.locator('#name').getAttribute('style')).toBe(before);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('name');
      expect(ours.equals(await playwrights())).toBe(true);
    }
  } finally {
    delete process.env.REPLAYWRIGHT_PROFILE;
  }
});

test("a clip of the viewport, on a scrolled page, one past its edge, and with something moving: the bytes of Playwright's clipped capture", async () => {
  const playwrightsClip = (clip: { x: number; y: number; width: number; height: number }) =>
    page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  for (const variant of ['', '?moving']) {
    await page.goto(`${site.url}/still.html${variant}`);
    // Taller than the viewport, scrolled: a CDP clip is in document coordinates, ours in the viewport's.
    await page.evaluate(() => {
      document.body.style.height = '3000px';
      window.scrollTo(0, 25);
    });
    for (const clip of [
      { x: 30.5, y: 10, width: 120, height: 70.25 },
      { x: 700, y: 350, width: 300, height: 300 },
    ]) {
      const ours = await viewportScreenshot(page, { timeoutMs: 5000, clip });
      expect(ours.equals(await playwrightsClip(clip)), `${variant} ${JSON.stringify(clip)}`).toBe(true);
    }
    const ours = decodePng(await viewportScreenshot(page, { timeoutMs: 5000, clip: { x: 0, y: 0, width: 800, height: 400 } }));
    expect([ours.width, ours.height]).toEqual([800, 400]);
  }
});
