import type { Browser, BrowserContext, Page } from 'playwright';
import { DEFAULT_VIEWPORT } from '../ir/defaults.js';
import { disableWebRtc } from './sandbox/webrtc.js';

export interface SealedPageOptions {
  viewport?: { width: number; height: number };
  /** Recorded pages run no script unless the user says so. */
  allowScripts?: boolean;
  /**
   * The one host connections may go to directly (live mode fetching a recorded page's styles
   * from the live site); every other connection goes to the dead proxy.
   */
  allowHost?: string;
}

/**
 * A page for rendering recorded, untrusted HTML: every request it makes is aborted (it can
 * neither phone home nor read local files), and its scripts do not run by default.
 */
export async function openSealedPage(browser: Browser, opts: SealedPageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? DEFAULT_VIEWPORT,
    javaScriptEnabled: opts.allowScripts ?? false,
    serviceWorkers: 'block',
    acceptDownloads: false,
    deviceScaleFactor: 1,
    // Route interception does not cover everything Chromium may open on its own (frame
    // preconnects, beacons, speculation rules): a proxy nobody listens on, used even for
    // loopback, makes every such connection fail on this machine.
    proxy: { server: 'http://127.0.0.1:9', bypass: opts.allowHost ?? '<-loopback>' },
  });
  await context.route('**/*', (route) => route.abort('blockedbyclient'));
  // WebSockets are not routed by context.route.
  await context.routeWebSocket(/.*/, (ws) => ws.close());
  // Nor is WebRTC, whose UDP skips routing and the proxy alike.
  await disableWebRtc(context);
  const page = await context.newPage();
  return { context, page };
}

const shared = new WeakMap<Browser, Map<string, Promise<BrowserContext>>>();

/**
 * A fresh sealed page in a sealed context kept for the browser's life, one per set of options:
 * reading a recorded page for a step (re-identifying its target) then costs a page, not a
 * context (~100 ms each). The caller closes the page. The context holds nothing a recorded page
 * could leave for the next: no script runs in it and no request leaves it but style fetches.
 */
export async function openSharedSealedPage(browser: Browser, opts: Omit<SealedPageOptions, 'allowScripts'> = {}): Promise<Page> {
  const viewport = opts.viewport ?? DEFAULT_VIEWPORT;
  const key = `${opts.allowHost ?? ''} ${viewport.width}x${viewport.height}`;
  let contexts = shared.get(browser);
  if (!contexts) shared.set(browser, (contexts = new Map()));
  let context = contexts.get(key);
  if (!context) {
    context = openSealedPage(browser, { ...opts, viewport }).then(async ({ context, page }) => {
      await page.close();
      return context;
    });
    contexts.set(key, context);
    // A context that failed to open, or closed with its browser, is opened again next time.
    context.then(
      (c) => c.on('close', () => contexts!.delete(key)),
      () => contexts!.delete(key),
    );
  }
  return (await context).newPage();
}
