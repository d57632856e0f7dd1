import type { Page } from 'playwright';
import { keepsAttributes, pageShape, type PageShape } from '../../compare/dom-similarity.js';
import { isStructuralChange, pageChange, type PageChange } from '../../compare/page-change.js';
import type { Evidence } from '../../ir/index.js';
import { pageHtml } from '../page-html.js';
import { recordedHtmlOf } from '../recorded-html.js';

/** What the recording shows a step did, and what the page must come to read. */
export interface RecordedChange {
  change: PageChange;
  after: PageShape;
  attributes: boolean;
}

/**
 * What the recording shows a step (a key press, a click) changed, when it shows a structural change (a line, a
 * row, an item added or removed, words with it): the page before the step against the next
 * step's before-state on the same page. Undefined when either was not kept, or the change was
 * words in place only (a clock may tick between two recorded steps; a line does not appear).
 */
export function recordedChange(before: Evidence | undefined, after: Evidence | undefined): RecordedChange | undefined {
  const [from, to] = [recordedHtmlOf(before), recordedHtmlOf(after)];
  if (from === undefined || to === undefined) return undefined;
  const attributes = keepsAttributes(from);
  const [a, b] = [pageShape(from, { attributes }), pageShape(to, { attributes })];
  const change = pageChange(a, b);
  return isStructuralChange(change) ? { change, after: b, attributes } : undefined;
}

/** The live page read as recorded pages are (undefined if it cannot be read now: navigating). */
export async function liveShape(page: Page, attributes: boolean): Promise<PageShape | undefined> {
  const html = await pageHtml(page).catch(() => undefined);
  return html === undefined ? undefined : pageShape(html, { attributes });
}

const words = (ws: string[]) => `"${ws.slice(0, 8).join(' ')}${ws.length > 8 ? ' …' : ''}"`;

/** The recorded change in words for a message: `added "…"` or `removed "…"`. */
export const shownWords = (change: PageChange): string =>
  change.added.length ? `added ${words(change.added)}` : `removed ${words(change.removed)}`;
