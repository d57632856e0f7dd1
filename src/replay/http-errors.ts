import type { BrowserContext, Page } from 'playwright';

/**
 * Remembers which main documents were served with an HTTP error, so a step that lands on a
 * 404 or 500 page fails there — a recording never meant to reach "Not found", and without
 * this the replay would go on acting on the error page.
 */
export class HttpErrors {
  private readonly byPage = new WeakMap<Page, { url: string; status: number; text: string }>();
  /**
   * Errors of navigations whose page is not known yet, by URL: a popup's first request is issued
   * before its frame exists, and `response.frame()` then throws (checked on 1.65.1).
   */
  private readonly unattributed = new Map<string, { url: string; status: number; text: string }>();

  constructor(context: BrowserContext) {
    context.on('response', (response) => {
      const request = response.request();
      if (!request.isNavigationRequest()) return;
      const error = response.status() >= 400 ? { url: response.url(), status: response.status(), text: response.statusText() } : undefined;
      let frame;
      try {
        frame = response.frame();
      } catch {
        if (error) this.unattributed.set(error.url, error);
        else this.unattributed.delete(response.url());
        return;
      }
      const page = frame.page();
      if (frame !== page.mainFrame()) return;
      this.unattributed.delete(response.url());
      if (error) this.byPage.set(page, error);
      else this.byPage.delete(page);
    });
  }

  /** A sentence about an open page still showing an error document, if any. */
  showing(pages: readonly Page[]): string | undefined {
    for (const page of pages) {
      const error = this.byPage.get(page) ?? this.unattributed.get(page.url());
      if (error && !page.isClosed() && page.url() === error.url)
        return `the page answered ${error.status}${error.text ? ` ${error.text}` : ''} for ${error.url}`;
    }
    return undefined;
  }
}
