import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { createVisualWebArenaFormat } from '../../src/formats/visualwebarena.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import type { EpisodeResult } from '../../src/ir/results.js';
import { FIXTURES, SITE, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { keepingContexts } from '../support/kept-context.js';
import { launch } from '../support/replay.js';

// The drift check of actions VWA made at a point: fixtures/vwa/shop-drift*.json were recorded
// on the shop of site A (a CLICK by element_id / a MOUSE_CLICK on "Continue shopping" in the
// empty cart). Site B (fixtures/site-b) lays the cart out differently: the link is elsewhere.

const VWA = join(FIXTURES, 'vwa');
let siteA: FixtureServer;
let siteB: FixtureServer;
let browser: Browser;
test.beforeAll(async () => {
  siteA = await serveSite();
  siteB = await serveSite([join(FIXTURES, 'site-b'), SITE]);
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
  await siteA?.close();
  await siteB?.close();
});

async function replay(
  file: string,
  site: FixtureServer,
  repair: boolean,
  use: (r: EpisodeResult, page: Page) => Promise<void>,
): Promise<void> {
  const decoded = await createVisualWebArenaFormat().decodeFile(join(VWA, file), { datasetRoot: VWA });
  expect(decoded.rejected).toEqual([]);
  const kept = keepingContexts(browser);
  try {
    const result = await runEpisode(kept.browser, decoded.episodes[0]!, {
      ...DEFAULT_REPLAY_OPTIONS,
      timeoutMs: 5000,
      compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' },
      urlMappings: [{ from: RECORDED_ORIGIN, to: site.url }],
      out: tempDir('rw-vwa-drift-'),
      repair,
    });
    await use(result, kept.contexts[0]!.pages()[0]!);
  } finally {
    await kept.closeAll();
  }
}

const path = (page: Page, site: FixtureServer) => page.url().replace(site.url, '');

for (const [file, kind] of [
  ['shop-drift.json', 'CLICK by element_id'],
  ['shop-drift-point.json', 'MOUSE_CLICK at coordinates'],
] as const) {
  test.describe(kind, () => {
    test('site A: what is at each recorded point is the recorded element', async () => {
      await replay(file, siteA, false, async (r, page) => {
        expect(r.status, r.message).toBe('passed');
        expect(r.steps[1]!.pointCheck).toMatchObject({ expected: 'button "Cart (0)"', match: true });
        expect(r.steps[2]!.pointCheck).toMatchObject({ expected: 'link "Continue shopping"', found: 'a "Continue shopping"', match: true });
        expect(r.steps[2]!.notes).toBeUndefined();
        expect(path(page, siteA)).toBe('/shop/');
      });
    });

    test('site B: the moved link is reported; without --repair the step fails no-effect instead of clicking what is there now', async () => {
      await replay(file, siteB, false, async (r, page) => {
        // The cart badge (in a shadow root on B) is still where it was.
        expect(r.steps[1]!.pointCheck).toMatchObject({ expected: 'button "Cart (0)"', found: 'button "Cart (0)"', match: true });
        const drift = r.steps[2]!;
        expect(drift.status).toBe('failed');
        expect(drift.reason).toBe('no-effect');
        expect(drift.pointCheck).toMatchObject({ expected: 'link "Continue shopping"', match: false });
        expect(drift.pointCheck!.found).not.toContain('Continue shopping"');
        expect(drift.pointCheck!.repaired).toBeUndefined();
        expect(drift.message).toMatch(
          /^expected link "Continue shopping" at the recorded point \(\d+, \d+\); .+ is there, so the click would land on it/,
        );
        expect(r).toMatchObject({ status: 'failed', reason: 'no-effect', failedStep: 2, drift: [2] });
        // Nothing was there to follow: still in the cart.
        expect(path(page, siteB)).toBe('/shop/#/cart');
      });
    });

    test('site B with --repair: the link found again by role, name and nearest box is clicked', async () => {
      await replay(file, siteB, true, async (r, page) => {
        expect(r.status, r.message).toBe('passed');
        expect(r.steps[2]!.pointCheck).toMatchObject({ expected: 'link "Continue shopping"', match: false, repaired: true });
        expect(r.steps[2]!.notes![0]).toContain('--repair acted on the link "Continue shopping" nearest that point');
        expect(path(page, siteB)).toBe('/shop/#/');
        await expect(page.getByRole('heading', { name: 'Permits and services' })).toBeVisible();
      });
    });
  });
}
