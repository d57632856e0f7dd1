import type { Browser } from 'playwright';
import type { ReplayViewport } from '../ir/results.js';
import type { OfflineOptions } from './offline.js';
import { ReplaySession } from './session.js';

interface Spare {
  key: string;
  session: Promise<ReplaySession | undefined>;
}

/** One spare per browser, for the window and options its last episode used. */
const spares = new WeakMap<Browser, Spare>();

/**
 * A fresh session for an episode. Opening one costs ~200 ms here, mostly waiting on Chromium: a
 * context (~40 ms), then its first page (~150 ms). Episodes on a worker's browser run one after
 * another, so while one runs, a session for the next is opened beside it — same window and
 * options, its first page made and blank, never used — and taken when that episode starts. An
 * episode that wants another window gets a new one (and the spare made for it is closed).
 * A HAR replay is not prepared ahead: the HAR is read when the session opens, and may change
 * between runs.
 *
 * The last spare stays open until `closeSpare` or the browser closes.
 */
export async function openSession(
  browser: Browser,
  viewport: ReplayViewport,
  timeoutMs: number,
  offline: OfflineOptions,
): Promise<ReplaySession> {
  const key = JSON.stringify([viewport.width, viewport.height, viewport.deviceScaleFactor, timeoutMs, !!offline.offline]);
  const spare = spares.get(browser);
  spares.delete(browser);
  let session: ReplaySession | undefined;
  if (spare?.key === key) {
    session = await spare.session;
    // The same window, but how this episode chose it (and its candidates) is its own.
    if (session) session.viewport = viewport;
  } else if (spare) void spare.session.then((s) => s?.close());
  if (!session?.alive) session = await ReplaySession.open(browser, viewport, timeoutMs, offline);
  if (!offline.har && browser.isConnected())
    spares.set(browser, {
      key,
      session: ReplaySession.open(browser, viewport, timeoutMs, offline, true).catch(() => undefined),
    });
  return session;
}

/** Closes the browser's spare session, if it has one (a caller that keeps the browser for other work). */
export async function closeSpare(browser: Browser): Promise<void> {
  const spare = spares.get(browser);
  spares.delete(browser);
  await (await spare?.session)?.close();
}

/**
 * Resolves once the browser's spare session is open (or failed). A benchmark that times one
 * episode counts this wait too: in a run, the next episode would wait for it.
 */
export async function spareReady(browser: Browser): Promise<void> {
  await spares.get(browser)?.session;
}
