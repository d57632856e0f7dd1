import { expect, test } from '@playwright/test';
import { Episode } from '../../src/ir/index.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { serveSite, tempDir } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';

// Chrome Recorder `change` steps on a <select> found by its aria name decode as fills.
test('a fill on a <select> chooses that option (by label or value); an absent one is named', async () => {
  const site = await serveSite();
  const browser = await launch();
  try {
    const province = { locate: [{ kind: 'label' as const, text: 'Province', exact: true }] };
    const episode = (text: string) =>
      Episode.parse({
        id: `fill-select-${text}`,
        format: 'devtools-recorder',
        source: { file: 'inline' },
        steps: [
          { index: 0, action: { type: 'navigate', url: `${site.url}/tax/` }, source: { file: 'inline' } },
          { index: 1, action: { type: 'fill', target: province, text }, source: { file: 'inline' } },
          { index: 2, action: { type: 'assertValue', target: province, value: 'se' }, source: { file: 'inline' } },
        ],
      });
    const options = { ...DEFAULT_REPLAY_OPTIONS, timeoutMs: 5000, compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' as const } };
    for (const text of ['Sevilla', 'se']) {
      const r = await runEpisode(browser, episode(text), { ...options, out: tempDir() });
      expect(r.status, r.message).toBe('passed');
    }
    const absent = await runEpisode(browser, episode('Girona'), { ...options, out: tempDir() });
    expect(absent.failedStep).toBe(1);
    expect(absent.steps[1]!.message).toContain('option "Girona" not available');
  } finally {
    await browser.close();
    await site.close();
  }
});
