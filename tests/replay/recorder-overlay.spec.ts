import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { loadDataset } from '../../src/formats/load-dataset.js';
import { hasRecorderOverlay, recorderToolbarBox, withoutRecorderOverlay } from '../../src/ir/recorded-page/index.js';
import { diffScreenshots } from '../../src/compare/screenshot-diff.js';
import { DEFAULT_COMPARE_THRESHOLDS } from '../../src/compare/thresholds.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { FIXTURES, tempDir } from '../support/fixture-site.js';
import { useLiveSite } from '../support/live-site.js';

// fixtures/overlay: library-save-record recorded with Playwright's recorder 1.49, 1.55 and 1.65
// with its overlay LEFT IN (scripts/record-fixtures.mjs --only overlay), as real recordings are:
// <x-pw-glass> (and 1.49's data-pw-cursor) in the HTML, the toolbar at the top of the screenshots.
const OVERLAY = join(FIXTURES, 'overlay');
const live = useLiveSite();

test('the fixtures really carry the overlay, in HTML and in pixels', () => {
  for (const gen of ['1.49', '1.55', '1.65']) {
    const rows = readFileSync(join(OVERLAY, `episodes-${gen}.jsonl`), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { html_data: string });
    expect(rows.filter((r) => hasRecorderOverlay(r.html_data)).length, gen).toBeGreaterThanOrEqual(rows.length - 1);
  }
  const html =
    '<html><head></head><body data-pw-cursor="pointer"><p>Hi</p></body><x-pw-glass style="position: fixed"><x-pw-tools-list></x-pw-tools-list></x-pw-glass></html>';
  expect(withoutRecorderOverlay(html)).toBe('<html><head></head><body><p>Hi</p></body></html>');
});

test('a recording that keeps the recorder overlay, replayed on its own site: every step matches, nothing drifts or diverges', async () => {
  const { episodes } = await loadDataset(OVERLAY);
  expect(episodes.map((e) => e.id).sort()).toEqual(['library-save-record@1.49', 'library-save-record@1.55', 'library-save-record@1.65']);
  for (const episode of episodes) {
    const r = await runEpisode(live.browser, episode, {
      ...DEFAULT_REPLAY_OPTIONS,
      timeoutMs: 5000,
      urlMappings: [{ from: RECORDED_ORIGIN, to: live.site.url }],
      out: tempDir('rw-overlay-'),
      failOn: 'drift',
    });
    const compared = r.steps.filter((s) => s.compare);
    expect(compared.length, episode.id).toBeGreaterThan(5);
    const notMatching = compared
      .filter((s) => s.compare!.verdict !== 'match')
      .map((s) => `${s.index}: ${s.compare!.verdict} ${s.compare!.reasons.join(',')} ${s.compare!.pixelRatio}`);
    expect(notMatching, episode.id).toEqual([]);
    expect(r.status, `${episode.id}: ${r.message}`).toBe('passed');
    expect(r.drift).toBeUndefined();
    expect(r.firstDivergence).toBeUndefined();
  }
});

test('the toolbar box covers the recorder toolbar of 1.49, 1.55 and 1.65 and nothing else differs from a recording without it', () => {
  // fixtures/rpaweb holds the same scenario recorded with the overlay hidden (1.49, 1.65).
  for (const gen of ['1.49', '1.55', '1.65']) {
    const clean = `library-save-record@${gen === '1.55' ? '1.65' : gen}`;
    for (const n of [3, 4, 7]) {
      const withOverlay = readFileSync(join(OVERLAY, 'png', `library-save-record@${gen}`, `${n}.png`));
      const without = readFileSync(join(FIXTURES, 'rpaweb', 'png', clean, `${n}.png`));
      const threshold = DEFAULT_COMPARE_THRESHOLDS.pixelThreshold;
      expect(diffScreenshots(withOverlay, without, { threshold }).pixels, `${gen} step ${n}`).toBeGreaterThan(1000);
      expect(diffScreenshots(withOverlay, without, { threshold, masks: [recorderToolbarBox(1280)] }).pixels, `${gen} step ${n}`).toBe(0);
    }
  }
});
