import type { Browser } from 'playwright';
import type { Episode } from '../ir/index.js';
import type { EpisodeResult } from '../ir/results.js';
import type { BrowserInfo, BrowserSource, EarlyBrowser } from './browser-source.js';
import { runEpisode, type ReplayOptions } from './run-episode.js';
import { runSnapshotEpisode } from './snapshot/run-snapshot-episode.js';
import { ReplaySession } from './session.js';
import { chooseViewport } from './choose-viewport.js';
import { withEpisodeDeadline } from './episode-deadline.js';
import { callHook, HookError } from './hooks.js';
import { errorLine } from '../error-line.js';

export { browserSource, EarlyBrowser, redactEndpoint, startEarlyBrowser, type BrowserInfo, type BrowserSource } from './browser-source.js';

export interface PoolOptions {
  /** Browsers replaying at once, one chain of episodes each (default 1). */
  workers?: number;
  /**
   * A Playwright browser-server ws endpoint (`chromium.launchServer()`, `npx playwright
   * run-server`, a browser grid): each worker connects to it instead of launching Chromium.
   */
  connect?: string;
  /** Connect timeout, ms (default DEFAULT_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** Aborted when the run is interrupted: no new episode starts, the browsers are closed. */
  stop?: AbortSignal;
  /**
   * `async` (default): every worker in this process, N browsers driven concurrently. `threads`:
   * one worker_thread per worker, each with its own Playwright client (compiled CLI only).
   */
  mode?: WorkerMode;
  /** A browser already launching (startEarlyBrowser): the first worker adopts it. */
  early?: EarlyBrowser;
}

export type WorkerMode = 'async' | 'threads';

/** What a worker needs to log; pino's Logger is one. */
export interface WorkerLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * One worker's browser: opened on first use and again after it died under an episode, so one
 * crash costs one episode, not the rest of the worker's queue.
 */
export class WorkerBrowser {
  private browser: Browser | undefined;
  private stopped = false;
  info: BrowserInfo | undefined;

  constructor(
    private readonly source: BrowserSource,
    private readonly log: WorkerLog,
    private readonly worker: number,
    private readonly early?: EarlyBrowser,
  ) {}

  async get(): Promise<Browser> {
    if (this.stopped) throw new Error('the run was interrupted');
    if (this.browser?.isConnected()) return this.browser;
    const reopened = this.browser !== undefined;
    this.browser = await (this.early?.take() ?? this.source.open());
    this.info = this.source.info(this.browser);
    this.log.debug({ worker: this.worker, ...this.info, reopened }, 'browser ready');
    return this.browser;
  }

  /** Interrupted: close the browser (in-flight episodes end at once) and never open another. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.close();
  }

  async close(): Promise<void> {
    await this.early?.discard();
    await this.browser?.close().catch(() => undefined);
    this.browser = undefined;
  }
}

/**
 * Replays a chain (an episode and the ones that continue it) in order on one worker's browser,
 * reporting each result as it finishes. Live, the turns share one session (no reset between
 * them); a turn whose predecessor is not the session's last episode, or whose browser died,
 * starts a new one.
 */
export async function runChain(
  chain: readonly Episode[],
  browser: WorkerBrowser,
  options: ReplayOptions,
  onResult: (result: EpisodeResult) => void,
  log: WorkerLog,
  worker: number,
): Promise<void> {
  let session: ReplaySession | undefined;
  try {
    for (const episode of chain) {
      let result: EpisodeResult;
      try {
        const b = await browser.get();
        if (session && (episode.continues === undefined || episode.continues !== session.last || !session.alive)) {
          await session.close();
          session = undefined;
        }
        const live = options.replayMode !== 'snapshot';
        if (live && !session && chain.some((e) => e.continues === episode.id))
          session = await ReplaySession.open(b, await chooseViewport(b, episode, options), options.timeoutMs, options);
        log.info({ worker, episode: episode.id, steps: episode.steps.length, continues: session?.last }, 'episode started');
        await callHook(options.hooks, 'beforeEpisode', { episode });
        const replay = !live
          ? runSnapshotEpisode(b, episode, {
              timeoutMs: options.timeoutMs,
              allowScripts: options.allowScripts,
              defaultViewport: options.defaultViewport,
              viewport: options.viewport,
              fromStep: options.fromStep,
              toStep: options.toStep,
              hooks: options.hooks,
            })
          : runEpisode(b, episode, options, session);
        // Past --episode-timeout the browser is closed under the episode; the next one relaunches it.
        result = await withEpisodeDeadline(
          replay.catch((error: Error) => crashed(episode, error)),
          options.episodeTimeoutMs,
          () => browser.close(),
        );
      } catch (error) {
        result = crashed(episode, error as Error, error instanceof HookError ? '' : 'no browser: ');
      }
      result = await callHook(options.hooks, 'afterEpisode', { episode, result }).then(
        () => result,
        (error: Error) => ({ ...result, status: 'error' as const, reason: 'error' as const, message: error.message }),
      );
      log.info(
        { worker, episode: episode.id, status: result.status, reason: result.reason, ms: result.durationMs },
        result.message ?? 'episode finished',
      );
      onResult(result);
    }
  } finally {
    await session?.close();
  }
}

export function crashed(episode: Episode, error: Error, prefix = ''): EpisodeResult {
  return {
    episode: episode.id,
    format: episode.format,
    status: 'error',
    // A lifecycle hook that threw is the caller's error, not the browser's.
    reason: error instanceof HookError ? 'error' : 'browser-crashed',
    message: prefix + errorLine(error),
    instruction: episode.instruction,
    source: episode.source,
    durationMs: 0,
    steps: [],
  };
}
