import { test } from '@playwright/test';
import type { Browser } from 'playwright';
import { serveSite, type FixtureServer } from './fixture-site.js';
import { launch } from './replay.js';

/** A site served for the tests of a spec file (or describe block); its `url` is readable inside tests and hooks. */
export interface ServedSite {
  readonly url: string;
}

export interface LiveSite {
  browser: Browser;
  site: ServedSite;
}

/**
 * Serves the fixture site, or the roots `root()` gives (called then, so a changed copy is made
 * only when the tests run), before the first test of the spec file or describe block that calls
 * this at its top level, and closes it after the last.
 */
export function useSite(root?: () => string | string[]): ServedSite {
  let server: FixtureServer | undefined;
  test.beforeAll(async () => {
    server = await serveSite(root?.());
  });
  test.afterAll(async () => {
    await server?.close();
  });
  return {
    get url() {
      if (!server) throw new Error('the fixture site is served in beforeAll: read its url inside a test or hook');
      return server.url;
    },
  };
}

/**
 * One headless Chromium and a served site (`useSite`), shared by the tests of the spec file that
 * calls this at its top level. Read `browser` inside tests and hooks (set once `beforeAll` ran).
 */
export function useLiveSite(root?: () => string | string[]): LiveSite {
  const live = { site: useSite(root) } as LiveSite;
  test.beforeAll(async () => {
    live.browser = await launch();
  });
  test.afterAll(async () => {
    await live.browser?.close();
  });
  return live;
}
