import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { loadDataset } from '../../src/formats/load-dataset.js';
import type { Episode } from '../../src/ir/index.js';
import { passedLabel } from '../../src/ir/results.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode, type ReplayOptions } from '../../src/replay/run-episode.js';
import { FIXTURES, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';

// A baby-agi trajectory recorded (scripts/make-babyagi-centred-fixtures.mjs) on a page that centres
// its content, in a 1280×719 window at device scale 1.590625: the 2036×1144 frames baby-agi has.
const DIR = join(FIXTURES, 'babyagi-centred');
let browser: Browser;
let site: FixtureServer;
let moved: FixtureServer;
test.beforeAll(async () => {
  browser = await launch();
  site = await serveSite(join(DIR, 'site'));
  moved = await serveSite(join(DIR, 'site-moved'));
});
test.afterAll(async () => {
  await browser?.close();
  await site?.close();
  await moved?.close();
});

/** The trajectory, with its screenshots (`--images` outside the metadata's folder, as baby-agi keeps them) or without. */
async function trajectory(screenshots: boolean): Promise<Episode> {
  const d = await loadDataset(join(DIR, 'data'), screenshots ? { decode: { imagesDir: join(DIR, 'images') } } : {});
  expect(d.problems.filter((p) => p.severity === 'error')).toEqual([]);
  return d.episodes[0]!;
}

async function replay(episode: Episode, on: FixtureServer, extra: Partial<ReplayOptions> = {}) {
  const out = tempDir('rw-babyagi-vp-');
  const r = await runEpisode(browser, episode, {
    ...DEFAULT_REPLAY_OPTIONS,
    timeoutMs: 3000,
    startUrls: { all: `${on.url}/` },
    ...extra,
    out,
  });
  const tasks = r.final ? readFileSync(join(out, r.final.html), 'utf8').match(/<li>[^<]*<\/li>/g) : null;
  return { r, tasks };
}

test('with its screenshots: the window that reproduces the first screenshot is chosen (1280×719@1.590625), and every step lands', async () => {
  const { r, tasks } = await replay(await trajectory(true), site);
  expect(r.status, r.message).toBe('passed');
  expect(r.viewport).toMatchObject({ width: 1280, height: 719, deviceScaleFactor: 1.590625, chosenBy: 'screenshot' });
  const [right, wide] = r.viewport!.candidates!;
  expect(right!.differing!).toBeLessThan(wide!.differing!);
  expect(tasks).toEqual(['<li>Water the plants</li>', '<li>Buy milk</li>']);
  // The clicks were checked against the recorded option crops, the type against the focused field.
  expect(r.steps.map((s) => s.effect?.status)).toEqual(['checked', 'checked', 'checked']);
  expect(r.steps[0]!.effect!.detail).toMatch(/looks as recorded \(crop similarity/);
  // Every recorded before-state matched the live page.
  expect(r.drift).toBeUndefined();
});

test("without screenshots: the decoder's window model is used, the steps land, the clicks say they are unverified", async () => {
  const { r, tasks } = await replay(await trajectory(false), site);
  expect(r.status, r.message).toBe('passed');
  expect(r.viewport).toMatchObject({ width: 1280, height: 719, deviceScaleFactor: 1.590625, chosenBy: 'recorded' });
  expect(tasks).toEqual(['<li>Water the plants</li>', '<li>Buy milk</li>']);
  expect(r.steps.map((s) => s.effect?.status)).toEqual(['unverified', 'checked', 'unverified']);
  expect(passedLabel(r)).toBe('passed (final state not verifiable, 2 steps unverified)');
});

test('--viewport 2036x1144@1 (what replay used to open): the click misses the field and the type fails no-effect', async () => {
  const { r } = await replay(await trajectory(false), site, { viewport: { width: 2036, height: 1144, deviceScaleFactor: 1 } });
  expect(r.viewport).toMatchObject({ width: 2036, height: 1144, chosenBy: '--viewport' });
  expect(r.status).toBe('failed');
  expect(r.failedStep).toBe(1);
  expect(r.steps[1]!.reason).toBe('no-effect');
  expect(r.steps[1]!.message).toContain('nothing editable has focus');
});

test('with its screenshots, a target that moved is reported, not clicked past', async () => {
  const { r, tasks } = await replay(await trajectory(true), moved, { compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' } });
  expect(r.status).toBe('failed');
  expect(r.failedStep).toBe(2);
  expect(r.steps[2]!.reason).toBe('no-effect');
  expect(r.steps[2]!.message).toMatch(/the live page shows something else there \(crop similarity [\d.]+ < 0\.5\)/);
  expect(tasks).toEqual(['<li>Water the plants</li>']);
});
