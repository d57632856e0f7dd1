import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { loadDataset } from '../../src/formats/load-dataset.js';
import type { Episode } from '../../src/ir/index.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode, type ReplayOptions } from '../../src/replay/run-episode.js';
import { FIXTURES, serveSite, SITE, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';

// Recorded on variant A of the shop (fixtures/site/shop), replayed on variant B
// (fixtures/site-b/shop): same app, another implementation. fixtures/resolution/EXPECTED.md
// says what each episode exercises and what a correct engine reports.
let browser: Browser;
let siteA: FixtureServer;
let siteB: FixtureServer;
let episodes: Episode[];
test.beforeAll(async () => {
  browser = await launch();
  siteA = await serveSite();
  siteB = await serveSite([join(FIXTURES, 'site-b'), SITE]);
  episodes = (await loadDataset(join(FIXTURES, 'resolution'))).episodes;
});
test.afterAll(async () => {
  await browser?.close();
  await siteA?.close();
  await siteB?.close();
});

function replay(id: string, site: FixtureServer, options: Partial<ReplayOptions> = {}) {
  const episode = episodes.find((e) => e.id === id);
  if (!episode) throw new Error(`no episode ${id}`);
  return runEpisode(browser, episode, {
    ...DEFAULT_REPLAY_OPTIONS,
    timeoutMs: 5000,
    ...options,
    urlMappings: [{ from: RECORDED_ORIGIN, to: site.url }],
    out: tempDir('rw-res-'),
  });
}

for (const shape of ['1.49', '1.65']) {
  test(`recorder ${shape}: every episode reproduces on the variant it was recorded on`, async () => {
    for (const id of ['shop-checkout', 'shop-remove-icon', 'trap-similar-row', 'trap-twin-remove']) {
      const r = await replay(`${id}@${shape}`, siteA, { compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' } });
      expect(r.status, `${id}: ${r.message}`).toBe('passed');
    }
  });

  test(`recorder ${shape}: the checkout survives renamed ids, counts, a shadow root, an iframe and a hover-only button`, async () => {
    const r = await replay(`shop-checkout@${shape}`, siteB, { compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' } });
    expect(r.status, r.message).toBe('passed');
    for (const s of r.steps.filter((s) => s.action === 'click' || s.action === 'fill')) {
      expect(s.resolvedBy, `step ${s.index}`).toBeDefined();
      expect(s.score, `step ${s.index}`).toBeGreaterThan(0);
    }
    // Counts drifted ("Cart (3)" → "Cart (N)"), so at least one target needed more than the recorded selector.
    expect(r.steps.some((s) => s.resolvedBy !== 'recorded' && s.resolvedBy !== undefined)).toBe(true);
    const remove = r.steps.find((s) => s.description === 'click button "Remove"')!;
    expect(remove.target?.revealedByHover).toBe(true);
    // Recorder 1.65 drops the trailing closePage, so it records no final state to compare.
    expect(r.final?.textSimilarity).toBe(shape === '1.49' ? 1 : undefined);
    expect(r.final?.url).toContain('#/order');
  });

  test(`recorder ${shape}: an icon whose glyph changed is still found, in its own row`, async () => {
    const r = await replay(`shop-remove-icon@${shape}`, siteB, { compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' } });
    expect(r.status, r.message).toBe('passed');
    expect(r.final?.textSimilarity).toBe(shape === '1.49' ? 1 : undefined);
  });

  test(`recorder ${shape}: a look-alike row is never clicked in place of a row that is gone`, async () => {
    const r = await replay(`trap-similar-row@${shape}`, siteB, { compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' } });
    expect(r.status).toBe('failed');
    expect(['target-not-found', 'ambiguous-target']).toContain(r.reason);
    expect(r.failedStep).toBe(2);
  });

  test(`recorder ${shape}: two identical rows make the hover-only Remove ambiguous, not a guess`, async () => {
    const r = await replay(`trap-twin-remove@${shape}`, siteB, { compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' } });
    expect(r.status).toBe('failed');
    expect(r.reason).toBe('ambiguous-target');
    expect(r.failedStep).toBe(5);
    expect(r.steps.slice(0, 5).every((s) => s.status === 'passed')).toBe(true);
  });
}

/** What a hand-written loop over the recorded selectors does: the behaviour --strict must keep. */
async function plainLoop(episode: Episode, siteUrl: string): Promise<number | undefined> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  context.setDefaultTimeout(5000);
  let page: Page | undefined;
  const map = (url: string) => url.replace(RECORDED_ORIGIN, siteUrl);
  try {
    for (const step of episode.steps) {
      const a = step.action;
      const selector = 'target' in a && a.target?.locate[0]?.kind === 'selector' ? a.target.locate[0].selector : undefined;
      try {
        if (a.type === 'openPage') page = await context.newPage();
        else if (a.type === 'navigate') await page!.goto(map(a.url));
        else if (a.type === 'closePage') await page!.close();
        else if (a.type === 'click') await page!.locator(selector!).click();
        else if (a.type === 'fill') await page!.locator(selector!).fill(a.text);
        else throw new Error(`plain loop has no ${a.type}`);
      } catch {
        return step.index;
      }
    }
    return undefined;
  } finally {
    await context.close();
  }
}

test('--strict stops exactly where a plain Playwright loop over the recorded selectors stops', async () => {
  for (const id of ['shop-checkout@1.49', 'shop-remove-icon@1.65']) {
    const episode = episodes.find((e) => e.id === id)!;
    const loopStop = await plainLoop(episode, siteB.url);
    const r = await replay(id, siteB, { strict: true, compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' } });
    expect(loopStop, id).toBeDefined();
    expect(r.failedStep, id).toBe(loopStop);
    expect(['target-not-found', 'ambiguous-target', 'timeout']).toContain(r.reason);
  }
});
