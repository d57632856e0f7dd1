import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import { PNG } from 'pngjs';
import { explainedByHover, IN_RECORDED_PAGE } from '../../src/replay/resolve/hover-difference.js';
import { collectCandidates } from '../../src/replay/resolve/collect.js';
import { hoveredAsRecorded } from '../../src/replay/resolve/hidden-target.js';
import { profiledEpisode, type PhaseTotals } from '../../src/replay/profile.js';
import { resolveTarget } from '../../src/replay/locate.js';
import { launch } from '../support/replay.js';

// Telling apart look-alike controls shown only on hover, from one screenshot of the recorded
// page at rest: the row the recorder's pointer was on is the one region that looks different.
const rows = (names: string[]) => `<!doctype html><style>
  body { font: 16px sans-serif; margin: 20px; }
  .row { display: flex; gap: 12px; padding: 8px; border: 1px solid #ccc; margin: 6px 0; width: 400px; }
  .row button { display: none; }
  .row:hover button { display: inline-block; }
  .row:hover { border-color: #8a1538; }
</style>
${names.map((t) => `<div class="row"><span>${t}</span><button>Delete</button></div>`).join('')}
<p id="toast"></p>`;

const NAMES = ['Alpha', 'Bravo', 'Charlie', 'Delta'];

let browser: Browser;
let page: Page;
test.beforeAll(async () => {
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 800, height: 400 } });
});
test.afterAll(async () => {
  await browser?.close();
});

/** The page's screenshot as recorded: with the pointer on `row` (or nowhere), and `toast` shown. */
async function recorded(row?: string, toast?: string, names = NAMES): Promise<PNG> {
  await page.setContent(rows(names));
  if (toast) await page.locator('#toast').evaluate((el, t) => (el.textContent = t), toast);
  if (row) await page.getByText(row).last().hover();
  const png = PNG.sync.read(await page.screenshot());
  await page.setContent(rows(names));
  await page.mouse.move(799, 399);
  return png;
}

async function deleteButtons() {
  const all = await collectCandidates(page);
  return all.filter((c) => c.tag === 'button');
}

// Hovering Charlie grows its row and pushes Delta down: two regions differ, one hover explains them.
test('the row the recorded pointer was on is the one that stands out', async () => {
  const shot = await recorded('Charlie');
  const buttons = await deleteButtons();
  expect(buttons).toHaveLength(4);
  const chosen = await explainedByHover(page, buttons, shot, IN_RECORDED_PAGE);
  expect(chosen).toBeDefined();
  expect(await page.locator('[data-rw-candidate="' + chosen!.mark + '"]').evaluate((b) => b.parentElement!.textContent)).toContain(
    'Charlie',
  );
});

test('no row stands out when the recording was taken at rest', async () => {
  const shot = await recorded(undefined);
  expect(await explainedByHover(page, await deleteButtons(), shot, IN_RECORDED_PAGE)).toBeUndefined();
});

test('a difference outside the rows does not pick one', async () => {
  const shot = await recorded(undefined, 'Saved!');
  expect(await explainedByHover(page, await deleteButtons(), shot, IN_RECORDED_PAGE)).toBeUndefined();
});

// Identical rows: told apart by where the recorded pointer was, the last one pushing nothing.
test('of two identical rows, the one the pointer was on', async () => {
  const shot = await recorded('Bravo', undefined, ['Alpha', 'Bravo', 'Charlie', 'Bravo']);
  const chosen = await explainedByHover(page, await deleteButtons(), shot, IN_RECORDED_PAGE);
  expect(chosen).toBeDefined();
  expect(
    await page.locator(`[data-rw-candidate="${chosen!.mark}"]`).evaluate((b) => b.parentElement!.previousElementSibling?.textContent),
  ).toBe('CharlieDelete');
});

// On the live page itself (no recorded HTML read): one differing row only, and only an exact
// match of it hovered counts (hovering Charlie pushes Delta: two rows differ, the HTML decides).
const HIDDEN_DELETE = 'internal:role=button[name="Delete"i][include-hidden=true]';

test('live page: the row the pointer was on is left hovered, its control shown', async () => {
  expect(await hoveredAsRecorded(page, page.locator(HIDDEN_DELETE), await recorded('Charlie'))).toEqual({ count: 4 });
  const shot = await recorded('Delta');
  const { count, found } = await hoveredAsRecorded(page, page.locator(HIDDEN_DELETE), shot);
  expect(count).toBe(4);
  expect(found).toBeDefined();
  await expect(found!.locator).toBeVisible();
  expect(await found!.locator.evaluate((b) => b.parentElement!.textContent)).toBe('DeltaDelete');
});

// The step's probe (the click's hit-test) runs on the one found, shown, in the look that says it shows.
test('live page: the probe answers for the control found, and the recording is decoded only when needed', async () => {
  const shot = await recorded('Delta');
  let decoded = 0;
  const lazily = () => {
    decoded++;
    return shot;
  };
  const probe = {
    run: (el: Element) => ({ text: el.parentElement!.textContent, shows: (el as HTMLElement).offsetWidth > 0 }),
    arg: null,
  };
  const { found } = await hoveredAsRecorded(page, page.locator(HIDDEN_DELETE), lazily, { probe });
  expect(decoded).toBe(1);
  expect(found?.probed).toEqual({ text: 'DeltaDelete', shows: true });
  // No recording to compare with: the hidden matches are still counted, for the recorded HTML to decide.
  await page.mouse.move(799, 399);
  expect(await hoveredAsRecorded(page, page.locator(HIDDEN_DELETE), undefined, { probe })).toEqual({ count: 4 });
  expect(await hoveredAsRecorded(page, page.locator('internal:role=button[name="Archive"i][include-hidden=true]'), lazily)).toEqual({
    count: 0,
  });
  expect(decoded).toBe(1);
});

// A step that compared its before-state has just screenshotted the page at rest: that image is
// the at-rest evidence, not taken again. A wrong one (another page) leaves nothing singled out.
test("live page: the step's own screenshot of the page at rest is used, not a second one", async () => {
  const shot = await recorded('Delta');
  const atRest = await page.screenshot();
  let phases: PhaseTotals = {};
  const { found } = await profiledEpisode(
    () => hoveredAsRecorded(page, page.locator(HIDDEN_DELETE), shot, { atRest }),
    (p) => (phases = p),
  );
  expect(phases['hover.at-rest']).toBeUndefined();
  expect(await found?.locator.evaluate((b) => b.parentElement!.textContent)).toBe('DeltaDelete');
  await page.mouse.move(799, 399);
  const elsewhere = await recorded('Bravo');
  await page.mouse.move(799, 399);
  const wrong = PNG.sync.write(elsewhere);
  expect((await hoveredAsRecorded(page, page.locator(HIDDEN_DELETE), shot, { atRest: wrong })).found).toBeUndefined();
});

// The comparison's screenshot is the page as the first look finds it. Rows that arrive later make
// it another page: the look that finds them takes its own screenshot, and the row is still found.
test("a step's screenshot from before its rows arrived is not taken for the page at rest", async () => {
  const shotFile = test.info().outputPath('before.png');
  writeFileSync(shotFile, PNG.sync.write(await recorded('Delta')));
  await page.setContent(`<div id="list"></div><script>setTimeout(() => {
    document.open(); document.write(${JSON.stringify(rows(NAMES))}); document.close();
  }, 400)</script>`);
  await page.mouse.move(799, 399);
  const empty = await page.screenshot();
  const found = await resolveTarget(
    page,
    { locate: [{ kind: 'selector', selector: 'internal:role=button[name="Delete"i]' }] },
    { timeoutMs: 3000, before: { screenshot: shotFile }, screenshotBefore: () => empty },
  );
  expect(found.ok).toBe(true);
  // Found by its row's hover (one screenshot of the page now), not by scoring every candidate after
  // a stale screenshot made every row look different.
  expect(found.ok && found.evidence?.join(' ')).toContain("this one's row, hovered, looks as in the recorded screenshot");
  expect(found.ok && (await found.locator.evaluate((b) => b.parentElement!.textContent))).toBe('DeltaDelete');
});

test('live page: another item now in that place is not taken for the recorded one', async () => {
  const shot = await recorded('Delta');
  await page.setContent(rows(['Alpha', 'Bravo', 'Charlie', 'Delia']));
  await page.mouse.move(799, 399);
  expect((await hoveredAsRecorded(page, page.locator(HIDDEN_DELETE), shot)).found).toBeUndefined();
});
