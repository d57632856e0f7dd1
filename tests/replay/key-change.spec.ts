import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { FIXTURES, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { inlineEpisode, launch } from '../support/replay.js';

// A key press is checked against the change its recording shows (src/replay/effects/key-change.ts):
// fixtures/effects/lines.html adds a numbered line on Enter, taken on keydown as CodeMirror 5 takes
// it, which Playwright's recorders leave out of the recording.
let site: FixtureServer;
let browser: Browser;
test.beforeAll(async () => void ([site, browser] = await Promise.all([serveSite(join(FIXTURES, 'effects')), launch()])));
test.afterAll(async () => void (await Promise.all([browser?.close(), site?.close()])));

const OPTIONS = { ...DEFAULT_REPLAY_OPTIONS, compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' as const }, timeoutMs: 4000 };
const press = (key: string) => ({ type: 'press', target: { locate: [{ kind: 'selector', selector: '#editor' }] }, key, modifiers: [] });

/** The page's HTML as a recording keeps it: before anything, and after a person's keys (`keys`). */
async function recorded(keys: string[], edit?: (html: string) => string): Promise<string> {
  const page = await browser.newPage();
  await page.goto(`${site.url}/lines.html`);
  await page.locator('#editor').focus();
  for (const key of keys) await page.keyboard.press(key);
  const html = await page.content();
  await page.close();
  return edit ? edit(html) : html;
}

const replay = (id: string, actions: unknown[], before: (string | undefined)[]) => {
  const episode = inlineEpisode(id, `${site.url}/lines.html`, actions);
  before.forEach((html, i) => html !== undefined && (episode.steps[i + 1]!.before = { html }));
  return runEpisode(browser, episode, { ...OPTIONS, out: tempDir('rw-keys-') });
};

test('a key whose recording shows a line added, and which here changes nothing, fails: the recorder left a key out', async () => {
  // Recorded: End, then an Enter the recorder did not keep; the next step's before-state has the line.
  const [start, afterEnter] = await Promise.all([recorded([]), recorded(['End', 'Enter'])]);
  const r = await replay('lost-enter', [press('End'), press('Shift')], [start, afterEnter]);
  expect(r.status).toBe('failed');
  expect(r.steps[1]!.status).toBe('failed');
  expect(r.steps[1]!.reason).toBe('no-effect');
  expect(r.steps[1]!.message).toContain('the recording shows the page changing after this key (it added "3"');
  expect(r.steps[1]!.message).toContain('The recorder may have left out a key pressed here');
});

test('the key that adds the line, recorded, is checked by the line it adds', async () => {
  const [start, afterEnter] = await Promise.all([recorded([]), recorded(['Enter'])]);
  const r = await replay('kept-enter', [press('Enter'), press('Shift')], [start, afterEnter]);
  expect(r.status, r.message).toBe('passed');
  expect(r.steps[1]!.effect).toEqual({ status: 'checked', detail: 'the page changed after the key as the recording shows (it added "3")' });
});

test('words that changed in place between two recorded steps (a clock) ask nothing of the key', async () => {
  const [start, ticked] = await Promise.all([recorded([]), recorded([], (html) => html.replace('12:04', '12:05'))]);
  const r = await replay('clock', [press('End'), press('Shift')], [start, ticked]);
  expect(r.status, r.message).toBe('passed');
  expect(r.steps[1]!.effect!.status).toBe('unverified');
});

test('a page that already reads as the recording does after the key has nothing left to show', async () => {
  const [start, afterEnter] = await Promise.all([recorded([]), recorded(['Enter'])]);
  // The line is made first (a step the recording kept no page for); the End after it is recorded as adding it.
  const r = await replay('already', [press('Enter'), press('End'), press('Shift')], [undefined, start, afterEnter]);
  expect(r.status, r.message).toBe('passed');
  expect(r.steps[2]!.effect).toEqual({
    status: 'unverified',
    detail: 'the page already read as the recording does after this key: nothing left to check',
  });
});
