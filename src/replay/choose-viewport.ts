import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright';
import { diffScreenshots } from '../compare/screenshot-diff.js';
import type { Episode } from '../ir/index.js';
import type { ReplayViewport } from '../ir/results.js';
import { mapUrl, type UrlMapping } from '../ir/url-map.js';
import { offlineContextOptions, sealLive, type OfflineOptions } from './offline.js';
import { settle } from './settle.js';
import { firstPageUrl, type StartUrls } from './start-url.js';
import { errorLine } from '../error-line.js';

export interface ViewportOptions extends OfflineOptions {
  /** `--viewport`: wins over everything the recording says. */
  viewport?: { width: number; height: number; deviceScaleFactor?: number };
  defaultViewport: { width: number; height: number };
  startUrls?: StartUrls;
  urlMappings: UrlMapping[];
  timeoutMs: number;
}

type Window = { width: number; height: number; deviceScaleFactor: number };

/**
 * The window (CSS viewport and device scale) an episode replays in. `--viewport` if given;
 * else, when the recording lists candidate windows (Episode.viewportCandidates) and has a first
 * screenshot and a first page to load, the candidate whose render of that page differs least
 * from the screenshot — a page that centres its content lays out differently at 1280 and at
 * 2036 CSS px, so clicks scaled from screenshot pixels land only in the right one; else the
 * first candidate, the window the first recorded step says, or the run's default.
 */
export async function chooseViewport(browser: Browser, episode: Episode, options: ViewportOptions): Promise<ReplayViewport> {
  if (options.viewport) return { deviceScaleFactor: 1, ...options.viewport, chosenBy: '--viewport' };
  const candidates = episode.viewportCandidates;
  const recorded = episode.steps.find((s) => s.before?.viewport)?.before;
  if (!candidates?.length) {
    if (recorded?.viewport) return { ...recorded.viewport, deviceScaleFactor: recorded.deviceScaleFactor ?? 1, chosenBy: 'recorded' };
    return { ...options.defaultViewport, deviceScaleFactor: 1, chosenBy: 'default' };
  }
  const screenshot = episode.steps[0]?.before?.screenshot;
  const url = firstPageUrl(episode, options.startUrls);
  let png: Buffer | undefined;
  try {
    png = screenshot && /\.png$/i.test(screenshot) ? readFileSync(screenshot) : undefined;
  } catch {
    png = undefined;
  }
  if (candidates.length === 1 || !png || !url) {
    const why = !png ? 'no first screenshot (PNG) to compare with' : 'no first page to load';
    return {
      ...candidates[0]!,
      chosenBy: 'recorded',
      candidates:
        candidates.length > 1 ? candidates.map((c, i) => (i === 0 ? { ...c, note: `the recording's own reading; ${why}` } : c)) : undefined,
    };
  }
  const scored: NonNullable<ReplayViewport['candidates']> = [];
  for (const c of candidates) scored.push({ ...c, ...(await differing(browser, c, mapUrl(url, options.urlMappings), png, options)) });
  const ranked = scored.filter((s) => s.differing !== undefined).sort((a, b) => a.differing! - b.differing!);
  const best = ranked[0];
  if (!best) return { ...candidates[0]!, chosenBy: 'recorded', candidates: scored };
  return { width: best.width, height: best.height, deviceScaleFactor: best.deviceScaleFactor, chosenBy: 'screenshot', candidates: scored };
}

/** The share of pixels by which the first page, rendered in window `w`, differs from the recorded screenshot. */
async function differing(
  browser: Browser,
  w: Window,
  url: string,
  recorded: Buffer,
  options: ViewportOptions,
): Promise<{ differing?: number; note?: string }> {
  const context = await browser.newContext({
    viewport: { width: w.width, height: w.height },
    deviceScaleFactor: w.deviceScaleFactor,
    ...offlineContextOptions(options),
  });
  try {
    await sealLive(context, options);
    const page = await context.newPage();
    await page.goto(url, { timeout: options.timeoutMs });
    await settle(page, { maxMs: 2000 });
    const live = await page.screenshot({ animations: 'disabled', caret: 'hide', timeout: 10_000 });
    return { differing: Math.round(diffScreenshots(recorded, live, { threshold: 0.1 }).ratio * 10_000) / 10_000 };
  } catch (error) {
    return { note: `could not render the first page: ${errorLine(error)}` };
  } finally {
    await context.close().catch(() => undefined);
  }
}
