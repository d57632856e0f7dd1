import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Episode } from '../ir/index.js';
import type { EpisodeResult } from '../ir/results.js';
import { BrowserNotFound, type LaunchChoices } from './browser.js';
import type { ReplayOptions } from './run-episode.js';
import { browserSource, runChain, WorkerBrowser, type BrowserInfo, type WorkerLog } from './workers.js';

/** What a replay thread is started with (workerData). */
export interface ThreadInit {
  index: number;
  replay: ReplayOptions;
  launch: LaunchChoices;
  connect?: string;
  connectTimeoutMs?: number;
}

export type ToThread = { type: 'chain'; chain: Episode[] } | { type: 'stop' };
export type FromThread =
  | { type: 'idle'; info?: BrowserInfo }
  | { type: 'result'; result: EpisodeResult }
  | { type: 'log'; level: 'debug' | 'info' | 'warn'; obj: object; msg?: string }
  | { type: 'fatal'; message: string; notFound: boolean };

// One replay worker in its own thread: opens its browser, then replays each chain the parent
// sends, posting every result back (the parent is the single writer), until told to stop.
if (!isMainThread && parentPort) {
  const port = parentPort;
  const init = workerData as ThreadInit;
  const post = (m: FromThread) => port.postMessage(m);
  const log: WorkerLog = {
    debug: (obj, msg) => post({ type: 'log', level: 'debug', obj, msg }),
    info: (obj, msg) => post({ type: 'log', level: 'info', obj, msg }),
    warn: (obj, msg) => post({ type: 'log', level: 'warn', obj, msg }),
  };
  let browser: WorkerBrowser;
  try {
    browser = new WorkerBrowser(
      browserSource({ ...init.launch, connect: init.connect, connectTimeoutMs: init.connectTimeoutMs }),
      log,
      init.index,
    );
    await browser.get();
  } catch (error) {
    post({ type: 'fatal', message: (error as Error).message, notFound: error instanceof BrowserNotFound });
    process.exit(1);
  }
  port.on('message', (m: ToThread) => {
    if (m.type === 'stop') {
      void browser.close().finally(() => port.close());
      return;
    }
    void runChain(m.chain, browser, init.replay, (result) => post({ type: 'result', result }), log, init.index).then(
      () => post({ type: 'idle' }),
      (error: Error) => post({ type: 'fatal', message: error.message, notFound: false }),
    );
  });
  post({ type: 'idle', info: browser.info });
}
