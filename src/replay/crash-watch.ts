import type { Browser, BrowserContext, Page } from 'playwright';
import type { StepResult } from '../ir/results.js';

/**
 * Notices, during one episode, a renderer that crashed (`page.on('crash')`: chrome://crash, an
 * out-of-memory tab) or a browser process that went away (killed, crashed). A step that fails
 * then failed because of it, not because of the site: the episode is an `error` with this
 * cause, and the worker relaunches the browser for the next episode (WorkerBrowser.get).
 */
export class CrashWatch {
  private why: string | undefined;
  private readonly onDisconnect = () => {
    this.why ??= 'the browser process exited during the episode (killed or crashed)';
  };

  constructor(
    context: BrowserContext,
    private readonly browser: Browser | null = context.browser(),
  ) {
    const watch = (page: Page) =>
      page.once('crash', () => {
        this.why ??= `the page's renderer crashed (at ${page.url() || 'about:blank'})`;
      });
    context.pages().forEach(watch);
    context.on('page', watch);
    browser?.on('disconnected', this.onDisconnect);
  }

  /** Why the episode's browser or a page of it died, if one did. */
  get cause(): string | undefined {
    return (
      this.why ??
      (this.browser && !this.browser.isConnected() ? 'the browser process exited during the episode (killed or crashed)' : undefined)
    );
  }

  /**
   * Asks each page for a trivial evaluation: a crashed renderer answers "Target crashed" at once,
   * even when its `crash` event has not arrived yet (a navigation into chrome://crash rejects
   * with net::ERR_ABORTED first). Called only after a step failed, so passing runs pay nothing.
   */
  async probe(pages: readonly Page[]): Promise<void> {
    if (this.why) return;
    for (const page of pages) {
      let timer: NodeJS.Timeout | undefined;
      const answer = await Promise.race([
        page.evaluate('1').then(
          () => undefined,
          (e: Error) => e,
        ),
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), 2000);
        }),
      ]).finally(() => clearTimeout(timer));
      if (answer && /crash/i.test(answer.message)) this.why ??= `the page's renderer crashed (at ${page.url() || 'about:blank'})`;
    }
  }

  /** A step that did not pass while (or because) the page or browser died: charged to the crash. */
  explain(result: StepResult): StepResult {
    const cause = this.cause;
    if (!cause || result.status === 'passed' || result.status === 'skipped') return result;
    return { ...result, status: 'failed', reason: 'browser-crashed', message: `${cause}: ${result.message ?? result.reason}` };
  }

  dispose(): void {
    this.browser?.off('disconnected', this.onDisconnect);
  }
}
