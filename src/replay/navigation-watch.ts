import type { Frame, Page, Request } from 'playwright';
import { navigatesFrame } from './request-frame.js';

/**
 * Watches for the main-frame navigation an input event may start (a click at a point, a key
 * press: Playwright waits for those only after locator actions). `started()` resolves true once
 * that navigation has committed (and loaded), false when none began within `graceMs`.
 *
 * The grace covers only the start: a navigation request is issued within a task of the click,
 * but on a loaded machine its commit can take seconds, and a step that returned before it would
 * let the next one act on the old page. Once a request is seen, the watch waits for the commit
 * up to `timeoutMs`, unless the request ends without one (a download, a 204, a failure).
 */
export function watchNavigation(page: Page, graceMs: number, timeoutMs: number): { started(): Promise<boolean>; stop(): void } {
  const main = page.mainFrame();
  // The context's request events, not the page's: the episode keeps the context subscribed to
  // them (requests-in-flight.ts), where each page listener added or removed is a message to
  // the browser's driver, six a click.
  const context = page.context();
  let request: Request | undefined;
  let requestEnded = false;
  let committed = false;
  let wake: (() => void) | undefined;
  const poke = () => wake?.();
  const onRequest = (r: Request) => {
    if (!request && navigatesFrame(r, main)) {
      request = r;
      poke();
    }
  };
  const onNavigated = (f: Frame) => {
    if (f === main) {
      committed = true;
      poke();
    }
  };
  const onEnded = (r: Request) => {
    if (r !== request) return;
    requestEnded = true;
    poke();
  };
  // A navigation whose answer is a file: no document comes of it, and no more need be waited for.
  let downloaded = false;
  const onDownload = () => {
    downloaded = true;
    poke();
  };
  context.on('request', onRequest);
  page.on('framenavigated', onNavigated);
  context.on('requestfinished', onEnded);
  context.on('requestfailed', onEnded);
  page.on('download', onDownload);
  const stop = () => {
    context.off('request', onRequest);
    page.off('framenavigated', onNavigated);
    context.off('requestfinished', onEnded);
    context.off('requestfailed', onEnded);
    page.off('download', onDownload);
  };

  const until = (ms: number, done: () => boolean) =>
    new Promise<void>((resolve) => {
      if (done()) return resolve();
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = () => {
        if (done()) finish();
      };
    });

  return {
    /** No navigation to wait for after all (the page said so): stop listening. */
    stop,
    async started() {
      try {
        await until(graceMs, () => committed || request !== undefined);
        if (!committed && request) {
          await until(timeoutMs, () => committed || requestEnded || downloaded);
          // The request is over: a document that came of it commits right after; a download,
          // a 204 or a failure never does.
          if (!committed && !downloaded) await until(500, () => committed || downloaded);
        }
        if (!committed) return false;
        await page.waitForLoadState('load', { timeout: timeoutMs }).catch(() => undefined);
        return true;
      } finally {
        stop();
      }
    },
  };
}
