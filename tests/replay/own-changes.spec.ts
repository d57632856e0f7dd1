import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { FIXTURES, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { inlineEpisode, launch } from '../support/replay.js';

// A page that changes on its own (a clock, a carousel, a banner rewritten by a scheduler's task,
// a poll)
// does not answer a click or a key for the app (src/replay/own-changes.ts): a click the app
// ignored is unverified, not checked because the clock ticked meanwhile. What the input caused
// (at once, from a timer it set, or where the page also changes on its own) still answers it.
// Each step's check is held against the page's own log of what it did.
let site: FixtureServer;
let browser: Browser;
test.beforeAll(async () => void ([site, browser] = await Promise.all([serveSite(join(FIXTURES, 'effects')), launch()])));
test.afterAll(async () => void (await Promise.all([browser?.close(), site?.close()])));

const OPTIONS = { ...DEFAULT_REPLAY_OPTIONS, compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' as const }, timeoutMs: 4000 };
const button = (name: string) => ({ type: 'click', target: { locate: [{ kind: 'role', role: 'button', name }] } });

async function replay(actions: unknown[]) {
  const out = tempDir('rw-own-changes-');
  // The page is given time to tick before the first click, as a person's first look at it does.
  const r = await runEpisode(
    browser,
    inlineEpisode(`ticking-${actions.length}`, `${site.url}/ticking.html`, [{ type: 'wait', ms: 400 }, ...actions]),
    {
      ...OPTIONS,
      out,
    },
  );
  expect(r.status, r.message).toBe('passed');
  const html = r.final ? readFileSync(join(out, r.final.html), 'utf8') : '';
  const log = [...html.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]).filter((t) => !/^(One|Two|Three)$/.test(t!));
  return { effects: r.steps.slice(2).map((s) => s.effect), log };
}

test('a click the app ignores on a page that keeps changing is unverified, naming what changed on its own', async () => {
  const { effects, log } = await replay([
    button('Nothing'),
    button('Nothing'),
    { type: 'press', key: 'x', target: { locate: [{ kind: 'label', text: 'Inert' }] }, modifiers: [] },
  ]);
  expect(log).toEqual([]);
  expect(effects.map((e) => e?.status)).toEqual(['unverified', 'unverified', 'unverified']);
  for (const e of effects) expect(e!.detail).toMatch(/but the page did not answer it once settled/);
  // The settle waits for the banner's pending timer (150 ms), in which the 120 ms clock ticks.
  expect(effects[0]!.detail).toMatch(/\(only (span#clock|header|div#banner|ul#slides|li) changed, as it keeps doing on its own\)$/);
});

test('what the click caused answers it: at once, from a timer it set, where the page also changes on its own, a request it sent (from a shadow tree too)', async () => {
  const { effects, log } = await replay([
    button('Count'),
    button('Later'),
    button('Next slide'),
    button('Save'),
    button('Send'),
    button('Count'),
  ]);
  expect(log).toEqual(['count 1', 'later', 'slide', 'count 2']);
  expect(effects.map((e) => e?.status)).toEqual(['checked', 'checked', 'checked', 'checked', 'checked', 'checked']);
  for (const i of [0, 1, 2, 5]) expect(effects[i]!.detail).toMatch(/, and the DOM changed$/);
  for (const i of [3, 4]) expect(effects[i]!.detail).toMatch(/, and a request was sent$/);
});

test('what an earlier click set off (a stopwatch it started) does not answer a later click', async () => {
  const { effects, log } = await replay([button('Start'), button('Nothing')]);
  expect(log).toEqual(['start']);
  expect(effects.map((e) => e?.status)).toEqual(['checked', 'unverified']);
  expect(effects[1]!.detail).toMatch(/did not answer it once settled: .*\(only .*what an earlier step set off( changed)?\)$/);
});
