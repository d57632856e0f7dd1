import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { typedFillCheck } from '../../src/replay/effects/typed.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { FIXTURES, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { inlineEpisode, launch } from '../support/replay.js';

// A recorded fill is typed key by key (src/replay/type-over.ts): the recorders fold a person's
// typing into one fill, and a page that listens for keys must hear them. The page logs what it
// heard (fixtures/effects/keys.html); that, and what it shows, is judged.
let site: FixtureServer;
let browser: Browser;
test.beforeAll(async () => void ([site, browser] = await Promise.all([serveSite(join(FIXTURES, 'effects')), launch()])));
test.afterAll(async () => void (await Promise.all([browser?.close(), site?.close()])));

const OPTIONS = { ...DEFAULT_REPLAY_OPTIONS, compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' as const }, timeoutMs: 4000 };
const field = (label: string) => ({ locate: [{ kind: 'label', text: label, exact: true }] });

async function replay(id: string, actions: unknown[]) {
  const out = tempDir('rw-keys-');
  const r = await runEpisode(browser, inlineEpisode(id, `${site.url}/keys.html`, actions), { ...OPTIONS, out });
  const html = r.final ? readFileSync(join(out, r.final.html), 'utf8') : '';
  const log = [...html.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]).filter((l) => !['Ada', 'Bruno', 'Chandra'].includes(l!));
  const shown = [...html.matchAll(/<li( hidden(="")?)?>(Ada|Bruno|Chandra)<\/li>/g)].filter((m) => !m[1]).map((m) => m[3]);
  return { r, log, shown };
}

test('a fill into a box that filters on keyup filters it: the page hears the keys, not only a value', async () => {
  const { r, log, shown } = await replay('filter', [{ type: 'fill', target: field('Filter'), text: 'an' }]);
  expect(r.status, r.message).toBe('passed');
  expect(shown).toEqual(['Chandra']);
  expect(log.at(-1)).toBe('filter keyup 2');
  expect(r.steps[1]!.effect).toMatchObject({ status: 'checked' });
});

test('a fill over a value replaces it as typing over it does (one key per character), and submits nothing', async () => {
  const { r, log } = await replay('rename', [
    { type: 'fill', target: field('Name'), text: 'Grace' },
    { type: 'press', target: field('Filter'), key: 'Tab', modifiers: [] },
  ]);
  expect(r.status, r.message).toBe('passed');
  expect(log).toEqual(['name Grace after 5 keys']);
});

test('a long fill is put in at once and its last character typed again: the key listener reads the whole value', async () => {
  const text = 'a'.repeat(149) + 'n';
  const { r, log } = await replay('long', [{ type: 'fill', target: field('Filter'), text }]);
  expect(r.status, r.message).toBe('passed');
  expect(log.at(-1)).toBe(`filter keyup ${text.length}`);
});

test('line breaks are typed into a textarea, but a one-line input and a date input are filled as Playwright fills them', async () => {
  const { r, log } = await replay('kinds', [
    { type: 'fill', target: field('Notes'), text: 'first line\nsecond line' },
    { type: 'fill', target: field('Name'), text: 'Ada\nLovelace' },
    { type: 'fill', target: field('Born'), text: '1815-12-10' },
    { type: 'assertValue', target: field('Notes'), value: 'first line\nsecond line' },
    { type: 'assertValue', target: field('Born'), value: '1815-12-10' },
  ]);
  expect(r.status, r.message).toBe('passed');
  // Enter in the one-line field would have submitted its form.
  expect(log).not.toContain('profile submitted');
});

test('a value that does not stay when typed key by key (the field drops a key) is set at once, and the step says so', async () => {
  const { r } = await replay('dropped-key', [
    { type: 'fill', target: field('Code'), text: '12-34' },
    { type: 'assertValue', target: field('Code'), value: '12-34' },
  ]);
  expect(r.status, r.message).toBe('passed');
  expect(r.steps[1]!.effect).toMatchObject({ status: 'checked' });
  expect(r.steps[1]!.effect!.detail).toContain('set at once: typed key by key it did not stay');
});

test('each character is the key a US keyboard has for it (shifted ones too); one off the layout is inserted as text', async () => {
  const { r, log } = await replay('strokes', [
    { type: 'fill', target: field('Keys'), text: 'a Z-1!é' },
    { type: 'assertValue', target: field('Keys'), value: 'a Z-1!é' },
  ]);
  expect(r.status, r.message).toBe('passed');
  const strokes: [string, string, number][] = [
    ['a', 'KeyA', 65],
    [' ', 'Space', 32],
    ['Z', 'KeyZ', 90],
    ['-', 'Minus', 189],
    ['1', 'Digit1', 49],
    ['!', 'Digit1', 49],
  ];
  expect(log).toEqual(strokes.flatMap(([key, code, keyCode]) => [`down ${key} ${code} ${keyCode}`, `press ${key}`, `up ${key}`]));
});

test('a value with other line breaks than the text is not the text as the page formatted it; a one-line field that drops them is', () => {
  const editor = { editable: true, element: 'div.ql-editor' };
  // A document typed over a rich-text editor as plain text: an empty paragraph for each blank line.
  expect(typedFillCheck({ ...editor, value: 'Team\n\n\n\n\nBudget' }, 'Team\n\nBudget').check.ok).toBe(false);
  expect(typedFillCheck({ ...editor, value: 'TEAM\n\nBUDGET' }, 'Team\n\nBudget').check.ok).toBe(true);
  expect(typedFillCheck({ editable: true, element: 'input#name', value: 'Ada Lovelace' }, 'Ada\nLovelace').check.ok).toBe(true);
});
