import { test } from '@playwright/test';
import type { Browser } from 'playwright';
import { serveSite, type FixtureServer } from './fixture-site.js';
import { launch } from './replay.js';

export interface LiveSite {
  browser: Browser;
  site: FixtureServer;
}

/**
 * One headless Chromium and the fixture site, shared by the tests of the spec file that calls
 * this at its top level: launched and served before its first test, both closed after its last.
 * Read `browser` and `site` inside tests and hooks (they are set once `beforeAll` has run).
 */
export function useLiveSite(): LiveSite {
  const live = {} as LiveSite;
  test.beforeAll(async () => {
    live.browser = await launch();
    live.site = await serveSite();
  });
  test.afterAll(async () => {
    await live.browser?.close();
    await live.site?.close();
  });
  return live;
}
