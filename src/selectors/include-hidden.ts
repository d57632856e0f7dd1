import { partEngine, splitSelector } from './selector-text.js';

/**
 * The same selector with its role parts matching hidden elements too (`[include-hidden=true]`).
 * Playwright's role engine skips hidden elements, so a control shown only while its row is
 * hovered matches nothing at rest; this form finds it there (other engines already match hidden
 * elements).
 */
export function includeHidden(selector: string): string {
  return splitSelector(selector)
    .map((p) => (partEngine(p) === 'internal:role' && !p.includes('include-hidden') ? `${p}[include-hidden=true]` : p))
    .join(' >> ');
}
