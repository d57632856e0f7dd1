import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { FIXTURES, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { inlineEpisode, launch } from '../support/replay.js';

// A step acts once the last step's follow-up animations have ended, whether or not a comparison
// captured the page between them (src/replay/animations-ended.ts followUpsEnded): a person waits
// for a carousel to stop sliding, and fixtures/effects/sliding.html, like Swiper with
// preventInteractionOnTransition, ignores a click while it slides.
let site: FixtureServer;
let browser: Browser;
test.beforeAll(async () => void ([site, browser] = await Promise.all([serveSite(join(FIXTURES, 'effects')), launch()])));
test.afterAll(async () => void (await Promise.all([browser?.close(), site?.close()])));

const next = { type: 'click', target: { locate: [{ kind: 'selector', selector: '#next' }] }, button: 'left', modifiers: [], clickCount: 1 };

for (const [page, how] of [
  ['sliding.html', 'a CSS transition'],
  ['script-sliding.html', 'script, frame by frame'],
] as const)
  for (const mode of ['off', 'all'] as const) {
    test(`clicks on a carousel moved by ${how} that ignores a click while it slides all land (--compare ${mode}, no recorded before-states)`, async () => {
      const episode = inlineEpisode('sliding', `${site.url}/${page}`, [next, next, next]);
      let shown: string | null = null;
      const r = await runEpisode(browser, episode, {
        ...DEFAULT_REPLAY_OPTIONS,
        compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode },
        timeoutMs: 4000,
        out: tempDir('rw-sliding-'),
        hooks: {
          afterStep: async ({ step, page }) => {
            if (step.index === episode.steps.length - 1) shown = (await page?.locator('#slide').textContent()) ?? null;
          },
        },
      });
      expect(r.status, r.message).toBe('passed');
      // The app's own end state: the fourth slide, three clicks on.
      expect(shown).toBe('4');
    });
  }
