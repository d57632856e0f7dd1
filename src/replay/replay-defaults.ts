import { DEFAULT_COMPARE_THRESHOLDS } from '../compare/thresholds.js';
import type { ReplayOptions } from './run-episode.js';

export type { ReplayOptions };

/**
 * What a replay does when the caller says nothing. Its own module (no Playwright, no decoders)
 * so the CLI can read it while parsing flags without paying for the replay engine's imports.
 */
export const DEFAULT_REPLAY_OPTIONS: Omit<ReplayOptions, 'out'> = {
  urlMappings: [],
  params: {},
  timeoutMs: 10_000,
  // Strict on purpose: one wrong card deleted out of a board of five reads 0.91 alike.
  finalTextMin: 0.97,
  defaultViewport: { width: 1280, height: 720 },
  compare: { mode: 'all', thresholds: DEFAULT_COMPARE_THRESHOLDS, maskSelectors: [], maskBoxes: [] },
};
