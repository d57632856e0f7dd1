import type { Browser, BrowserContext } from 'playwright';

/**
 * A Browser whose contexts outlive runEpisode: runEpisode closes its context when the episode
 * ends, so a test could not look at what the replay did to the pages. Here `close()` from the
 * replayer is deferred until the test calls `closeAll()`; everything else is the real
 * Playwright context (no mock).
 */
export function keepingContexts(browser: Browser): { browser: Browser; contexts: BrowserContext[]; closeAll(): Promise<void> } {
  const contexts: BrowserContext[] = [];
  const wrap = (context: BrowserContext): BrowserContext =>
    new Proxy(context, {
      get(target, prop) {
        if (prop === 'close') return async () => undefined;
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const kept = new Proxy(browser, {
    get(target, prop) {
      if (prop === 'newContext') {
        return async (...args: Parameters<Browser['newContext']>) => {
          const context = await target.newContext(...args);
          contexts.push(context);
          return wrap(context);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    browser: kept,
    contexts,
    closeAll: async () => {
      await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
    },
  };
}
