import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadDataset } from '../../src/formats/load-dataset.js';
import { runSnapshotEpisode } from '../../src/replay/snapshot/run-snapshot-episode.js';
import { FIXTURES } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';
import { SNAPSHOT_OPTIONS } from './fixtures.js';

// Snapshot mode checks each step on its recorded page HTML. A VWA trajectory or a DevTools flow
// records none: the episode was "passed" with every step skipped.
test('an episode with no recorded page HTML at all is not-supported in snapshot mode, never passed', async () => {
  const browser = await launch();
  try {
    for (const [dataset, id] of [
      [join(FIXTURES, 'vwa', 'garden'), 'search'],
      [join(FIXTURES, 'devtools', 'garden'), 'Search ferns'],
    ] as const) {
      const episode = (await loadDataset(dataset)).episodes.find((e) => e.id === id)!;
      const r = await runSnapshotEpisode(browser, episode, SNAPSHOT_OPTIONS);
      expect(r.steps.every((s) => s.status === 'skipped')).toBe(true);
      expect([r.status, r.reason, r.message]).toEqual([
        'error',
        'not-supported',
        `nothing was checked: snapshot mode checks steps on their recorded page HTML, and this ${episode.format} episode records none; replay it live`,
      ]);
    }
  } finally {
    await browser.close();
  }
});
