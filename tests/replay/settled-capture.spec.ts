import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { FIXTURES, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { inlineEpisode, launch } from '../support/replay.js';

// A before-state is read once the animations the step before started have ended
// (src/replay/animations-ended.ts): fixtures/effects/closing.html fades a dialog out and removes
// it when the fade ends, as SweetAlert2 does.
let site: FixtureServer;
let browser: Browser;
test.beforeAll(async () => void ([site, browser] = await Promise.all([serveSite(join(FIXTURES, 'effects')), launch()])));
test.afterAll(async () => void (await Promise.all([browser?.close(), site?.close()])));

const click = (selector: string) => ({
  type: 'click',
  target: { locate: [{ kind: 'selector', selector }] },
  button: 'left',
  modifiers: [],
  clickCount: 1,
});

test('the page after a dialog that fades out is compared once the fade has ended: its closing text is not read as a divergence', async () => {
  // The recording: the page before each step, each read once the page had settled.
  const page = await browser.newPage();
  await page.goto(`${site.url}/closing.html`);
  const start = await page.content();
  await page.click('#open');
  const open = await page.content();
  await page.click('#keep');
  await expect(page.locator('.dialog')).toHaveCount(0);
  const closed = await page.content();
  await page.close();

  const episode = inlineEpisode('closing', `${site.url}/closing.html`, [click('#open'), click('#keep'), click('#open')]);
  [start, open, closed].forEach((html, i) => (episode.steps[i + 1]!.before = { html }));
  const r = await runEpisode(browser, episode, { ...DEFAULT_REPLAY_OPTIONS, timeoutMs: 4000, out: tempDir('rw-closing-') });
  expect(r.status, r.message).toBe('passed');
  expect(r.steps[3]!.compare?.verdict).toBe('match');
});
