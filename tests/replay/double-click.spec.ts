import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { FIXTURES, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { inlineEpisode, launch } from '../support/replay.js';

// A double click on text is judged by what it did (src/replay/effects/double-click.ts): the recorders
// keep no position for it, and the centre of a line's box can lie past its text (fixtures/effects/double.html).
let site: FixtureServer;
let browser: Browser;
test.beforeAll(async () => void ([site, browser] = await Promise.all([serveSite(join(FIXTURES, 'effects')), launch()])));
test.afterAll(async () => void (await Promise.all([browser?.close(), site?.close()])));

const OPTIONS = { ...DEFAULT_REPLAY_OPTIONS, compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' as const }, timeoutMs: 4000 };
const css = (selector: string) => ({ locate: [{ kind: 'selector', selector }] });
const dblclick = (selector: string) => ({ type: 'click', target: css(selector), button: 'left', modifiers: [], clickCount: 2 });

const replay = (id: string, actions: unknown[], edit?: (episode: ReturnType<typeof inlineEpisode>) => void) => {
  const episode = inlineEpisode(id, `${site.url}/double.html`, actions);
  edit?.(episode);
  return runEpisode(browser, episode, { ...OPTIONS, out: tempDir('rw-dbl-') });
};

test('a double click on an editable line whose box centre is past its text selected nothing: the step fails, saying so', async () => {
  const r = await replay('past-the-text', [dblclick('#line')]);
  expect(r.status).toBe('failed');
  expect(r.steps[1]!.status).toBe('failed');
  expect(r.steps[1]!.message).toContain('the double click on editable text selected nothing, sent at the centre of its box');
});

test('a double click on a word selects it; one on text the page takes over changes the page: both checked', async () => {
  const r = await replay('word-and-title', [dblclick('#word'), dblclick('#title')]);
  expect(r.status, r.message).toBe('passed');
  expect(r.steps[1]!.effect).toMatchObject({ status: 'checked', detail: 'the double click selected "budget"' });
  expect(r.steps[2]!.effect!.detail).toMatch(/^the double click changed the page/);
});

test("a double click on a control (a to-do's label, which opens its field) is judged as a click, by its hit-test", async () => {
  const r = await replay('control', [dblclick('#todo label'), { type: 'fill', target: css('#todo input'), text: 'Buy oat milk' }]);
  expect(r.status, r.message).toBe('passed');
  expect(r.steps[1]!.effect!.detail).toContain('hits the target');
});

test("aimed where the recording shows the word it highlighted (this step's before-state against the next one's), the double click selects that word", async () => {
  // The recording, made here: the page before and after a person double-clicked "budget" on the line.
  const dir = tempDir('rw-dbl-rec-');
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(`${site.url}/double.html`);
  const before = join(dir, 'before.png');
  await page.screenshot({ path: before });
  const x = await page.locator('#line').evaluate((p) => {
    const range = document.createRange();
    range.setStart(p.firstChild!, p.textContent!.indexOf('budget'));
    range.setEnd(p.firstChild!, p.textContent!.length);
    const word = range.getBoundingClientRect();
    return word.left + word.width / 2 - p.getBoundingClientRect().left;
  });
  await page.locator('#line').dblclick({ position: { x, y: 8 } });
  const after = join(dir, 'after.png');
  await page.screenshot({ path: after });
  await page.close();

  const r = await replay('aimed', [dblclick('#line'), { type: 'press', key: 'Shift', modifiers: [] }], (episode) => {
    episode.steps[1]!.before = { screenshot: before };
    episode.steps[2]!.before = { screenshot: after };
  });
  expect(r.status, r.message).toBe('passed');
  expect(r.steps[1]!.effect).toMatchObject({
    status: 'checked',
    detail: 'the double click selected "budget", where the recording shows the text it highlighted',
  });
});
