import { expect, test } from '@playwright/test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PNG } from 'pngjs';
import { writeHtmlReport } from '../../src/report/html/index.js';
import { changedSiteCopy } from '../support/fixture-site.js';
import { useLiveSite } from '../support/live-site.js';
import { replayFixture } from '../support/replay.js';

// library-save-record@1.49: steps 3–5 (0-based) start on library/index.html.
const DRIFTING = 3;

// A heading changed and the page made taller than the viewport: only the full page shows the bottom.
const live = useLiveSite(() =>
  changedSiteCopy(
    'library/index.html',
    '<h1>Public library catalogue</h1>',
    '<h1>Public library catalogue (new)</h1><div style="height:1500px"></div><p>Footnote below the fold</p>',
  ),
);

test('a step that fails the run (drift under --fail-on drift) gets a full-page screenshot and an accessibility snapshot; a matching step gets neither, and the report links both', async () => {
  const r = await replayFixture(live.browser, 'library-save-record@1.49', live.site.url, { failOn: 'drift' });
  const c = r.steps[DRIFTING]!.compare!;
  expect(c.verdict).toBe('drift');
  expect(r.status).toBe('failed');
  expect(c.images?.fullPage).toBeTruthy();
  expect(c.aria).toBeTruthy();

  const full = PNG.sync.read(readFileSync(join(r.out, c.images!.fullPage!)));
  const viewport = PNG.sync.read(readFileSync(join(r.out, c.images!.live!)));
  expect(full.width).toBe(viewport.width);
  expect(full.height).toBeGreaterThan(1500);
  const aria = readFileSync(join(r.out, c.aria!), 'utf8');
  expect(aria).toContain('heading "Public library catalogue (new)"');
  expect(aria).toContain('Footnote below the fold');

  // Cost-aware: matching steps write nothing of this.
  const matching = r.steps.filter((s) => s.compare?.verdict === 'match');
  expect(matching.length).toBeGreaterThan(0);
  for (const s of matching) {
    expect(s.compare!.images).toBeUndefined();
    expect(s.compare!.aria).toBeUndefined();
  }

  writeFileSync(join(r.out, 'results.jsonl'), `${JSON.stringify(r)}\n`);
  const report = await writeHtmlReport(r.out);
  const page = await live.browser.newPage();
  try {
    await page.goto(pathToFileURL(report).href);
    await page.getByRole('link', { name: r.episode }).click();
    const step = page.locator(`li.step[data-index="${DRIFTING}"]`);
    await step.locator('.step-head').click();
    await expect(step).toHaveClass(/\bopen\b/);
    for (const [kind, path] of [
      ['live-full-page', c.images!.fullPage!],
      ['live-aria', c.aria!],
    ] as const) {
      const href = await step.locator(`a[data-kind="${kind}"]`).evaluate((a) => (a as HTMLAnchorElement).href);
      expect(fileURLToPath(href)).toBe(join(r.out, path));
      expect(existsSync(fileURLToPath(href))).toBe(true);
    }
  } finally {
    await page.close();
  }
});

test('a drift step that does not fail the run keeps its screenshots, diff and HTML, but no full page or accessibility snapshot', async () => {
  const r = await replayFixture(live.browser, 'library-save-record@1.49', live.site.url);
  expect(r.status).toBe('passed');
  const c = r.steps[DRIFTING]!.compare!;
  expect(c.verdict).toBe('drift');
  expect(c.images).toMatchObject({ recorded: expect.any(String), live: expect.any(String), diff: expect.any(String) });
  expect(c.html).toMatchObject({ recorded: expect.any(String), live: expect.any(String) });
  expect(c.textDiff?.extra).toContain('(new)');
  expect(c.images!.fullPage).toBeUndefined();
  expect(c.aria).toBeUndefined();
});

test.describe('a page that fails the run with nothing below the fold', () => {
  // Only the heading changed: the page still fits the 1280×720 viewport.
  const short = useLiveSite(() =>
    changedSiteCopy('library/index.html', '<h1>Public library catalogue</h1>', '<h1>Public library (new)</h1>'),
  );

  test('its full-page evidence is the viewport capture (no second screenshot is needed), and the accessibility snapshot is still read', async () => {
    const r = await replayFixture(short.browser, 'library-save-record@1.49', short.site.url, { failOn: 'drift' });
    const c = r.steps[DRIFTING]!.compare!;
    expect(c.verdict).toBe('drift');
    const full = readFileSync(join(r.out, c.images!.fullPage!));
    const viewport = readFileSync(join(r.out, c.images!.live!));
    expect(full.equals(viewport)).toBe(true);
    // What a separate full-page screenshot of the same page would show: the same pixels.
    expect(PNG.sync.read(full).height).toBe(720);
    expect(readFileSync(join(r.out, c.aria!), 'utf8')).toContain('heading "Public library (new)"');
  });
});
