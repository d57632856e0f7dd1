import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { loadDataset } from '../../src/formats/load-dataset.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { changedSiteCopy, FIXTURES, serveSite, tempDir } from '../support/fixture-site.js';
import { useLiveSite } from '../support/live-site.js';
import { replayFixture } from '../support/replay.js';

// library-save-record@1.49: openPage about:blank (0), navigate to the portal (1), click
// "Library catalogue" (2) — the first step whose before-state is the start page.
const FIRST_ON_START_PAGE = 2;

const live = useLiveSite();

test('the right start URL matches: the live URL is the recorded navigate target, after --map-url', async () => {
  const r = await replayFixture(live.browser, 'library-save-record@1.49', live.site.url);
  expect(r.status, r.message).toBe('passed');
  const c = r.steps[FIRST_ON_START_PAGE]!.compare!;
  expect(c.verdict).toBe('match');
  expect(c.url).toEqual({ recorded: `${live.site.url}/`, live: `${live.site.url}/`, same: true });
});

test('a start page that lands elsewhere is a navigation-mismatch on the first step there', async () => {
  // The portal now sends visitors straight on (a login wall, a moved page): the replay starts on the wrong URL.
  const moved = await serveSite(changedSiteCopy('index.html', '<head>', `<head><script>location.replace('tax/')</script>`));
  try {
    const r = await replayFixture(live.browser, 'library-save-record@1.49', moved.url);
    const c = r.steps[FIRST_ON_START_PAGE]!.compare!;
    expect(c.verdict).toBe('diverged');
    expect(c.reasons[0]).toBe('navigation-mismatch');
    expect(c.url).toEqual({ recorded: `${moved.url}/`, live: `${moved.url}/tax/`, same: false });
    expect(r.firstDivergence).toBe(FIRST_ON_START_PAGE);
    expect(r).toMatchObject({ status: 'failed', reason: 'diverged' });
    // Nothing before it had a URL to be wrong about.
    expect(r.steps.slice(0, FIRST_ON_START_PAGE).every((s) => s.compare?.verdict !== 'diverged')).toBe(true);
  } finally {
    await moved.close();
  }
});

// Mind2Web records no URL: the replay starts at --start-url, and step 1 must begin there.
test('--start-url that redirects elsewhere is a navigation-mismatch at step 1 (index 0); the right one matches', async () => {
  const episodes = (await loadDataset(join(FIXTURES, 'mind2web', 'tasks.json'))).episodes;
  const library = episodes.find((e) => /library catalogue/i.test(e.instruction ?? ''))!;
  const replay = (siteUrl: string) =>
    // The task was recorded from the portal home.
    runEpisode(live.browser, library, {
      ...DEFAULT_REPLAY_OPTIONS,
      out: tempDir('rw-out-'),
      timeoutMs: 3000,
      startUrls: { all: `${siteUrl}/` },
    });

  const right = await replay(live.site.url);
  expect(right.steps[0]!.compare?.url).toEqual({ recorded: `${live.site.url}/`, live: `${live.site.url}/`, same: true });
  expect(right.steps[0]!.compare!.reasons).not.toContain('navigation-mismatch');
  expect(right.steps[0]!.compare!.verdict, JSON.stringify(right.steps[0]!.compare)).toBe('match');

  const moved = await serveSite(changedSiteCopy('index.html', '<head>', `<head><script>location.replace('tax/')</script>`));
  try {
    const wrong = await replay(moved.url);
    const c = wrong.steps[0]!.compare!;
    expect(c).toMatchObject({ verdict: 'diverged', url: { recorded: `${moved.url}/`, live: `${moved.url}/tax/`, same: false } });
    expect(c.reasons[0]).toBe('navigation-mismatch');
    expect(wrong.firstDivergence).toBe(0);
    expect(wrong).toMatchObject({ status: 'failed', reason: 'diverged' });
  } finally {
    await moved.close();
  }
});
