import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { Browser } from 'playwright';
import { finalizeReports } from '../../src/report/finalize.js';
import type { EpisodeResult } from '../../src/ir/results.js';
import { tempDir } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';
import { BROKEN_ROW, EVIL, EVIL_ID, realRun, type RealRun } from './support.js';

// One real run (four episodes, ~30 s of replay) shared by every test here: keep them in one worker.
test.describe.configure({ mode: 'default' });

const BIN = fileURLToPath(new URL('../../bin/replaywright.js', import.meta.url));

let run: RealRun;
let browser: Browser;
let reports: Awaited<ReturnType<typeof finalizeReports>>;
let byId: Record<string, EpisodeResult>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  run = await realRun();
  byId = Object.fromEntries(run.results.map((r) => [r.episode, r]));
  reports = await finalizeReports(run.out);
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
});

/** The report opened from disk, with every console error and page error collected. */
async function openReport(hash = ''): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.goto(pathToFileURL(reports.html).href + hash);
  return { page, problems };
}

/** Every image in `scope` has loaded with real pixels. */
async function imagesLoaded(page: Page, selector: string): Promise<{ kind: string | null; width: number }[]> {
  await expect.poll(() => page.$$eval(selector, (imgs) => (imgs as HTMLImageElement[]).every((i) => i.complete))).toBe(true);
  return page.$$eval(selector, (imgs) =>
    (imgs as HTMLImageElement[]).map((i) => ({ kind: i.getAttribute('data-kind'), width: i.naturalWidth })),
  );
}

test('the replays behind these tests came out as intended', () => {
  expect(run.results.map((r) => [r.episode, r.status])).toEqual([
    ['library-save-record@1.49', 'passed'],
    ['tax-submit-declaration@1.49', 'failed'],
    [EVIL_ID, 'passed'],
    [BROKEN_ROW, 'error'],
  ]);
  const tax = byId['tax-submit-declaration@1.49']!;
  expect(tax.failedStep).toBe(12);
  expect(tax.steps[12]).toMatchObject({ status: 'failed', reason: 'target-not-found', description: 'click button "Submit declaration"' });
  expect(reports.episodes).toBe(4);
  expect(existsSync(join(run.out, 'junit.xml'))).toBe(true);
  expect(reports.html).toBe(join(run.out, 'report', 'index.html'));
});

test('the episode list shows the run: counts, reasons, first-failure histogram, status filter', async () => {
  const { page, problems } = await openReport();
  await expect(page.getByTestId('count-total')).toHaveText('4');
  await expect(page.getByTestId('count-passed')).toHaveText('2');
  await expect(page.getByTestId('count-failed')).toHaveText('1');
  await expect(page.getByTestId('count-error')).toHaveText('1');
  await expect(page.getByTestId('episode-row')).toHaveCount(4);
  expect(await page.getByTestId('episode-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')))).toEqual([
    'passed',
    'failed',
    'passed',
    'error',
  ]);
  await expect(page.getByTestId('list-range')).toHaveText('1–4 of 4');

  const tax = byId['tax-submit-declaration@1.49']!;
  const reasons = page.getByTestId('reasons').locator('li');
  expect(await reasons.evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-label'), li.getAttribute('data-count')]))).toEqual(
    [
      [tax.reason!, '1'],
      ['invalid-input', '1'],
    ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
  );
  const hist = page.getByTestId('hist-failure').locator('li');
  expect(await hist.evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-label'), li.getAttribute('data-count')]))).toEqual([
    ['step 13', '1'],
  ]);

  await page.locator('[data-status-filter="failed"]').click();
  await expect(page.getByTestId('episode-row')).toHaveCount(1);
  await expect(page.getByTestId('episode-row').locator('.ep-id')).toHaveText('tax-submit-declaration@1.49');
  await expect(page.getByTestId('episode-row').locator('.stop')).toContainText('step 13: click button "Submit declaration"');
  expect(new URL(page.url()).hash).toBe('#/?status=failed');

  await page.locator('[data-status-filter="error"]').click();
  await expect(page.getByTestId('episode-row')).toHaveCount(1);
  await expect(page.getByTestId('episode-row').locator('.ep-id')).toHaveText(BROKEN_ROW);

  await page.locator('select[data-filter="reason"]').selectOption('invalid-input');
  expect(new URL(page.url()).hash).toBe('#/?status=error&reason=invalid-input');
  await expect(page.getByTestId('episode-row')).toHaveCount(1);
  expect(problems).toEqual([]);
});

test("the failed episode's page opens on its failing step: reason, message, loaded screenshots, links", async () => {
  const { page, problems } = await openReport();
  await page.getByRole('link', { name: 'tax-submit-declaration@1.49' }).click();
  const tax = byId['tax-submit-declaration@1.49']!;
  const failing = tax.steps[12]!;

  await expect(page.getByTestId('episode-status')).toHaveText('failed');
  await expect(page.getByTestId('episode-reason')).toHaveText(tax.reason!);
  await expect(page.getByTestId('episode-message')).toHaveText(tax.message!);
  await expect(page.getByTestId('step')).toHaveCount(14);

  const step = page.locator('li.step[data-index="12"]');
  await expect(step).toHaveClass(/\bopen\b/);
  await expect(step).toHaveAttribute('data-status', 'failed');
  await expect(step.getByTestId('step-description')).toHaveText('click button "Submit declaration"');
  await expect(step.getByTestId('step-reason')).toHaveText('target-not-found');
  await expect(step.getByTestId('step-message')).toHaveText(failing.message!);
  await expect(page.locator('li.step[data-index="13"]')).toHaveAttribute('data-status', 'skipped');
  await expect(page.locator('li.step[data-index="13"]')).not.toHaveClass(/\bopen\b/);

  // Exactly the screenshots the result names for this step, each loaded from disk.
  const images = failing.compare?.images;
  const expected = [
    ...(images?.recorded ? ['recorded'] : []),
    ...(images?.live ? ['live'] : ['stopped']),
    ...(images?.diff ? ['diff'] : []),
  ];
  const loaded = await imagesLoaded(page, 'li.step[data-index="12"] [data-testid="shots"] img');
  expect(loaded.map((i) => i.kind)).toEqual(expected);
  for (const img of loaded) expect(img.width, `${img.kind} image`).toBeGreaterThan(0);

  const finalShot = await imagesLoaded(page, 'img[data-kind="final"]');
  expect(finalShot).toEqual([{ kind: 'final', width: 1280 }]);
  const finalHtml = await page.getByTestId('final-html').evaluate((a) => (a as HTMLAnchorElement).href);
  expect(fileURLToPath(finalHtml)).toBe(join(run.out, tax.final!.html));
  expect(existsSync(fileURLToPath(finalHtml))).toBe(true);
  expect(problems).toEqual([]);
});

test('markup in an instruction or an id is shown as text and never runs', async () => {
  const { page, problems } = await openReport();
  const row = page.locator('[data-testid="episode-row"][data-n="2"]');
  await expect(row.locator('.ep-id')).toHaveText(EVIL_ID);
  await expect(row.locator('.instr')).toHaveText(EVIL);
  expect(await row.locator('.ep-id b, .instr script, .instr img').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  await row.locator('.ep-id').click();
  await expect(page.getByTestId('episode-id')).toHaveText(EVIL_ID);
  await expect(page.getByTestId('instruction')).toHaveText(EVIL);
  expect(await page.locator('img[src="x"], main script').count()).toBe(0);
  // The episode folder name is a sanitised form of the id: the final screenshot still loads.
  expect(await imagesLoaded(page, 'img[data-kind="final"]')).toEqual([{ kind: 'final', width: 1280 }]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page).toHaveTitle(`${EVIL_ID} · replaywright`);
  expect(problems).toEqual([]);
});

test('an episode that could not be decoded shows its input problems', async () => {
  const { page, problems } = await openReport('#/e/3');
  await expect(page.getByTestId('episode-id')).toHaveText(BROKEN_ROW);
  await expect(page.getByTestId('episode-status')).toHaveText('error');
  await expect(page.locator('.problems li')).toHaveText([byId[BROKEN_ROW]!.problems![0]!]);
  await expect(page.getByTestId('timeline')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('junit.xml of the run parses and has one testcase per episode with failure/error', async () => {
  const xml = readFileSync(join(run.out, 'junit.xml'), 'utf8');
  const page = await browser.newPage();
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const err = doc.querySelector('parsererror');
    if (err) return { error: err.textContent };
    const suites = doc.documentElement;
    const suite = suites.querySelector(':scope > testsuite')!;
    const attrs = (el: Element, names: string[]) => Object.fromEntries(names.map((n) => [n, el.getAttribute(n)]));
    return {
      root: suites.tagName,
      suites: suites.querySelectorAll(':scope > testsuite').length,
      suite: attrs(suite, ['name', 'tests', 'failures', 'errors', 'skipped']),
      cases: Array.from(suite.querySelectorAll(':scope > testcase')).map((c) => ({
        classname: c.getAttribute('classname'),
        name: c.getAttribute('name'),
        children: Array.from(c.children)
          .map((x) => x.tagName)
          .filter((t) => t !== 'system-out'),
        failure: c.querySelector('failure') ? attrs(c.querySelector('failure')!, ['message', 'type']) : undefined,
        errorType: c.querySelector('error')?.getAttribute('type') ?? undefined,
        body: c.querySelector('failure, error')?.textContent ?? undefined,
      })),
    };
  }, xml);
  await page.close();
  expect(parsed.error).toBeUndefined();
  expect(parsed.root).toBe('testsuites');
  expect(parsed.suites).toBe(1);
  expect(parsed.suite).toEqual({ name: 'replaywright', tests: '4', failures: '1', errors: '1', skipped: '0' });
  const tax = byId['tax-submit-declaration@1.49']!;
  expect(parsed.cases!.map((c) => [c.classname, c.name, c.children])).toEqual([
    ['rpaweb', 'library-save-record@1.49', []],
    ['rpaweb', 'tax-submit-declaration@1.49', ['failure']],
    ['rpaweb', EVIL_ID, []],
    ['rpaweb', BROKEN_ROW, ['error']],
  ]);
  const failed = parsed.cases![1]!;
  expect(failed.failure).toEqual({ message: `step 13 (click button "Submit declaration"): ${tax.reason}`, type: tax.reason });
  expect(failed.body).toContain(`13 FAIL click button "Submit declaration"`);
  expect(failed.body).toContain(`14 skip close page`);
  expect(parsed.cases![3]!.errorType).toBe('invalid-input');
  // The BEL in the problem text is not XML 1.0: it is written as text.
  expect(parsed.cases![3]!.body).toContain('<oops> \\u0007');
});

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

test('`replaywright report <out>` rebuilds both reports; without results.jsonl it exits 2 and says why', async () => {
  rmSync(join(run.out, 'report'), { recursive: true });
  rmSync(join(run.out, 'junit.xml'));
  const ok = await cli('report', run.out);
  expect(ok.stderr).toBe('');
  expect(ok.stdout).toBe(`4 episodes\nreport: ${join(run.out, 'report', 'index.html')}\njunit:  ${join(run.out, 'junit.xml')}\n`);
  expect(ok.code).toBe(0);
  expect(existsSync(join(run.out, 'report', 'data', 'chunk-0.js'))).toBe(true);
  expect(readFileSync(join(run.out, 'junit.xml'), 'utf8')).toContain('tests="4" failures="1" errors="1"');

  const empty = tempDir('rw-empty-');
  mkdirSync(empty, { recursive: true });
  const missing = await cli('report', empty);
  expect(missing.code).toBe(2);
  expect(missing.stdout).toBe('');
  expect(missing.stderr).toBe(
    `no results in ${empty}: ${join(empty, 'results.jsonl')} does not exist (write one with \`replaywright run <dataset> --out ${empty}\`)\n`,
  );
});
