import type { Browser } from 'playwright';
import type { ElementFacts } from '../../compare/element-facts.js';
import { splitSelector, partEngine } from '../../formats/recorder/selector-text.js';
import { openSealedPage } from '../sealed-page.js';
import { collectCandidates, MARK } from './collect.js';

/**
 * Finds the recorded target in the recorded before-state HTML (rendered sealed: no network, no
 * scripts) and returns what it looked like there: its container's text, attributes, tag. This
 * is what tells two look-alike rows apart when the live page no longer matches the selector.
 * Hidden elements count: a control shown only on hover is hidden in a static snapshot.
 */
export async function factsFromSnapshot(browser: Browser, html: string, selector: string, viewport?: { width: number; height: number }): Promise<ElementFacts | undefined> {
  const { context, page } = await openSealedPage(browser, { viewport });
  try {
    await page.setContent(html, { waitUntil: 'domcontentloaded', timeout: 10_000 });
    const candidates = await collectCandidates(page);
    const matched = page.locator(includeHidden(selector));
    if ((await matched.count()) !== 1) return undefined;
    const mark = await matched.getAttribute(MARK);
    const found = candidates.find((c) => c.mark === mark);
    if (!found) return undefined;
    const { frame: _frame, mark: _mark, box: _box, visible: _visible, ...facts } = found;
    return facts;
  } catch {
    return undefined;
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** Role parts also match hidden elements, as the recorder's hovered element is hidden at rest. */
function includeHidden(selector: string): string {
  return splitSelector(selector)
    .map((p) => (partEngine(p) === 'internal:role' && !p.includes('include-hidden') ? `${p}[include-hidden=true]` : p))
    .join(' >> ');
}
