import type { Locator } from 'playwright';
import { FIELD_PROBE, isField, onField, type Field } from '../devtools/change-value.js';
import type { Probe } from '../locate.js';
import { probePair } from '../probe-pair.js';
import { checked, noEffect, quote, unverified, type EffectCheck } from './effect.js';

type By = 'value' | 'label' | 'valueOrLabel';

interface SelectOption {
  value: string;
  label: string;
}

/** In the page, self-contained: a <select>'s options (an empty list for anything else). */
function listOptions(el: Element): SelectOption[] {
  return Array.from((el as HTMLSelectElement).options ?? []).map((o) => ({ value: o.value, label: o.label }));
}

/** In the page, self-contained: the options a <select> has selected; undefined for anything else. */
function selectedOptions(el: Element): SelectOption[] | undefined {
  return el.tagName === 'SELECT'
    ? Array.from((el as HTMLSelectElement).selectedOptions).map((o) => ({ value: o.value, label: o.label }))
    : undefined;
}

/** Where the select is (to read it back in one evaluation) and its options, read where its target is counted. */
export const SELECT_PROBE: Probe = probePair(FIELD_PROBE, { run: listOptions, arg: undefined });

/** SELECT_PROBE's answer, when the target was counted with it. */
export function selectProbed(probed: unknown): { field: Field; options: SelectOption[] } | undefined {
  if (!Array.isArray(probed) || !isField(probed[0]) || !Array.isArray(probed[1])) return undefined;
  return { field: probed[0], options: probed[1] as SelectOption[] };
}

interface SelectArg {
  wanted: string[];
  by: By;
}

/**
 * In the page, self-contained: chooses the wanted options of a <select> as Playwright's
 * selectOption does (every other option deselected, then `input` and `change` dispatched),
 * when nothing stands in the way: the select shows, is enabled and not inert, every wanted
 * option is there by exact value or label and enabled, and a single select is asked for one.
 * False otherwise, untouched: Playwright's selectOption then waits and says what is wrong.
 */
function selectInPage(el: Element, { wanted, by }: SelectArg): boolean {
  if (!(el instanceof HTMLSelectElement)) return false;
  const r = el.getBoundingClientRect();
  const usable =
    r.width > 0 &&
    r.height > 0 &&
    getComputedStyle(el).visibility === 'visible' &&
    !el.matches(':disabled') &&
    !el.closest('[aria-disabled="true"], [inert]');
  if (!usable || wanted.length === 0 || (!el.multiple && wanted.length > 1)) return false;
  const matches = (o: HTMLOptionElement, w: string) => (by !== 'label' && o.value === w) || (by !== 'value' && o.label === w);
  const chosen: HTMLOptionElement[] = [];
  let remaining = wanted;
  for (const option of Array.from(el.options)) {
    if (!remaining.some((w) => matches(option, w))) continue;
    if (option.matches(':disabled')) return false;
    chosen.push(option);
    remaining = el.multiple ? remaining.filter((w) => !matches(option, w)) : [];
    if (!el.multiple) break;
  }
  if (remaining.length) return false;
  for (const option of Array.from(el.options)) option.selected = chosen.includes(option);
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}

/**
 * Chooses the options in one page evaluation where the probe found the select (no locator
 * resolved again, no actionability round trips: ~35 ms less than selectOption). False when the
 * select was not probed or anything stands in the way; the caller then uses selectOption.
 */
export async function selectWhereProbed(l: Locator, field: Field | undefined, wanted: string[], by: By): Promise<boolean> {
  if (field?.kind !== 'select' || !field.visible || field.path === undefined) return false;
  return onField(l, field, selectInPage, { wanted, by }).catch(() => false);
}

/** Names options the select lacks, so the step says so instead of timing out. */
export async function missingOptions(select: Locator, wanted: string[], by: By): Promise<string | undefined> {
  const options = await select.evaluate(listOptions).catch(() => undefined);
  return options ? absentOptions(options, wanted, by) : undefined;
}

export function absentOptions(options: SelectOption[], wanted: string[], by: By): string | undefined {
  if (options.length === 0) return undefined; // not a <select>: let Playwright say what it is
  const absent = wanted.filter((w) => !options.some((o) => (by !== 'label' && o.value === w) || (by !== 'value' && o.label === w)));
  if (!absent.length) return undefined;
  return `option ${absent.map((a) => `"${a}"`).join(', ')} not available (has: ${options.map((o) => (o.label === o.value ? `"${o.value}"` : `"${o.value}" (${o.label})`)).join(', ')})`;
}

/**
 * select (and a fill on a <select>): afterwards every wanted option is selected, by value or
 * label as recorded. Read where the probe found the select (`field`), in one page evaluation,
 * or through the locator.
 */
export async function afterSelect(l: Locator, wanted: string[], by: By, field?: Field): Promise<EffectCheck> {
  const selected = await (field ? onField(l, field, selectedOptions, undefined) : l.evaluate(selectedOptions)).catch(() => null);
  if (selected === null) return unverified('the page changed (navigated) before the selection could be read');
  // Playwright also selects on a non-<select> (an ARIA listbox): there is no selectedOptions to read.
  if (selected === undefined) return unverified('not a <select>: the chosen option cannot be read back');
  const missing = wanted.filter((w) => !selected.some((o) => (by !== 'label' && o.value === w) || (by !== 'value' && o.label === w)));
  const now = selected.map((o) => quote(o.label || o.value)).join(', ') || 'nothing';
  if (missing.length) return noEffect(`expected ${missing.map((m) => quote(m)).join(', ')} selected; selected is ${now}`);
  return checked(`selected ${now}`);
}
