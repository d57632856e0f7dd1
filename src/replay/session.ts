import type { Browser, BrowserContext } from 'playwright';
import type { ReplayViewport } from '../ir/results.js';
import { noteContextScale } from './devtools/device-emulation.js';
import { DialogDesk } from './dialogs.js';
import { HttpErrors } from './http-errors.js';
import { offlineContextOptions, sealLive, type OfflineOptions } from './offline.js';
import { PageRegistry } from './pages.js';
import { watchPendingTimers } from './pending-timers.js';
import { watchOwnChanges } from './own-changes.js';
import { watchScriptMotion } from './script-motion.js';
import { RequestsInFlight } from './requests-in-flight.js';

/**
 * One browsing session: a context with its pages, dialog answering and HTTP-error watch. An
 * episode normally has one to itself; the turns of an MT-Mind2Web conversation (a chain of
 * episodes that `continue` each other) share one, so each turn starts on the page, with the
 * cookies and the in-page state, the previous turn left — as the annotator's session did.
 */
export class ReplaySession {
  /** Episodes that have run in this session so far. */
  episodes: string[] = [];

  private constructor(
    readonly context: BrowserContext,
    readonly pages: PageRegistry,
    readonly dialogs: DialogDesk,
    readonly httpErrors: HttpErrors,
    readonly requests: RequestsInFlight,
    /** The window the session's pages have (see chooseViewport). */
    readonly viewport: ReplayViewport,
  ) {}

  static async open(browser: Browser, viewport: ReplayViewport, timeoutMs: number, offline: OfflineOptions = {}): Promise<ReplaySession> {
    const size = { width: viewport.width, height: viewport.height };
    const context = await browser.newContext({
      viewport: size,
      acceptDownloads: true,
      deviceScaleFactor: viewport.deviceScaleFactor,
      ...offlineContextOptions(offline),
    });
    noteContextScale(context, viewport.deviceScaleFactor);
    await sealLive(context, offline);
    await watchScriptMotion(context);
    await watchPendingTimers(context);
    // Last: it follows causes through the timers and frames the others have wrapped.
    await watchOwnChanges(context);
    context.setDefaultTimeout(timeoutMs);
    return new ReplaySession(
      context,
      new PageRegistry(context),
      new DialogDesk(context),
      new HttpErrors(context),
      new RequestsInFlight(context),
      viewport,
    );
  }

  /** The episode the session last ran, which the next one continues. */
  get last(): string | undefined {
    return this.episodes.at(-1);
  }

  private closed = false;

  /** Whether the browser is still there to continue in (a crash, or a hung page discarding the context, ends the session). */
  get alive(): boolean {
    return !this.closed && (this.context.browser()?.isConnected() ?? true);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.context.close().catch(() => undefined);
  }
}
