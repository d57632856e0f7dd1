import type { Page, Request } from 'playwright';
import { navigatesFrame } from './request-frame.js';
import { timersFired } from './pending-timers.js';
import { LONGEST_FOLLOW_UP_MS, runningFollowUps } from './animations-ended.js';
import { FRAME_FALLBACK_MS, nextFrameAndTask } from './next-frame.js';
import { pageFunction } from './page-function.js';
import type { RequestsInFlight } from './requests-in-flight.js';

export interface SettleOptions {
  /** Give up waiting after this long; the page is then taken as it is. */
  maxMs?: number;
  /**
   * The page's open requests. With them, settled also means no answer is still coming: a fetch
   * slower than the DOM's stillness no longer ends the wait before its answer is shown.
   */
  requests?: RequestsInFlight;
  /** Also wait for the short timers the page has pending (`watchPendingTimers` on its context). */
  timers?: boolean;
}

/**
 * Waits until the page has stopped changing, on evidence rather than a fixed pause: the load
 * event fired, no document/fetch/XHR answer still coming, no short timer pending (with
 * `timers`), no finite CSS animation or transition still running, no navigation started, and
 * no DOM content mutation (nodes added, removed or their text changed) across two rendered
 * frames. A click whose handler sets `location.href` returns before the navigation even starts,
 * so `waitForLoadState` alone would read the page being left; this is what the final capture
 * needs before it says what the episode ended on.
 *
 * The stillness is watched inside the page (one round trip that returns as soon as two frames
 * have passed with no mutation): a page that does nothing more costs about two frames, where
 * the fixed 100 ms quiet window this replaces cost 100 ms every time and still missed a toast
 * removed by an animation's end.
 */
export async function settle(page: Page, options: SettleOptions = {}): Promise<void> {
  const requests = options.requests;
  const deadline = Date.now() + (options.maxMs ?? 3000);
  let navigated = false;
  const bump = () => {
    navigated = true;
  };
  const onRequest = (request: Request) => {
    if (navigatesFrame(request, page.mainFrame())) bump();
  };
  // The context's request events: a replay keeps it subscribed (requests-in-flight.ts), where a
  // page listener added and removed costs two messages to the driver.
  const context = page.context();
  page.on('framenavigated', bump);
  context.on('request', onRequest);
  try {
    while (Date.now() < deadline && !page.isClosed()) {
      navigated = false;
      await page.waitForLoadState('load', { timeout: Math.max(1, deadline - Date.now()) }).catch(() => undefined);
      if (options.timers) await timersFired(page, deadline - Date.now());
      await requests?.idle(page, deadline);
      const issued = requests?.issuedBy(page);
      const left = Math.max(1, deadline - Date.now());
      // A navigation in flight destroys the context mid-evaluate: that too is a change.
      const still = await page
        .evaluate(stillInPage, { maxMs: left, fallbackMs: FRAME_FALLBACK_MS, longestAnimationMs: LONGEST_FOLLOW_UP_MS })
        .catch(() => false);
      // A request that started while the DOM was still: its answer is yet to come.
      if (still && !navigated && requests?.issuedBy(page) === issued && !requests?.waiting(page)) return;
    }
  } finally {
    page.off('framenavigated', bump);
    context.off('request', onRequest);
  }
}

/**
 * In the page: resolves true once the running finite animations have ended and two frames have
 * been rendered with no content mutation between them; false at `maxMs`. A mutation starts the
 * two frames over. Content, not attributes: a script animating a style attribute would otherwise
 * never let it be still.
 */
function pageStill(
  { maxMs, fallbackMs, longestAnimationMs }: StillArg,
  running: typeof runningFollowUps,
  frame: typeof nextFrameAndTask,
): Promise<boolean> {
  // The page's own setTimeout may be wrapped (the timer watch); its native one is the same clock.
  const watch = (window as unknown as Record<symbol, { nativeSet?: typeof setTimeout } | undefined>)[
    Symbol.for('replaywright.pendingTimers')
  ];
  const later = (fn: () => void, ms: number) => (watch?.nativeSet ?? setTimeout).call(window, fn, ms) as unknown as number;
  const started = performance.now();
  return new Promise((resolve) => {
    let changed = false;
    let done = false;
    const observer = new MutationObserver(() => {
      changed = true;
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true });
    const finish = (still: boolean) => {
      if (done) return;
      done = true;
      observer.disconnect();
      resolve(still);
    };
    later(() => finish(false), maxMs);
    /** Finite animations and transitions running now, as long as a follow-up may take. */
    const animationsEnded = () => {
      const now = running(longestAnimationMs);
      if (!now.length) return Promise.resolve();
      const left = Math.max(0, maxMs - (performance.now() - started));
      return Promise.race([
        Promise.all(now.map((a) => a.finished.catch(() => undefined))),
        new Promise<void>((r) => later(r, Math.min(left, longestAnimationMs))),
      ]).then(() => undefined);
    };
    const round = async (): Promise<void> => {
      while (!done) {
        await animationsEnded();
        changed = false;
        // One rendered frame each, or `fallbackMs` when the page renders none (a background tab).
        await frame(fallbackMs);
        await frame(fallbackMs);
        if (!changed) return finish(true);
      }
    };
    void round();
  });
}

interface StillArg {
  maxMs: number;
  fallbackMs: number;
  longestAnimationMs: number;
}

/** pageStill given the follow-up animations (runningFollowUps) and the frame wait (nextFrameAndTask) that the captures use too. */
const stillInPage = pageFunction<(arg: StillArg) => Promise<boolean>>(
  `(arg) => (${pageStill.toString()})(arg, ${runningFollowUps.toString()}, ${nextFrameAndTask.toString()})`,
);
