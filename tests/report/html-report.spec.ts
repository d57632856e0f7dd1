import { appendFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import type { Browser } from 'playwright';
import { writeHtmlReport } from '../../src/report/html/index.js';
import type { EpisodeResult, StepResult } from '../../src/ir/results.js';
import { tempDir } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';

/**
 * The report built from hand-written results that use every field of the contract (before-state
 * comparison images, boxes, trace…) plus 1234 filler episodes, so paging, filters and lazily
 * loaded chunks are exercised at a size where they matter.
 */

const W = 400;
const H = 300;
const FILLERS = 1234;

function png(file: string, paint: (x: number, y: number) => [number, number, number]): void {
  const img = new PNG({ width: W, height: H });
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const [r, g, b] = paint(x, y);
      const i = (y * W + x) * 4;
      img.data[i] = r;
      img.data[i + 1] = g;
      img.data[i + 2] = b;
      img.data[i + 3] = 255;
    }
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, PNG.sync.write(img));
}

const inBox = (x: number, y: number, b: { x: number; y: number; width: number; height: number }) =>
  x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height;
const RECORDED_BOX = { x: 100, y: 50, width: 80, height: 30 };
const LIVE_BOX = { x: 120, y: 90, width: 80, height: 30 };

function step(index: number, extra: Partial<StepResult>): StepResult {
  return {
    index,
    recordedStep: index + 1,
    action: 'click',
    description: `click button "B${index}"`,
    page: 'page',
    status: 'passed',
    durationMs: 100 + index,
    ...extra,
  };
}

function compareEpisode(): EpisodeResult {
  const dir = 'episodes/compare-me';
  return {
    episode: 'compare-me',
    format: 'rpaweb',
    status: 'failed',
    reason: 'target-not-found',
    failedStep: 1,
    firstDivergence: 1,
    drift: [0],
    message: 'step 2 (click button "Submit"): nothing matched',
    instruction: 'Submit the form',
    source: { file: '/data/compare.jsonl', line: 7 },
    durationMs: 4321,
    trace: `${dir}/trace.zip`,
    steps: [
      step(0, { compare: { verdict: 'drift', reasons: ['visual-only'], pixelRatio: 0.004 } }),
      step(1, {
        description: 'click button "Submit"',
        status: 'failed',
        reason: 'target-not-found',
        message: 'nothing matched within 3000 ms',
        target: { candidates: [{ name: 'Send', score: 0.52 }], evidence: ['role button 1.00'] },
        recordedBox: RECORDED_BOX,
        liveBox: LIVE_BOX,
        compare: {
          verdict: 'diverged',
          reasons: ['element-moved', 'content-drift'],
          pixelRatio: 0.1234,
          shiftPx: 40,
          textSimilarity: 0.91,
          structureSimilarity: 0.88,
          url: { recorded: 'http://a.test/form', live: 'http://a.test/form2', same: false },
          target: { recorded: true, live: false },
          images: { recorded: `${dir}/steps/2-recorded.png`, live: `${dir}/steps/2-live.png`, diff: `${dir}/steps/2-diff.png` },
          html: { recorded: `${dir}/steps/2-recorded.html.txt`, live: `${dir}/steps/2-live.html.txt` },
        },
      }),
      step(2, { status: 'skipped', reason: 'after-failure', durationMs: 0 }),
    ],
    final: { url: 'http://a.test/form2', html: `${dir}/final.html`, screenshot: `${dir}/final.png` },
  };
}

const FORMATS = ['rpaweb', 'mind2web'] as const;
const STATUSES = ['passed', 'passed', 'failed', 'passed', 'error'] as const;

function filler(i: number): EpisodeResult {
  const status = STATUSES[i % STATUSES.length]!;
  const failedStep = status === 'failed' ? i % 4 : undefined;
  return {
    episode: `filler-${i}`,
    format: FORMATS[i % 2]!,
    status,
    ...(status === 'failed'
      ? { reason: 'timeout' as const, failedStep }
      : status === 'error'
        ? { reason: 'browser-crashed' as const }
        : {}),
    instruction: `filler ${i}`,
    source: { file: '/data/filler.jsonl', line: i + 1 },
    durationMs: 1000,
    steps: [0, 1, 2, 3].map((k) =>
      step(
        k,
        failedStep === undefined
          ? {}
          : k === failedStep
            ? { status: 'failed', reason: 'timeout' }
            : k > failedStep
              ? { status: 'skipped', reason: 'after-failure' }
              : {},
      ),
    ),
  };
}

let browser: Browser;
let out: string;
let all: EpisodeResult[];
let page: Page;
let problems: string[];

test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  out = tempDir('rw-html-');
  const dir = join(out, 'episodes/compare-me');
  png(join(dir, 'steps/2-recorded.png'), (x, y) => (inBox(x, y, RECORDED_BOX) ? [40, 80, 220] : [250, 250, 250]));
  png(join(dir, 'steps/2-live.png'), (x, y) => (inBox(x, y, LIVE_BOX) ? [40, 80, 220] : [250, 250, 250]));
  png(join(dir, 'steps/2-diff.png'), (x, y) => (inBox(x, y, RECORDED_BOX) || inBox(x, y, LIVE_BOX) ? [255, 0, 0] : [255, 255, 255]));
  png(join(dir, 'final.png'), () => [200, 200, 200]);
  for (const f of ['steps/2-recorded.html.txt', 'steps/2-live.html.txt', 'final.html', 'trace.zip']) writeFileSync(join(dir, f), 'x');
  all = [compareEpisode(), ...Array.from({ length: FILLERS }, (_, i) => filler(i + 1))];
  writeFileSync(join(out, 'results.jsonl'), all.map((r) => JSON.stringify(r)).join('\n') + '\n');
  // No summary.json and a torn last line: a run killed while writing.
  appendFileSync(join(out, 'results.jsonl'), '{"episode": "torn", "stat');
  await writeHtmlReport(out);
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
});
test.beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
});
test.afterEach(async () => {
  expect(problems).toEqual([]);
  await page.close();
});

const open = (hash = '') => page.goto(pathToFileURL(join(out, 'report', 'index.html')).href + hash);
const loadedScripts = async () => (await page.$$eval('script[src]', (ss) => ss.map((s) => s.getAttribute('src')))).sort();

test('the data is split into chunks, and the list loads none of them', async () => {
  expect(readdirSync(join(out, 'report', 'data')).sort()).toEqual(
    ['index.js', ...Array.from({ length: 13 }, (_, i) => `chunk-${i}.js`)].sort(),
  );
  await open();
  await expect(page.getByTestId('count-total')).toHaveText(String(FILLERS + 1));
  await expect(page.getByTestId('episode-row')).toHaveCount(50);
  expect(await loadedScripts()).toEqual(['data/index.js']);
  await expect(page.locator('.meta')).toContainText('no summary.json: the run did not finish');
  await expect(page.locator('.meta')).toContainText('1 unreadable line(s) in results.jsonl');
});

test('paging, format filter, search and the first-failure histogram narrow the list', async () => {
  await open();
  await expect(page.getByTestId('list-range').first()).toHaveText(`1–50 of ${FILLERS + 1}`);
  await page.getByTestId('next-page').first().click();
  await expect(page.getByTestId('list-range').first()).toHaveText(`51–100 of ${FILLERS + 1}`);
  await expect(page.getByTestId('episode-row').first()).toHaveAttribute('data-n', '50');

  await page.locator('select[data-filter="format"]').selectOption('mind2web');
  const mind2web = all.filter((r) => r.format === 'mind2web').length;
  await expect(page.getByTestId('list-range').first()).toHaveText(`1–50 of ${mind2web}`);
  await expect(page.locator('[data-status-filter="failed"] .seg-n')).toHaveText(
    String(all.filter((r) => r.format === 'mind2web' && r.status === 'failed').length),
  );

  await open('#/');
  await page.getByTestId('hist-failure').getByRole('link', { name: 'step 3' }).click();
  const atStep3 = all.filter((r) => r.failedStep === 2).length;
  expect(atStep3).toBeGreaterThan(50);
  await expect(page.getByTestId('list-range').first()).toHaveText(`1–50 of ${atStep3}`);
  await expect(page.getByTestId('hist-failure').locator('li[data-label="step 3"]')).toHaveAttribute('data-count', String(atStep3));

  await open('#/');
  await page.locator('input[data-filter="q"]').fill('filler 1201');
  await expect(page.getByTestId('episode-row')).toHaveCount(1);
  await expect(page.getByTestId('episode-row').locator('.ep-id')).toHaveText('filler-1201');
});

test('opening an episode loads only its chunk', async () => {
  await open('#/e/1200');
  await expect(page.getByTestId('episode-id')).toHaveText('filler-1200');
  expect(await loadedScripts()).toEqual(['data/chunk-12.js', 'data/index.js']);
});

test('a diverged step shows recorded, live and diff screenshots with the target boxes, figures and links', async () => {
  await open('#/e/0');
  const s = page.locator('li.step[data-index="1"]');
  await expect(s).toHaveClass(/\bopen\b/);
  await expect(page.locator('li.step[data-index="0"]')).not.toHaveClass(/\bopen\b/); // drift: marked, not opened
  await expect(page.locator('li.step[data-index="0"]')).toHaveClass(/\bv-drift\b/);
  await expect(s.getByTestId('verdict')).toHaveText('diverged');
  await expect(s.locator('.compare .c-why')).toHaveText(['element-moved', 'content-drift']);
  await expect(s.locator('.figure')).toHaveText([
    '12.3%pixels differ',
    '40 pxvertical shift',
    '0.91text similarity',
    '0.88structure similarity',
    'yes / notarget recorded / live',
  ]);
  await expect(s.locator('.urls')).toHaveText('recorded http://a.test/form ≠ live http://a.test/form2');
  await expect(s.locator('table.candidates tr')).toHaveText(['Send0.52']);

  const shots = s.getByTestId('shots').locator('img');
  await expect
    .poll(() => shots.evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((i) => [i.getAttribute('data-kind'), i.naturalWidth])))
    .toEqual([
      ['recorded', W],
      ['live', W],
      ['diff', W],
    ]);
  // Each box sits where the result says, relative to its screenshot.
  for (const [kind, box] of [
    ['recorded', RECORDED_BOX],
    ['live', LIVE_BOX],
  ] as const) {
    const rel = await s.locator(`.k-${kind} .shot-frame`).evaluate((frame) => {
      const img = frame.querySelector('img')!.getBoundingClientRect();
      const b = frame.querySelector('.box')!.getBoundingClientRect();
      return [(b.left - img.left) / img.width, (b.top - img.top) / img.height, b.width / img.width, b.height / img.height];
    });
    const want = [box.x / W, box.y / H, box.width / W, box.height / H];
    rel.forEach((v, i) => expect(v, `${kind} box ${i}`).toBeCloseTo(want[i]!, 2));
  }
  await expect(s.locator('.k-diff .box')).toHaveCount(0);

  // The slider lays live over recorded and reveals as much of it as asked.
  await expect(s.getByTestId('slider-view')).toBeHidden();
  await s.getByRole('button', { name: 'slider' }).click();
  await expect(s.getByTestId('slider-view')).toBeVisible();
  await expect(s.getByTestId('shots')).toBeHidden();
  await s.getByTestId('slider').fill('20');
  await expect(s.locator('.slider-top')).toHaveCSS('clip-path', 'inset(0px 0px 0px 20%)');
  await expect(s.locator('[data-box="slider-recorded"]')).toBeVisible();
  await expect(s.locator('[data-box="slider-live"]')).toBeVisible();

  for (const kind of ['recorded-html', 'live-html']) {
    const href = await s.locator(`a[data-kind="${kind}"]`).evaluate((a) => (a as HTMLAnchorElement).href);
    expect(existsSync(fileURLToPath(href)), kind).toBe(true);
  }
  await expect(page.getByTestId('trace-cmd')).toHaveText(`npx playwright show-trace ${join(out, 'episodes/compare-me/trace.zip')}`);
  const trace = await page.getByTestId('trace-link').evaluate((a) => (a as HTMLAnchorElement).href);
  expect(fileURLToPath(trace)).toBe(join(out, 'episodes/compare-me/trace.zip'));
});
