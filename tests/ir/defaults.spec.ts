import { expect, test } from '@playwright/test';
import { DEFAULT_THRESHOLDS } from '../../src/compare/target-match.js';
import {
  DEFAULT_CALIBRATE_INTERVAL_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_FINAL_TEXT_MIN,
  DEFAULT_MATCH_MARGIN,
  DEFAULT_MIN_SCORE,
  DEFAULT_STEP_TIMEOUT_MS,
  DEFAULT_VIEWPORT,
  LOAD_WAIT_MS,
  SCREENSHOT_TIMEOUT_MS,
} from '../../src/ir/defaults.js';
import { DEFAULT_REPLAY_OPTIONS } from '../../src/replay/run-episode.js';

// The documented defaults (README's option table), pinned: changing one is a decision, not a side effect.
test('the run defaults have their documented values', () => {
  expect({
    DEFAULT_STEP_TIMEOUT_MS,
    DEFAULT_MIN_SCORE,
    DEFAULT_MATCH_MARGIN,
    DEFAULT_FINAL_TEXT_MIN,
    DEFAULT_CALIBRATE_INTERVAL_MS,
    DEFAULT_CONNECT_TIMEOUT_MS,
    DEFAULT_VIEWPORT,
    SCREENSHOT_TIMEOUT_MS,
    LOAD_WAIT_MS,
  }).toEqual({
    DEFAULT_STEP_TIMEOUT_MS: 10_000,
    DEFAULT_MIN_SCORE: 0.6,
    DEFAULT_MATCH_MARGIN: 0.1,
    DEFAULT_FINAL_TEXT_MIN: 0.97,
    DEFAULT_CALIBRATE_INTERVAL_MS: 1500,
    DEFAULT_CONNECT_TIMEOUT_MS: 30_000,
    DEFAULT_VIEWPORT: { width: 1280, height: 720 },
    SCREENSHOT_TIMEOUT_MS: 10_000,
    LOAD_WAIT_MS: 5000,
  });
  expect(Object.isFrozen(DEFAULT_VIEWPORT)).toBe(true);
});

test('the replayer and the matcher use the same defaults as the CLI', () => {
  expect(DEFAULT_REPLAY_OPTIONS.timeoutMs).toBe(DEFAULT_STEP_TIMEOUT_MS);
  expect(DEFAULT_REPLAY_OPTIONS.finalTextMin).toBe(DEFAULT_FINAL_TEXT_MIN);
  expect(DEFAULT_REPLAY_OPTIONS.defaultViewport).toEqual(DEFAULT_VIEWPORT);
  expect(DEFAULT_THRESHOLDS).toEqual({ minScore: DEFAULT_MIN_SCORE, margin: DEFAULT_MATCH_MARGIN });
});
