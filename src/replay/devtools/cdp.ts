import type { CDPSession, Page } from 'playwright';

/**
 * One Chrome DevTools Protocol session per page, opened on first use: what Playwright has no
 * API for (the accessibility-tree query, the mouse's back/forward buttons, network throttling)
 * is asked of Chrome directly, as Puppeteer does.
 */
const sessions = new WeakMap<Page, Promise<CDPSession>>();

export function cdpSession(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    // A failed attach (page closing) is not kept: the next call tries again.
    session.catch(() => sessions.delete(page));
    sessions.set(page, session);
  }
  return session;
}
