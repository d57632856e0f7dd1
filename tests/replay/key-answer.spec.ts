import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { FIXTURES, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { inlineEpisode, launch } from '../support/replay.js';

// A key press the recording shows no change for is judged by the page's answer to it, as a
// click is (src/replay/effects/key-answer.ts): focus, the caret, a value or the DOM changing,
// a navigation, a request. A key the page ignores is unverified, never failed: keys may rightly
// do nothing. Each step's check is held against what the page shows afterwards.
let site: FixtureServer;
let browser: Browser;
test.beforeAll(async () => void ([site, browser] = await Promise.all([serveSite(join(FIXTURES, 'effects')), launch()])));
test.afterAll(async () => void (await Promise.all([browser?.close(), site?.close()])));

const OPTIONS = { ...DEFAULT_REPLAY_OPTIONS, compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' as const }, timeoutMs: 4000 };
const field = (text: string) => ({ locate: [{ kind: 'label', text }] });
const press = (key: string, target?: unknown, modifiers: string[] = []) => ({
  type: 'press',
  key,
  modifiers,
  ...(target ? { target } : {}),
});

async function replay(actions: unknown[]) {
  const out = tempDir('rw-key-answer-');
  const r = await runEpisode(browser, inlineEpisode(`keys-${actions.length}`, `${site.url}/key-answers.html`, actions), {
    ...OPTIONS,
    out,
  });
  expect(r.status, r.message).toBe('passed');
  const html = r.final ? readFileSync(join(out, r.final.html), 'utf8') : '';
  return { effects: r.steps.slice(1).map((s) => s.effect), html, url: r.final?.url ?? '' };
}

test('keys the page answers are checked by that answer: focus moving, the caret, focus moving inside a list, results shown later', async () => {
  const { effects, html } = await replay([
    press('Tab', field('First')),
    { type: 'click', target: { locate: [{ kind: 'role', role: 'option', name: 'Red' }] } },
    press('ArrowDown'),
    { type: 'fill', target: field('Search'), text: 'ada' },
    press('Enter', field('Search')),
  ]);
  expect(html).toContain('found ada');
  expect(effects[0]).toMatchObject({ status: 'checked' });
  expect(effects[0]!.detail).toMatch(/^the key went to input#first, and focus moved$/);
  expect(effects[2]).toMatchObject({ status: 'checked' });
  expect(effects[2]!.detail).toMatch(/^the key went to li, and focus moved$/);
  expect(effects[4]).toMatchObject({ status: 'checked' });
  expect(effects[4]!.detail).toMatch(/^the key went to input#search, and the DOM changed$/);
});

test('the caret moving in the focused field answers a key', async () => {
  const { effects } = await replay([{ type: 'click', target: field('First') }, press('Home'), press('a', undefined, ['ControlOrMeta'])]);
  expect(effects.slice(1).map((e) => e?.status)).toEqual(['checked', 'checked']);
  expect(effects[2]!.detail).toMatch(/, and the caret moved$/);
});

test('a key the page ignores is unverified, not checked, and the focusing Playwright does before a targeted key is not its answer', async () => {
  const { effects } = await replay([press('Shift', field('Inert')), press('x', field('Inert')), press('Escape')]);
  expect(effects.map((e) => e?.status)).toEqual(['unverified', 'unverified', 'unverified']);
  expect(effects[0]!.detail).toMatch(/^the key went to input#inert, but the page did not answer it once settled/);
  expect(effects[2]!.detail).toMatch(/^the key went to input#inert, but the page did not answer it once settled/);
});

test('a key that submits a form is checked by the navigation it starts', async () => {
  const { effects, url } = await replay([{ type: 'fill', target: field('Query'), text: 'lovelace' }, press('Enter', field('Query'))]);
  expect(url).toContain('guard-next.html?q=lovelace');
  expect(effects[1]).toMatchObject({ status: 'checked' });
  expect(effects[1]!.detail).toMatch(/navigated|a request was sent|its document was replaced/);
});

test("a key held down (a DevTools recording's keyDown) is judged at its keydown; a modifier held for what comes next is not", async () => {
  const { effects, html } = await replay([
    { type: 'fill', target: field('Search'), text: 'bob' },
    { type: 'keyDown', key: 'Enter' },
    { type: 'keyUp', key: 'Enter' },
    { type: 'keyDown', key: 'Shift' },
    { type: 'keyUp', key: 'Shift' },
  ]);
  expect(html).toContain('found bob');
  expect(effects.slice(1).map((e) => e?.status)).toEqual(['checked', 'unverified', 'unverified', 'unverified']);
  expect(effects[1]!.detail).toMatch(/^the key went to input#search, and the DOM changed$/);
  expect(effects[3]!.detail).toMatch(/modifier key held/);
});

test('a key with no target, focus inside an iframe, is watched in that frame and judged by its answer there', async () => {
  const out = tempDir('rw-key-frame-');
  const r = await runEpisode(
    browser,
    inlineEpisode('key-frame', `${site.url}/key-frame.html`, [press('a'), { type: 'keyDown', key: 'b' }, { type: 'keyUp', key: 'b' }]),
    { ...OPTIONS, out },
  );
  expect(r.status, r.message).toBe('passed');
  const [typed, down] = r.steps.slice(1).map((s) => s.effect);
  expect(typed).toMatchObject({ status: 'checked' });
  expect(typed!.detail).toMatch(/^the key went to input#inner, and a value changed$/);
  expect(down).toMatchObject({ status: 'checked' });
  expect(down!.detail).toMatch(/^the key went to input#inner, and a value changed$/);
});
