import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { Episode } from '../ir/index.js';
import type { EpisodeResult } from '../ir/results.js';
import { BrowserNotFound, type LaunchChoices } from './browser.js';
import type { ReplayOptions } from './run-episode.js';
import { networkSealed } from './sandbox/webrtc.js';
import { browserSource, runChain, WorkerBrowser, type BrowserInfo, type PoolOptions } from './workers.js';
import type { FromThread, ThreadInit, ToThread } from './workers-thread.js';

export type { BrowserInfo, PoolOptions } from './workers.js';

export interface RunHooks {
  /** Called as each episode finishes, in the order they finish (one call at a time). */
  onEpisode(result: EpisodeResult): void;
}

export type RunOptions = ReplayOptions & LaunchChoices & PoolOptions;

/**
 * Replays chains of episodes on `workers` browsers at once (default 1), a fresh context per
 * episode. A chain is an episode and the ones that `continue` it: its episodes run in order on
 * one worker, in one session when live. Workers take the next chain as they free up; `work` may
 * be a stream (a dataset being decoded), pulled only as fast as workers free up. Every result goes through
 * `hooks.onEpisode` in this thread, so the caller is the single writer.
 *
 * Throws BrowserNotFound, or the launch/connect error, when no browser could be had at all;
 * returns undefined when there was nothing to replay (no browser was started).
 */
export async function replayEpisodes(
  work: readonly (Episode | readonly Episode[])[] | AsyncIterable<readonly Episode[]>,
  options: RunOptions,
  hooks: RunHooks,
  log: Logger,
): Promise<BrowserInfo | undefined> {
  const source = chainQueue(work);
  // Up to one chain per worker is read ahead: fewer chains than workers start fewer browsers,
  // none start none, and a streamed dataset is decoded only as fast as it is replayed.
  const wanted = Math.max(1, Math.floor(options.workers ?? 1));
  const ahead: (readonly Episode[])[] = [];
  while (ahead.length < wanted) {
    const chain = await source();
    if (!chain) break;
    ahead.push(chain);
  }
  if (ahead.length === 0) {
    await options.early?.discard();
    return undefined;
  }
  const workers = ahead.length;
  // Interrupted (--stop signal): no new chain starts; what is running finishes or is cut off.
  const take = async () => (options.stop?.aborted ? undefined : (ahead.shift() ?? (await source())));
  if (options.mode === 'threads') {
    // A thread launches its own browser (a Playwright Browser cannot cross threads).
    await options.early?.discard();
    return replayInThreads(take, workers, options, hooks, log);
  }

  const browserFrom = browserSource({ ...options, sealedNetwork: networkSealed(options) });
  const browsers = Array.from({ length: workers }, (_, i) => new WorkerBrowser(browserFrom, log, i, i === 0 ? options.early : undefined));
  try {
    // Every browser up front: a bad endpoint or executable stops the run before any episode.
    await Promise.all(browsers.map((b) => b.get()));
    options.stop?.addEventListener('abort', () => void Promise.all(browsers.map((b) => b.stop())), { once: true });
    await Promise.all(
      browsers.map(async (browser, i) => {
        for (let chain = await take(); chain; chain = await take())
          await runChain(chain, browser, options, (r) => hooks.onEpisode(r), log, i);
      }),
    );
    return browsers[0]!.info;
  } finally {
    await Promise.all(browsers.map((b) => b.close()));
  }
}

/** The same pool with one worker_thread per worker (each its own Playwright client and event loop). */
async function replayInThreads(
  take: () => Promise<readonly Episode[] | undefined>,
  workers: number,
  options: RunOptions,
  hooks: RunHooks,
  log: Logger,
): Promise<BrowserInfo | undefined> {
  const entry = new URL('./workers-thread.js', import.meta.url);
  if (!entry.pathname.endsWith('.js')) throw new Error('--worker-mode threads needs the compiled CLI (dist/)');
  let info: BrowserInfo | undefined;
  const threads: Worker[] = [];
  const {
    connect,
    connectTimeoutMs,
    headed,
    slowMo,
    workers: _w,
    mode: _m,
    stop,
    ownSignals: _o,
    early: _e,
    hooks: lifecycle,
    ...replay
  } = options;
  // Hooks are functions of this thread: they cannot be posted to a worker_thread.
  if (lifecycle) throw new Error("lifecycle hooks run in the caller's thread: use worker mode async");
  // Interrupted: end the threads (their browsers with them); what they had not reported is left out.
  stop?.addEventListener('abort', () => threads.forEach((t) => void t.terminate()), { once: true });
  try {
    await Promise.all(
      Array.from(
        { length: workers },
        (_, index) =>
          new Promise<void>((resolve, reject) => {
            const init: ThreadInit = {
              index,
              replay,
              launch: { headed, slowMo, sealedNetwork: networkSealed(options) },
              connect,
              connectTimeoutMs,
            };
            const thread = new Worker(entry, { workerData: init });
            threads.push(thread);
            let failed = false;
            const send = (m: ToThread) => thread.postMessage(m);
            thread.on('message', (m: FromThread) => {
              if (m.type === 'result') hooks.onEpisode(m.result);
              else if (m.type === 'log') log[m.level](m.obj, m.msg);
              else if (m.type === 'idle') {
                info ??= m.info;
                take().then(
                  (chain) => send(chain ? { type: 'chain', chain: [...chain] } : { type: 'stop' }),
                  (e: Error) => {
                    failed = true;
                    reject(e);
                  },
                );
              } else if (m.type === 'fatal') {
                failed = true;
                reject(m.notFound ? new BrowserNotFound(m.message) : new Error(m.message));
              }
            });
            thread.on('error', (e) => {
              failed = true;
              reject(e);
            });
            thread.on('exit', (code) =>
              failed
                ? undefined
                : code === 0 || stop?.aborted
                  ? resolve()
                  : reject(new Error(`replay worker ${index} exited with code ${code}`)),
            );
          }),
      ),
    );
  } finally {
    await Promise.all(threads.map((t) => t.terminate()));
  }
  return info;
}

/**
 * The chains to replay, one per call (undefined at the end), whatever they come as. Calls are
 * serialised, so workers asking at once never read a stream concurrently.
 */
function chainQueue(
  work: readonly (Episode | readonly Episode[])[] | AsyncIterable<readonly Episode[]>,
): () => Promise<readonly Episode[] | undefined> {
  const iterator: AsyncIterator<readonly Episode[]> | Iterator<readonly Episode[]> =
    Symbol.asyncIterator in work
      ? (work as AsyncIterable<readonly Episode[]>)[Symbol.asyncIterator]()
      : (work as readonly (Episode | readonly Episode[])[])
          .map((w) => (Array.isArray(w) ? (w as readonly Episode[]) : [w as Episode]))
          [Symbol.iterator]();
  let last: Promise<unknown> = Promise.resolve();
  const pull = async (): Promise<readonly Episode[] | undefined> => {
    for (;;) {
      const r = await iterator.next();
      if (r.done) return undefined;
      if (r.value.length > 0) return r.value;
    }
  };
  return () => {
    const next = last.then(pull);
    last = next.catch(() => undefined);
    return next;
  };
}
