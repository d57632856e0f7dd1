import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { keysAnswered } from '../../src/replay/keys-answered.js';
import { RequestsInFlight } from '../../src/replay/requests-in-flight.js';
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

test('a toolbar button clicked after keys that select a word acts on the word: the next step waits a frame, as an editor that reads the selection once a frame (Trix) needs', async () => {
  const episode = inlineEpisode('frame-selection', `${site.url}/frame-selection.html`, [
    { type: 'click', target: { locate: [{ kind: 'selector', selector: '#line' }] }, button: 'left', modifiers: [], clickCount: 1 },
    { type: 'press', key: 'End', modifiers: [] },
    { type: 'press', key: 'ArrowLeft', modifiers: ['Control', 'Shift'] },
    { type: 'click', target: { locate: [{ kind: 'selector', selector: '#bold' }] }, button: 'left', modifiers: [], clickCount: 1 },
  ]);
  // A frame is ~17 ms and the click came 13 ms after the keys: without the wait, about one run in
  // five (Trix on the corpus: 3 of 30) bolded what the editor read before the keys.
  for (let run = 0; run < 12; run++) {
    const out = tempDir('rw-frame-selection-');
    const r = await runEpisode(browser, episode, { ...OPTIONS, out });
    expect(r.status, r.message).toBe('passed');
    expect(readFileSync(join(out, r.final!.html), 'utf8'), `run ${run + 1}`).toContain('Bolded: <b id="bolded">budget</b>');
  }
});

test('the wait after keys lets the page draw a frame first: a callback the keys queued for the next frame has run', async () => {
  const context = await browser.newContext();
  const requests = new RequestsInFlight(context);
  const page = await context.newPage();
  await page.goto(`${site.url}/frame-selection.html`);
  for (let run = 0; run < 5; run++) {
    await page.evaluate(() => {
      const w = window as unknown as { framed: boolean };
      w.framed = false;
      requestAnimationFrame(() => (w.framed = true));
    });
    await keysAnswered(page, requests);
    expect(await page.evaluate(() => (window as unknown as { framed: boolean }).framed), `run ${run + 1}`).toBe(true);
  }
  await context.close();
});
