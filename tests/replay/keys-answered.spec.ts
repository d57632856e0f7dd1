import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { FIXTURES, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { inlineEpisode, launch } from '../support/replay.js';

// After a step that typed, the page's answer to the keys arrives before the next step
// (src/replay/keys-answered.ts): fixtures/effects/suggest.html draws its suggestions 150 ms after
// the last key, as a debounced search does.
let site: FixtureServer;
let browser: Browser;
test.beforeAll(async () => void ([site, browser] = await Promise.all([serveSite(join(FIXTURES, 'effects')), launch()])));
test.afterAll(async () => void (await Promise.all([browser?.close(), site?.close()])));

const OPTIONS = { ...DEFAULT_REPLAY_OPTIONS, compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' as const }, timeoutMs: 4000 };
const field = { locate: [{ kind: 'selector', selector: '#city' }] };

test('typed "Ma", then ArrowDown and Enter: the keys after the typing find the suggestions drawn, and Madrid is chosen', async () => {
  const out = tempDir('rw-suggest-');
  const episode = inlineEpisode('suggest', `${site.url}/suggest.html`, [
    { type: 'fill', target: field, text: 'Ma' },
    { type: 'press', target: field, key: 'ArrowDown', modifiers: [] },
    { type: 'press', target: field, key: 'Enter', modifiers: [] },
  ]);
  const r = await runEpisode(browser, episode, { ...OPTIONS, out });
  expect(r.status, r.message).toBe('passed');
  expect(readFileSync(join(out, r.final!.html), 'utf8')).toContain('Chosen: <b id="chosen">Madrid</b>');
});
