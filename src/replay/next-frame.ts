import type { Page } from 'playwright';

/** How long a page that draws no frames (a background tab) is given instead of one. */
export const FRAME_FALLBACK_MS = 100;

/**
 * Runs inside the page, self-contained: resolves after one drawn frame and a task after it, or
 * after `fallbackMs` on a page that draws none (a background tab). On the page's native timer:
 * its setTimeout may be wrapped by the timer watch (pending-timers.ts), which would count this
 * wait among the page's own.
 */
export function nextFrameAndTask(fallbackMs: number): Promise<void> {
  const watch = (window as unknown as Record<symbol, { nativeSet?: typeof setTimeout } | undefined>)[
    Symbol.for('replaywright.pendingTimers')
  ];
  const later = (fn: () => void, ms: number) => (watch?.nativeSet ?? setTimeout).call(window, fn, ms);
  return new Promise((resolve) => {
    requestAnimationFrame(() => later(resolve, 0));
    later(resolve, fallbackMs);
  });
}

/** Waits for the page to draw a frame and run a task after it (nextFrameAndTask); a page gone meanwhile (navigated) ends the wait. */
export async function afterNextFrame(page: Page): Promise<void> {
  await page.evaluate(nextFrameAndTask, FRAME_FALLBACK_MS).catch(() => undefined);
}
