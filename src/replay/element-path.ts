import type { Frame, Locator } from 'playwright';

/**
 * Runs inside the page, self-contained: a Playwright selector for this one element, its
 * `:nth-child` steps from the document root. Playwright's `>` steps from a shadow root's child
 * to its host, so one path crosses shadow roots. Read fresh on every look, so it never outlives
 * the page it was read from: what names an element a page-side query found (the accessibility
 * tree's `aria/` nodes, the `text/` query's matches) to the locator that acts on it.
 */
export function elementPathInPage(element: Element): string {
  const steps: string[] = [];
  for (let el: Element = element; ;) {
    const parent = el.parentNode;
    const tag = CSS.escape(el.localName);
    if (!parent || parent.nodeType === Node.DOCUMENT_NODE) {
      steps.unshift(tag);
      break;
    }
    steps.unshift(`${tag}:nth-child(${Array.prototype.indexOf.call(parent.children, el) + 1})`);
    el = parent.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? (parent as ShadowRoot).host : (parent as Element);
  }
  return `css=${steps.join(' > ')}`;
}

/** What a page-side query answers: its matches as one locator, how many, the probe's answer on a single one. */
export interface QueryAnswer {
  /** The query as the flow recorded it (recordedQuery). */
  label: string;
  locator: Locator;
  count: number;
  probed?: unknown;
}

/** The elements these paths name in the frame, as one locator (one that matches nothing when there are none). */
export function locatorOfPaths(frame: Frame, paths: readonly string[]): Locator {
  return paths.length
    ? paths.slice(1).reduce((acc, p) => acc.or(frame.locator(p)), frame.locator(paths[0]!))
    : frame.locator('css=:not(*)');
}
