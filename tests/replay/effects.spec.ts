import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import type { Episode } from '../../src/ir/index.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { FIXTURES, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { inlineEpisode, launch } from '../support/replay.js';

// Every action proves its effect (issue 15): a step that did nothing is not `passed`.
let site: FixtureServer;
let browser: Browser;
test.beforeAll(async () => {
  site = await serveSite(join(FIXTURES, 'effects'));
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const OPTIONS = { ...DEFAULT_REPLAY_OPTIONS, timeoutMs: 3000, compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' as const } };

const episode = (id: string, page: string, actions: unknown[]) => inlineEpisode(id, `${site.url}/${page}`, actions);
const replay = (e: Episode) => runEpisode(browser, e, { ...OPTIONS, out: tempDir('rw-effects-') });

test('scrolling an element moves its scrollTop; one already at its end says so', async () => {
  const r = await replay(
    episode('scroll-element', 'scroll.html', [
      { type: 'scroll', target: { locate: [{ kind: 'role', role: 'region', name: 'Messages' }] }, dy: 80 },
      // Fails (times out) unless the pane really scrolled.
      { type: 'wait', expression: "document.getElementById('pane').scrollTop >= 80" },
      { type: 'scroll', target: { locate: [{ kind: 'role', role: 'region', name: 'Notes' }] }, dy: 80 },
    ]),
  );
  expect(r.status, r.message).toBe('passed');
  expect(r.steps[1]!.effect).toMatchObject({ status: 'checked' });
  expect(r.steps[1]!.effect!.detail).toMatch(/scrollTop 0 → 80/);
  expect(r.steps[3]!.effect).toMatchObject({ status: 'checked' });
  expect(r.steps[3]!.effect!.detail).toMatch(/already at the end/);
});

test('typing with nothing editable focused fails no-effect', async () => {
  const r = await replay(episode('type-nowhere', 'todo.html', [{ type: 'type', text: 'hello' }]));
  expect(r.status).toBe('failed');
  expect(r.steps[1]!.status).toBe('failed');
  expect(r.steps[1]!.reason).toBe('no-effect');
  expect(r.steps[1]!.message).toMatch(/nothing editable has focus \(focus is on body\)/);
});

test('typing into the focused field is checked', async () => {
  const r = await replay(
    episode('type-focused', 'todo.html', [
      { type: 'click', target: { locate: [{ kind: 'label', text: 'New task' }] } },
      { type: 'type', text: 'Buy milk' },
    ]),
  );
  expect(r.status, r.message).toBe('passed');
  expect(r.steps[1]!.effect).toMatchObject({ status: 'checked' });
  expect(r.steps[2]!.effect).toMatchObject({ status: 'checked' });
  expect(r.steps[2]!.effect!.detail).toContain('input#new');
});

test('unchecking a row in a Completed view, which removes the row, passes', async () => {
  const r = await replay(
    episode('uncheck-leaves', 'todo.html?filter=completed', [
      { type: 'uncheck', target: { locate: [{ kind: 'label', text: 'Water the plants' }] } },
      { type: 'assertVisible', target: { locate: [{ kind: 'label', text: 'Pay the rent' }] } },
    ]),
  );
  expect(r.status, r.message).toBe('passed');
  expect(r.steps[1]!.effect).toMatchObject({ status: 'checked' });
  expect(r.steps[1]!.effect!.detail).toMatch(/left the page/);
});

test('a click at a point that now hits another element is not passed', async () => {
  const save = { locate: [{ kind: 'role', role: 'button', name: 'Save' }], description: 'button "Save"' };
  const click = { type: 'clickPoint', point: { x: 160, y: 120 }, expected: save };
  const same = await replay(episode('point-same', 'point.html', [click]));
  expect(same.status, same.message).toBe('passed');
  expect(same.steps[1]!.effect).toMatchObject({ status: 'checked' });
  const moved = await replay(episode('point-moved', 'point.html?moved', [click]));
  expect(moved.status).toBe('failed');
  expect(moved.steps[1]!.reason).toBe('no-effect');
  expect(moved.steps[1]!.message).toContain('button "Save"');
  expect(moved.steps[1]!.message).toContain('"Delete"');
});

test('check and uncheck read the box where it was found: an input, a label around one, an ARIA checkbox, a radio; a box already so is left alone; one the page refuses is not passed; one re-rendered or gone is judged as it is now', async () => {
  const target = (locate: unknown) => ({ locate: [locate] });
  const r = await replay(
    episode('boxes', 'boxes.html', [
      { type: 'check', target: target({ kind: 'label', text: 'Newsletter' }) },
      { type: 'check', target: target({ kind: 'css', css: '#terms-label' }) },
      { type: 'check', target: target({ kind: 'label', text: 'Already on' }) },
      { type: 'check', target: target({ kind: 'role', role: 'checkbox', name: 'Dark mode' }) },
      { type: 'check', target: target({ kind: 'label', text: 'Large' }) },
      { type: 'uncheck', target: target({ kind: 'label', text: 'Newsletter' }) },
      {
        type: 'wait',
        expression: "document.getElementById('log').textContent === 'news true\\nterms true\\naria true\\nlarge true\\nnews false\\n'",
      },
      { type: 'check', target: target({ kind: 'label', text: 'Sync' }) },
      { type: 'check', target: target({ kind: 'label', text: 'Water plants' }) },
      { type: 'wait', expression: "document.querySelector('#sync').checked && !document.querySelector('#plants')" },
      { type: 'check', target: target({ kind: 'label', text: 'Stuck' }) },
    ]),
  );
  const effects = r.steps.slice(1, 7).map((s) => [s.status, s.effect?.status, s.effect?.detail]);
  expect(effects).toEqual([
    ['passed', 'checked', 'checked'],
    ['passed', 'checked', 'checked'],
    ['passed', 'checked', 'was already checked'],
    ['passed', 'checked', 'checked'],
    ['passed', 'checked', 'checked'],
    ['passed', 'checked', 'unchecked'],
  ]);
  expect(r.steps[7]!.status, r.steps[7]!.message).toBe('passed');
  // Re-rendered in place: the new box is read; one that leaves the page when checked did its work.
  expect(r.steps.slice(8, 11).map((s) => [s.status, s.effect?.detail])).toEqual([
    ['passed', 'checked'],
    ['passed', 'the element left the page when clicked (as a row leaves a filtered list)'],
    ['passed', 'the awaited condition held'],
  ]);
  expect(r.steps[11]).toMatchObject({ status: 'failed', reason: 'no-effect' });
  expect(r.steps[11]!.message).toContain('expected the box to be checked after clicking it; it is still unchecked');
});

test('a select is read back after choosing: by label or value, several at once, re-rendered in place; one the page puts back is not passed', async () => {
  const select = (label: string, options: string[], by: 'label' | 'value') => ({
    type: 'select',
    target: { locate: [{ kind: 'label', text: label }] },
    options,
    by,
  });
  const r = await replay(
    episode('selects', 'selects.html', [
      select('Size', ['Large'], 'label'),
      select('Size', ['m'], 'value'),
      select('Toppings', ['Cheese', 'Basil'], 'label'),
      select('Country', ['pt'], 'value'),
      select('Colour', ['blue'], 'value'),
    ]),
  );
  expect(r.steps.slice(1, 5).map((s) => [s.status, s.effect?.detail])).toEqual([
    ['passed', 'selected "Large"'],
    ['passed', 'selected "Medium"'],
    ['passed', 'selected "Cheese", "Basil"'],
    ['passed', 'selected "Portugal"'],
  ]);
  expect(r.steps[5]).toMatchObject({ status: 'failed', reason: 'no-effect' });
  expect(r.steps[5]!.message).toBe('expected "blue" selected; selected is "Red"');
});
