import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { createVisualWebArenaFormat } from '../../src/formats/visualwebarena.js';
import type { Episode } from '../../src/ir/index.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode, type ReplayOptions } from '../../src/replay/run-episode.js';
import type { EpisodeResult } from '../../src/ir/results.js';
import { FIXTURES, tempDir } from '../support/fixture-site.js';
import { useLiveSite } from '../support/live-site.js';
import { keepingContexts } from '../support/kept-context.js';

// Every VWA ActionTypes value that acts on a page, replayed from Recon-Act trajectories
// (fixtures/vwa, made by scripts/make-vwa-fixtures.mjs) against the fixture site, asserting
// what each did to the page. `toStep` stops a replay right after a step whose effect a later
// step undoes (a hover, a scroll). NONE, which does nothing, keeps its decoder test
// (tests/formats/vwa-actions.spec.ts).

const VWA = join(FIXTURES, 'vwa');
const WAIT_MS = 300;

const live = useLiveSite();

async function episode(name: string): Promise<Episode> {
  const decoded = await createVisualWebArenaFormat({ waitMs: WAIT_MS }).decodeFile(join(VWA, name), { datasetRoot: VWA });
  expect(decoded.rejected).toEqual([]);
  return decoded.episodes[0]!;
}

interface Replayed {
  result: EpisodeResult;
  context: BrowserContext;
  pages: Page[];
}

/** Replays a fixture trajectory and keeps its pages open for the test to look at. */
/** `failedSteps`: the steps meant to fail; any other failure is shown with its message. */
async function replay(
  name: string,
  options: Partial<ReplayOptions> = {},
  use: (r: Replayed) => Promise<void>,
  failedSteps: number[] = [],
): Promise<void> {
  const kept = keepingContexts(live.browser);
  try {
    const result = await runEpisode(kept.browser, await episode(name), {
      ...DEFAULT_REPLAY_OPTIONS,
      timeoutMs: 5000,
      compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' },
      urlMappings: [{ from: RECORDED_ORIGIN, to: live.site.url }],
      out: tempDir('rw-vwa-'),
      ...options,
    });
    expect(
      result.steps.filter((s) => s.status === 'failed').map((s) => (failedSteps.includes(s.index) ? s.index : `${s.index}: ${s.message}`)),
    ).toEqual(failedSteps);
    const context = kept.contexts[0]!;
    await use({ result, context, pages: context.pages() });
  } finally {
    await kept.closeAll();
  }
}

const value = (page: Page, css: string) => page.locator(css).inputValue();

test('TYPE by element_id, KEYBOARD_TYPE, TYPE by role + name', async () => {
  // Steps 1–3: TYPE [12] "1234" clicks the NIF field and types; KEYBOARD_TYPE appends to the focused field.
  await replay('tax-form.json', { toStep: 3 }, async ({ result, pages: [page] }) => {
    expect(result.steps.map((s) => s.action).slice(0, 4)).toEqual(['openPage', 'type', 'type', 'type']);
    expect(await value(page!, '#nif')).toBe('12345678Z');
    expect(await value(page!, '#fullname')).toBe('Ana García');
  });
});

test('CLEAR, KEY_PRESS (Backspace; Meta+a as Control+a), SELECT_OPTION, CHECK, MOUSE_CLICK, STOP', async () => {
  await replay('tax-form.json', {}, async ({ result, pages }) => {
    expect(result.status, result.message).toBe('passed');
    expect(pages).toHaveLength(1);
    const page = pages[0]!;
    expect(await value(page, '#nif')).toBe('12345678Z');
    // CLEAR emptied "Ana García" before "Eva Ruizz" was typed; Backspace took the last letter.
    expect(await value(page, '#fullname')).toBe('Eva Ruiz');
    // Meta+a pressed as Control+a (Linux) selects the whole field.
    expect(await page.locator('#fullname').evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, 8]);
    expect(await value(page, '#province')).toBe('m');
    expect(await page.locator('#truthful').isChecked()).toBe(true);
    await expect(page.locator('#verification')).toBeVisible();
    // MOUSE_CLICK at fractions of the viewport hit "Save draft" where the checked form shows it.
    await expect(page.locator('#status')).toHaveText('Draft saved');
    // Each action recorded at a point found the recorded element there (site A is the recorded site).
    expect(result.steps.filter((s) => s.pointCheck).map((s) => [s.index, s.pointCheck!.expected, s.pointCheck!.match])).toEqual([
      [1, 'textbox "NIF"', true],
      [4, 'textbox "Full name"', true],
      [10, 'button "Save draft"', true],
    ]);
    const stop = result.steps.at(-1)!;
    expect(stop).toMatchObject({ action: 'stop', status: 'passed', notes: ['answer: Draft saved'] });
  });
});

test('CLICK by element_id, a popup, PAGE_FOCUS, GO_BACK, GO_FORWARD, NEW_TAB, GOTO_URL, PAGE_CLOSE', async () => {
  await replay('tabs.json', {}, async ({ result, pages }) => {
    expect(result.status, result.message).toBe('passed');
    const urls = result.steps.map((s) => s.url?.replace(live.site.url, ''));
    const byIndex = (i: number) => ({ page: result.steps[i]!.page, url: urls[i] });
    expect(byIndex(1)).toEqual({ page: 'page', url: '/tax/' }); // CLICK [20] link "Tax form"
    expect(byIndex(3)).toEqual({ page: 'page1', url: '/tax/' }); // PAGE_FOCUS 0 from the help popup: tab 0 is current
    expect(byIndex(4)).toEqual({ page: 'page', url: '/' }); // GO_BACK on tab 0
    expect(byIndex(5)).toEqual({ page: 'page', url: '/tax/' }); // GO_FORWARD
    expect(byIndex(6)).toEqual({ page: 'page2', url: 'about:blank' }); // NEW_TAB
    expect(byIndex(7)).toEqual({ page: 'page2', url: '/board/' }); // GOTO_URL (recorded origin mapped)
    expect(urls[8]).toBe('/tax/help.html'); // PAGE_CLOSE: VWA's current page is the last one left
    expect(byIndex(9)).toEqual({ page: 'page1', url: '/tax/' }); // PAGE_FOCUS 0 again
    // What is left: tab 0 back on the tax form, the help popup CLICK [31] opened; the new tab is closed.
    expect(pages.map((p) => p.url().replace(live.site.url, ''))).toEqual(['/tax/', '/tax/help.html']);
  });
});

const deleteButton = (page: Page, title: string) => page.locator('.card', { hasText: title }).getByRole('button', { name: 'Delete' });

test("HOVER by element_id shows the card's hover-only Delete button", async () => {
  await replay('board.json', { toStep: 1 }, async ({ pages: [page] }) => {
    await expect(deleteButton(page!, 'Renew identity card')).toBeVisible();
    await expect(deleteButton(page!, 'Request census certificate')).toBeHidden();
  });
});

test('MOUSE_HOVER at a viewport fraction hovers the second card', async () => {
  await replay('board.json', { toStep: 2 }, async ({ pages: [page] }) => {
    await expect(deleteButton(page!, 'Request census certificate')).toBeVisible();
    await expect(deleteButton(page!, 'Renew identity card')).toBeHidden();
  });
});

test('DRAG from [x1, y1] to [x2, y2] selects the heading text; WAIT waits waitMs', async () => {
  await replay('board.json', {}, async ({ result, pages: [page] }) => {
    expect(result.status, result.message).toBe('passed');
    expect(await page!.evaluate(() => getSelection()?.toString().trim())).toBe('Pending procedures');
    const wait = result.steps.find((s) => s.action === 'wait')!;
    // A lower bound only: waitForTimeout never returns early, however loaded the machine.
    expect(wait.durationMs).toBeGreaterThanOrEqual(WAIT_MS);
  });
});

test('SCROLL moves the document by one window height (the recorded viewport: 150 px)', async () => {
  await replay('small-window/scroll.json', { toStep: 2 }, async ({ pages: [page] }) => {
    expect(await page!.evaluate(() => innerHeight)).toBe(150);
    expect(await page!.evaluate(() => scrollY)).toBe(300);
  });
  await replay('small-window/scroll.json', {}, async ({ pages: [page] }) => {
    expect(await page!.evaluate(() => scrollY)).toBe(150);
  });
});

test('UPLOAD sets the file input to the file the key ids name (found under --files-dir)', async () => {
  await replay('upload.json', { filesDir: VWA }, async ({ result, pages: [page] }) => {
    expect(result.status, result.message).toBe('passed');
    expect(result.steps[1]!.notes).toBeUndefined(); // no "file not found: sent an empty file"
    const size = readFileSync(join(VWA, 'receipt.txt')).length;
    await expect(page!.getByRole('status')).toHaveText(`Attached: receipt.txt (${size} bytes)`);
  });
});

test('malformed steps (unknown action_type, element_id not observed, pw_code that does not parse) are reported; the rest runs', async () => {
  await replay(
    'malformed.json',
    {},
    async ({ result, pages: [page] }) => {
      expect(result).toMatchObject({ status: 'failed', reason: 'invalid-input', failedStep: 2 });
      expect(result.message).toMatch(
        /^step 3: not replayed, the record is malformed: action\.action_type: unknown VWA action type 99 .*; the other steps ran$/,
      );
      expect(result.steps.map((s) => [s.status, s.reason])).toEqual([
        ['passed', undefined],
        ['passed', undefined],
        ['failed', 'invalid-input'],
        ['failed', 'invalid-input'],
        ['failed', 'invalid-input'],
        ['passed', undefined],
        ['passed', undefined],
      ]);
      expect(result.steps[3]!.message).toBe(
        'not replayed, the record is malformed: action.element_id: element "77" is not in this step\'s observation (text.obs_nodes_info, image.obs_nodes_info)',
      );
      expect(result.steps[4]!.message).toMatch(
        /^not replayed, the record is malformed: action\.pw_code: cannot read "page\.get_by_label.*": not valid Python/,
      );
      // The steps around them acted.
      expect(await value(page!, '#nif')).toBe('1234');
      expect(await value(page!, '#province')).toBe('m');
      expect(await page!.locator('#truthful').isChecked()).toBe(false);
    },
    [2, 3, 4],
  );
});
