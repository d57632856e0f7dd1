import type { BrowserContext, Frame, Page, Request } from 'playwright';
import { requestFrame } from './request-frame.js';

/** What a page waits on to show its next state; images, fonts, beacons and streams do not count. */
const AWAITED = new Set(['document', 'fetch', 'xhr']);
/** A request open this long is a long poll or a stream, not an answer the page is waiting for. */
const LONGEST_AWAITED_MS = 1000;

/**
 * The requests each page of a context has open and is waiting on (documents, fetch, XHR), so
 * "the page has settled" can mean "no answer is still coming" rather than a fixed pause: a
 * click whose handler fetches and then renders is not over until that fetch is.
 */
export class RequestsInFlight {
  private readonly open = new WeakMap<Page, Map<Request, number>>();
  private readonly issued = new WeakMap<Page, number>();
  private readonly fetched = new WeakMap<Frame, number>();

  constructor(context: BrowserContext) {
    context.on('request', (request) => {
      if (!AWAITED.has(request.resourceType())) return;
      const page = pageOf(request);
      if (!page) return;
      let open = this.open.get(page);
      if (!open) this.open.set(page, (open = new Map()));
      open.set(request, Date.now());
      this.issued.set(page, (this.issued.get(page) ?? 0) + 1);
      const frame = request.resourceType() === 'document' ? undefined : requestFrame(request);
      if (frame) this.fetched.set(frame, (this.fetched.get(frame) ?? 0) + 1);
    });
    const done = (request: Request) => {
      const page = pageOf(request);
      if (page) this.open.get(page)?.delete(request);
    };
    context.on('requestfinished', done);
    context.on('requestfailed', done);
  }

  /** How many awaited requests the page has issued so far: a change means something new started. */
  issuedBy(page: Page): number {
    return this.issued.get(page) ?? 0;
  }

  /** How many of those were the fetch and XHR requests of `frame`'s own code. */
  fetchedBy(frame: Frame): number {
    return this.fetched.get(frame) ?? 0;
  }

  /** Whether the page still waits on an answer (long polls and streams aside). */
  waiting(page: Page): boolean {
    const now = Date.now();
    for (const since of this.open.get(page)?.values() ?? []) if (now - since < LONGEST_AWAITED_MS) return true;
    return false;
  }

  /** Resolves once the page waits on no answer, or at `deadline` (epoch ms). */
  async idle(page: Page, deadline: number): Promise<void> {
    while (this.waiting(page) && Date.now() < deadline && !page.isClosed()) await new Promise((r) => setTimeout(r, 10));
  }
}

/** The page a request belongs to (none for a service worker's, or a popup's first). */
function pageOf(request: Request): Page | undefined {
  return requestFrame(request)?.page();
}
