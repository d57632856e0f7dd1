import type { Frame, Request } from 'playwright';

/**
 * The frame that issued a request a context reported; undefined for a service worker's own
 * request (Playwright throws: it has no frame) and a popup's first one (its frame does not
 * exist yet). A page's events never carry those; a context's do.
 */
export function requestFrame(request: Request): Frame | undefined {
  try {
    return request.frame();
  } catch {
    return undefined;
  }
}

/** Whether a request a context reported loads a new document into `frame`. */
export function navigatesFrame(request: Request, frame: Frame): boolean {
  return request.isNavigationRequest() && requestFrame(request) === frame;
}
