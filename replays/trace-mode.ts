import type { PlaywrightWorkerOptions } from '@playwright/test';
import type { ReplayOptions } from '../src/replay/run-episode.js';

/**
 * The runner's `trace` option (`--trace`, `use.trace`) as the replay's own `--trace`: the replay
 * records the episode's trace itself, scrubbed of secrets and without the screencast when one is
 * typed (replay/run-episode.ts), and the test attaches it. `retry` is the test's retry number.
 */
export function replayTrace(trace: PlaywrightWorkerOptions['trace'], retry: number): NonNullable<ReplayOptions['trace']> {
  const mode = typeof trace === 'string' ? trace : trace.mode;
  switch (mode) {
    case 'on':
      return 'on';
    case 'retain-on-failure':
    case 'retain-on-failure-and-retries':
      return 'retain-on-failure';
    case 'on-first-retry':
      return retry === 1 ? 'on' : 'off';
    case 'on-all-retries':
    case 'retry-with-trace':
      return retry > 0 ? 'on' : 'off';
    case 'retain-on-first-failure':
      return retry === 0 ? 'retain-on-failure' : 'off';
    default:
      return 'off';
  }
}
