import { DEFAULT_COMPARE_THRESHOLDS } from '../compare/thresholds.js';
import { DEFAULT_FINAL_TEXT_MIN, DEFAULT_STEP_TIMEOUT_MS, DEFAULT_VIEWPORT } from '../ir/defaults.js';
import type { ReplayOptions } from './run-episode.js';

export type { ReplayOptions };

/**
 * What a replay does when the caller says nothing. Its own module (no Playwright, no decoders)
 * so the CLI can read it while parsing flags without paying for the replay engine's imports.
 */
export const DEFAULT_REPLAY_OPTIONS: Omit<ReplayOptions, 'out'> = {
  urlMappings: [],
  params: {},
  timeoutMs: DEFAULT_STEP_TIMEOUT_MS,
  // Strict on purpose: one wrong card deleted out of a board of five reads 0.91 alike.
  finalTextMin: DEFAULT_FINAL_TEXT_MIN,
  defaultViewport: { ...DEFAULT_VIEWPORT },
  compare: { mode: 'all', thresholds: DEFAULT_COMPARE_THRESHOLDS, maskSelectors: [], maskBoxes: [] },
};
