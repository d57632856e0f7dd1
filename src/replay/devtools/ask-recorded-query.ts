import type { Page } from 'playwright';
import type { Probe } from '../locate.js';
import type { QueryAnswer } from '../element-path.js';
import { queryAccessibilityTree, type AriaQuery } from './aria-tree.js';
import { queryText, type TextQuery } from './text-query.js';

/**
 * Asks a page a DevTools flow's `aria/` or `text/` query the way Puppeteer runs it: Chrome's
 * accessibility tree for the one, Puppeteer's text query in the page for the other. Undefined
 * when the query cannot be asked: the caller then goes on to the Playwright approximations.
 */
export function askRecordedQuery(page: Page, q: AriaQuery | TextQuery, probe?: Probe): Promise<QueryAnswer | undefined> {
  return 'text' in q ? queryText(page, q, probe) : queryAccessibilityTree(page, q, probe);
}
