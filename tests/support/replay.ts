import { test } from '@playwright/test';
import type { Browser, BrowserContextOptions, Page } from 'playwright';
import { chromium } from 'playwright';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { loadDataset } from '../../src/formats/load-dataset.js';
import { Episode } from '../../src/ir/index.js';
import { findChromium, launchOptions } from '../../src/replay/browser.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode, type ReplayOptions } from '../../src/replay/run-episode.js';
import type { EpisodeResult } from '../../src/ir/results.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RPAWEB_FIXTURES, serveSite, tempDir } from './fixture-site.js';

export function launch(): Promise<Browser> {
  return chromium.launch(launchOptions(findChromium()));
}

/**
 * One browser and one page for every test of the file (a spec that works on pages it sets up
 * itself): launched before the first test, closed after the last.
 */
export function usePage(options?: BrowserContextOptions): { readonly page: Page } {
  let browser: Browser | undefined;
  let page: Page | undefined;
  test.beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage(options);
  });
  test.afterAll(async () => {
    await browser?.close();
  });
  return {
    get page() {
      if (!page) throw new Error('usePage: the page is opened in beforeAll; read it inside a test');
      return page;
    },
  };
}

/** An episode written in the test: a navigation to `url`, then `actions` (IR actions), one step each. */
export function inlineEpisode(id: string, url: string, actions: unknown[]): Episode {
  const source = { file: 'inline' };
  return Episode.parse({
    id,
    format: 'devtools-recorder',
    source,
    steps: [{ type: 'navigate', url }, ...actions].map((action, index) => ({ index, action, source })),
  });
}

let fixtureEpisodes: Promise<Episode[]> | undefined;
export async function fixtureEpisode(id: string): Promise<Episode> {
  fixtureEpisodes ??= loadDataset(RPAWEB_FIXTURES).then((d) => d.episodes);
  const episode = (await fixtureEpisodes).find((e) => e.id === id);
  if (!episode) throw new Error(`no fixture episode ${id}`);
  return episode;
}

/** Replays a bundled recording against a site served at `siteUrl`. */
export async function replayFixture(
  browser: Browser,
  id: string,
  siteUrl: string,
  options: Partial<ReplayOptions> = {},
): Promise<EpisodeResult & { out: string }> {
  const out = options.out ?? tempDir('rw-out-');
  const result = await runEpisode(browser, await fixtureEpisode(id), {
    ...DEFAULT_REPLAY_OPTIONS,
    timeoutMs: 3000,
    params: { verification_code: '482915' },
    ...options,
    urlMappings: [{ from: RECORDED_ORIGIN, to: siteUrl }],
    out,
  });
  return { ...result, out };
}

/** One rpaweb row (the BSC dataset's line shape) around a recorder action, for a recording made in a test. */
export function rpawebRow(
  id: string,
  intent: string,
  step: number,
  browserCode: object,
  html_data: string,
  png_file: string | null,
): string {
  return JSON.stringify({
    id,
    language: 'en',
    intent,
    step,
    input: '',
    requirements: '',
    outputs: '',
    anonymized_data: {},
    png_file,
    json_data: { browserCode },
    html_data,
  });
}

/**
 * Replays the one episode of `dataset` against the fixture site served from `root`, the
 * recording's origin mapped to it: its result and the final page's HTML (the app's end state).
 */
export async function replayOnSite(
  browser: Browser,
  root: string | string[],
  dataset: string,
  recordedOrigin: string,
  timeoutMs: number,
): Promise<{ result: EpisodeResult; finalHtml: string }> {
  const site = await serveSite(root);
  try {
    const [episode] = (await loadDataset(dataset)).episodes;
    const out = tempDir('rw-site-out-');
    const result = await runEpisode(browser, episode!, {
      ...DEFAULT_REPLAY_OPTIONS,
      timeoutMs,
      urlMappings: [{ from: recordedOrigin, to: site.url }],
      out,
    });
    return { result, finalHtml: result.final ? readFileSync(join(out, result.final.html), 'utf8') : '' };
  } finally {
    await site.close();
  }
}
