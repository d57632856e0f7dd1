import type { CDPSession, Frame, Page } from 'playwright';

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

const frameSessions = new WeakMap<Frame, Promise<CDPSession | undefined>>();

/**
 * The CDP session of a frame Chrome runs in a process of its own (a cross-site iframe): its
 * document is not reachable from the page's session. Undefined for a frame in its page's process.
 */
export function outOfProcessSession(frame: Frame): Promise<CDPSession | undefined> {
  let session = frameSessions.get(frame);
  if (!session) {
    session = frame
      .page()
      .context()
      .newCDPSession(frame)
      .catch(() => undefined);
    // Not kept when refused: a frame still at about:blank moves to its own process once it loads.
    void session.then((s) => s ?? frameSessions.delete(frame));
    frameSessions.set(frame, session);
  }
  return session;
}

/** Forgets a frame's session that stopped answering (the frame navigated into its parent's process). */
export function forgetFrameSession(frame: Frame): void {
  frameSessions.delete(frame);
}
