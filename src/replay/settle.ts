import type { Page } from 'playwright';
import { timersFired } from './pending-timers.js';
import type { RequestsInFlight } from './requests-in-flight.js';

export interface SettleOptions {
  /** How long the DOM content must go unchanged (and no navigation start) to count as settled. */
  quietMs?: number;
  /** Give up waiting after this long; the page is then taken as it is. */
  maxMs?: number;
  /**
   * The page's open requests. With them, settled also means no answer is still coming: a fetch
   * slower than the quiet window no longer ends the wait before its answer is shown.
   */
  requests?: RequestsInFlight;
  /** Also wait for the short timers the page has pending (`watchPendingTimers` on its context). */
  timers?: boolean;
}

/** Still this long (no DOM content change, no navigation) before the page counts as settled. */
const QUIET_MS = 100;

/**
 * Waits until the page has stopped changing: no navigation started or committed, and no DOM
 * content mutation (nodes added, removed or their text changed) for `quietMs`. A click whose handler sets `location.href` returns before the
 * navigation even starts, so `waitForLoadState` alone would read the page being left; this is
 * what the final capture needs before it says what the episode ended on.
 *
 * The quiet is watched inside the page by a MutationObserver (one round trip that returns as
 * soon as the DOM has been still for `quietMs`) rather than by sampling the page's size from
 * here, which cost a round trip per sample and could miss a change that kept the size.
 */
export async function settle(page: Page, options: SettleOptions = {}): Promise<void> {
  const requests = options.requests;
  const quietMs = options.quietMs ?? QUIET_MS;
  const deadline = Date.now() + (options.maxMs ?? 3000);
  let navigated = false;
  const bump = () => {
    navigated = true;
  };
  const onRequest = (request: { isNavigationRequest(): boolean; frame(): unknown }) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) bump();
  };
  page.on('framenavigated', bump);
  page.on('request', onRequest);
  try {
    while (Date.now() < deadline && !page.isClosed()) {
      navigated = false;
      await page.waitForLoadState('load', { timeout: Math.max(1, deadline - Date.now()) }).catch(() => undefined);
      if (options.timers) await timersFired(page, deadline - Date.now());
      await requests?.idle(page, deadline);
      const issued = requests?.issuedBy(page);
      const left = Math.max(1, deadline - Date.now());
      // A navigation in flight destroys the context mid-evaluate: that too is a change.
      const quiet = await page.evaluate(domQuiet, { quietMs, maxMs: left }).catch(() => false);
      // A request that started while the DOM was still: its answer is yet to come.
      if (quiet && !navigated && requests?.issuedBy(page) === issued) return;
    }
  } finally {
    page.off('framenavigated', bump);
    page.off('request', onRequest);
  }
}

/** In the page: resolves true once the document has had no mutation for `quietMs`, false at `maxMs`. */
function domQuiet({ quietMs, maxMs }: { quietMs: number; maxMs: number }): Promise<boolean> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout>;
    const finish = (quiet: boolean) => {
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(limit);
      resolve(quiet);
    };
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(true), quietMs);
    });
    // Content, not attributes: a script animating a style attribute would otherwise never let it be quiet.
    observer.observe(document, { subtree: true, childList: true, characterData: true });
    timer = setTimeout(() => finish(true), quietMs);
    const limit = setTimeout(() => finish(false), maxMs);
  });
}
