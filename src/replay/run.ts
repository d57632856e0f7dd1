import type { Logger } from 'pino';
import type { Browser } from 'playwright';
import type { Episode } from '../ir/index.js';
import type { EpisodeResult } from '../report/results.js';
import { launchOptions, findChromium, type BrowserChoice, type LaunchChoices } from './browser.js';
import { runEpisode, type ReplayOptions } from './run-episode.js';
import { chromium } from 'playwright';

export interface RunHooks {
  /** Called as each episode finishes, in order. */
  onEpisode(result: EpisodeResult): void;
}

export interface BrowserInfo extends BrowserChoice {
  version: string;
}

/**
 * Replays episodes one after another in one browser, a fresh context each. A browser that
 * died under an episode is relaunched for the next, so one crash costs one episode.
 */
export async function replayEpisodes(
  episodes: readonly Episode[],
  options: ReplayOptions & LaunchChoices,
  hooks: RunHooks,
  log: Logger,
): Promise<BrowserInfo> {
  const choice = findChromium();
  let browser: Browser | undefined;
  const ensureBrowser = async (): Promise<Browser> => {
    if (browser?.isConnected()) return browser;
    browser = await chromium.launch(launchOptions(choice, options));
    log.debug({ executablePath: choice.executablePath, version: browser.version() }, 'browser launched');
    return browser;
  };
  let version = '';
  try {
    for (const episode of episodes) {
      const b = await ensureBrowser();
      version = b.version();
      log.info({ episode: episode.id, steps: episode.steps.length }, 'episode started');
      const result = await runEpisode(b, episode, options).catch((error: Error) => crashed(episode, error));
      log.info({ episode: episode.id, status: result.status, reason: result.reason, ms: result.durationMs }, result.message ?? 'episode finished');
      hooks.onEpisode(result);
    }
  } finally {
    await browser?.close().catch(() => undefined);
  }
  return { ...choice, version };
}

function crashed(episode: Episode, error: Error): EpisodeResult {
  return {
    episode: episode.id,
    format: episode.format,
    status: 'error',
    reason: 'browser-crashed',
    message: error.message.split('\n')[0],
    instruction: episode.instruction,
    source: episode.source,
    durationMs: 0,
    steps: [],
  };
}
