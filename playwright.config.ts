import { defineConfig } from '@playwright/test';

// Our tests launch Chromium themselves through src/replay/browser.ts (the same resolution the
// CLI uses), so no `projects`/`use.browserName` here: the runner never needs its own browser.
export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  timeout: 120_000,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/results.json' }]] : 'list',
  outputDir: 'test-results/artifacts',
});
