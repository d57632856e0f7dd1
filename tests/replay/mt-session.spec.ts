import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import pino from 'pino';
import { loadDataset } from '../../src/formats/load-dataset.js';
import { replayEpisodes } from '../../src/replay/run.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode, type ReplayOptions } from '../../src/replay/run-episode.js';
import type { EpisodeResult } from '../../src/ir/results.js';
import { tempDir } from '../support/fixture-site.js';
import { useLiveSite } from '../support/live-site.js';
import { MT, MT_CONVERSATION } from '../snapshot/fixtures.js';

// The conversation: turn 0 adds a card to the task board, turn 1 ("Now move that card to
// Doing") clicks the card's Move right button. The board keeps its cards in the page only, so
// turn 1 can pass only on the page turn 0 left behind.
const live = useLiveSite();

const options = (): ReplayOptions => ({
  ...DEFAULT_REPLAY_OPTIONS,
  timeoutMs: 5000,
  out: tempDir('rw-mt-'),
  startUrls: { all: `${live.site.url}/` },
});
const turn = (t: number) => `${MT.taskId}#${t}`;

test('MT-Mind2Web live: the turns run in one session, each keeping its own instruction', async () => {
  const data = await loadDataset(MT_CONVERSATION);
  expect(data.episodes.map((e) => e.id)).toEqual([turn(0), turn(1)]);
  const results: EpisodeResult[] = [];
  // Two cards have a "Move right" button; the recorded one's surrounding text tells them apart
  // (1 vs 0.93), closer than the default 0.1 margin, so the margin is narrowed here.
  const out = options();
  await replayEpisodes(
    [data.episodes],
    { ...out, thresholds: { minScore: 0.6, margin: 0.05 }, workers: 1 },
    { onEpisode: (r) => results.push(r) },
    pino({ level: 'silent' }),
  );

  expect(results.map((r) => r.episode)).toEqual([turn(0), turn(1)]);
  for (const r of results) expect(r.status, `${r.episode}: ${r.message}`).toBe('passed');
  expect(results.map((r) => r.instruction)).toEqual(data.episodes.map((e) => e.instruction));
  expect(results[1]!.instruction).toMatch(/move that card to Doing/i);
  expect(results[0]!.continuedFrom).toBeUndefined();
  expect(results[1]!.continuedFrom).toBe(turn(0));
  // Turn 1 did not start over at the start URL: it ended on the board, card moved to Doing.
  expect(results[1]!.final?.url).toBe(`${live.site.url}/board/`);
  expect(results[1]!.steps.map((s) => s.action)).toEqual(['click']);
  const final = readFileSync(join(out.out, results[1]!.final!.html), 'utf8');
  expect(final).toMatch(/Doing[\s\S]*Apply for parking permit/);
});

test('MT-Mind2Web live: turn 1 on its own (a fresh context at the start URL) cannot find its card', async () => {
  const data = await loadDataset(MT_CONVERSATION);
  const r = await runEpisode(live.browser, data.episodes[1]!, { ...options(), timeoutMs: 2000 });
  expect(r.status).toBe('failed');
  // The home page is not the board the turn was recorded on, and the card is nowhere.
  expect(r.reason).toBe('diverged');
  expect(r.steps[0]!.reason).toBe('target-not-found');
  expect(r.continuedFrom).toBeUndefined();
});
