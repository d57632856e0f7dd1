import { defineConfig, type LaunchOptions } from '@playwright/test';
import { findChromium, launchOptions } from './src/replay/browser.js';

// Our tests launch Chromium themselves through src/replay/browser.ts (the same resolution the
// CLI uses): the `tests` project never needs the runner's own browser. The `replays` project
// turns a dataset into one test per episode (replays/dataset.spec.ts) and launches its browser
// itself (replays/fixtures.ts), with these launch options: the same executable and flags as the CLI.
const replayLaunchOptions = (): LaunchOptions | undefined => {
  try {
    return launchOptions(findChromium());
  } catch {
    return undefined; // no browser: the `tests` project still loads (and says so in its own tests)
  }
};

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  timeout: 120_000,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // CI machines here are 2 loaded cores: one retry keeps a timing hiccup from sinking a run, and
  // .ci/run names every test that needed it (Playwright counts them as "flaky", not passed quietly).
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/results.json' }]] : 'list',
  outputDir: 'test-results/artifacts',
  projects: [
    // `npx playwright test` / `npm test`: the test suite.
    { name: 'tests', testDir: 'tests', testMatch: '**/*.spec.ts' },
    // Only with `--project=replays`: every episode of $REPLAYWRIGHT_DATASET (default: the
    // bundled fixture recordings against the bundled site) as a test, its steps as test steps.
    {
      name: 'replays',
      testDir: 'replays',
      testMatch: '**/*.spec.ts',
      default: false,
      use: { browserName: 'chromium', launchOptions: replayLaunchOptions() },
    },
  ],
});
