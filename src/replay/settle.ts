import type { Page } from 'playwright';

export interface SettleOptions {
  /** How long the page must stay unchanged (no navigation, same DOM) to count as settled. */
  quietMs?: number;
  /** Give up waiting after this long; the page is then taken as it is. */
  maxMs?: number;
}

/**
 * Waits until the page has stopped changing: no navigation started or committed and the DOM
 * unchanged for `quietMs`. A click whose handler sets `location.href` returns before the
 * navigation even starts, so `waitForLoadState` alone would read the page being left; this is
 * what the final capture needs before it says what the episode ended on.
 */
export async function settle(page: Page, options: SettleOptions = {}): Promise<void> {
  const quietMs = options.quietMs ?? 150;
  const deadline = Date.now() + (options.maxMs ?? 3000);
  let changedAt = Date.now();
  const bump = () => {
    changedAt = Date.now();
  };
  const onRequest = (request: { isNavigationRequest(): boolean }) => {
    if (request.isNavigationRequest()) bump();
  };
  page.on('framenavigated', bump);
  page.on('request', onRequest);
  try {
    let last: string | undefined;
    while (Date.now() < deadline && !page.isClosed()) {
      await page.waitForLoadState('load', { timeout: Math.max(1, deadline - Date.now()) }).catch(() => undefined);
      // A navigation in flight destroys the context mid-evaluate: that too is a change.
      const shape = await page.evaluate(() => `${location.href}\n${document.documentElement.outerHTML.length}\n${document.body?.innerText.length ?? 0}`).catch(() => undefined);
      if (shape === undefined || shape !== last) bump();
      last = shape;
      if (Date.now() - changedAt >= quietMs) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    page.off('framenavigated', bump);
    page.off('request', onRequest);
  }
}
