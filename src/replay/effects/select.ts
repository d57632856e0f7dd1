import type { Locator } from 'playwright';
import { checked, noEffect, quote, unverified, type EffectCheck } from './effect.js';

/** select (and a fill on a <select>): afterwards every wanted option is selected, by value or label as recorded. */
export async function afterSelect(l: Locator, wanted: string[], by: 'value' | 'label' | 'valueOrLabel'): Promise<EffectCheck> {
  const selected = await l
    .evaluate((el) =>
      el.tagName === 'SELECT'
        ? Array.from((el as HTMLSelectElement).selectedOptions).map((o) => ({ value: o.value, label: o.label }))
        : undefined,
    )
    .catch(() => null);
  if (selected === null) return unverified('the page changed (navigated) before the selection could be read');
  // Playwright also selects on a non-<select> (an ARIA listbox): there is no selectedOptions to read.
  if (selected === undefined) return unverified('not a <select>: the chosen option cannot be read back');
  const missing = wanted.filter((w) => !selected.some((o) => (by !== 'label' && o.value === w) || (by !== 'value' && o.label === w)));
  const now = selected.map((o) => quote(o.label || o.value)).join(', ') || 'nothing';
  if (missing.length) return noEffect(`expected ${missing.map((m) => quote(m)).join(', ')} selected; selected is ${now}`);
  return checked(`selected ${now}`);
}
