import type { Locator, Page } from 'playwright';
import { checked, noEffect, quote, unverified, type EffectCheck } from './effect.js';
import { focusedEditable, targetEditable, type EditableState } from './editable.js';

/**
 * fill / type / clear: afterwards the value is in an editable element — the targeted one, or,
 * for a `type` without target (BabyAGI, a VWA type at a point), the focused one. A page may
 * reformat what it is given (a phone mask, upper-casing): the same letters and digits count.
 */
const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/**
 * A text's line breaks, run by run. Formatting may change a line's characters, never the lines
 * of a value that has them: a rich-text editor given a whole document as plain text holds the
 * same letters with an empty paragraph wherever `innerText` had a blank line between two. A
 * value of one line is a one-line field, which drops the breaks it is given.
 */
const lineBreaks = (s: string) => (s.replace(/\r\n?/g, '\n').match(/\n+/g) ?? []).join(' ');
const sameLines = (value: string, text: string) => lineBreaks(value) === '' || lineBreaks(value) === lineBreaks(text);

function shows(value: string, text: string, whole: boolean): 'exact' | 'reformatted' | undefined {
  if (whole ? value === text : value.includes(text)) return 'exact';
  const [v, t] = [letters(value), letters(text)];
  if (t !== '' && (whole ? v === t && sameLines(value, text) : v.includes(t))) return 'reformatted';
  return undefined;
}

function judge(after: EditableState | undefined, text: string, whole: boolean, before?: EditableState): EffectCheck {
  if (!after) return unverified('the page changed (navigated) before the value could be read');
  if (!after.editable) return noEffect(`expected ${quote(text)} in an editable element; ${after.element} is not editable`);
  const seen = shows(after.value, text, whole);
  if (seen === 'exact') return checked(`${after.element} holds ${quote(text)}`);
  // The reformatted value is not quoted: it could carry a secret in a shape the exact-value scrub misses.
  if (seen === 'reformatted') return checked(`${after.element} holds the typed text as the page formatted it`);
  // A field that filters as you type (an autocomplete replacing the text) still took the keys.
  if (before && before.element === after.element && before.value !== after.value && text !== '')
    return checked(`${after.element} changed to ${quote(after.value)} (typed ${quote(text)})`);
  return noEffect(`expected ${after.element} to hold ${quote(text)}; it holds ${quote(after.value)}`);
}

/**
 * Types `text` with `type` and checks it with `check`. A text with a new line is typed in two
 * parts — up to the first new line, checked, then the rest — the same keys in the same order:
 * the Enter may submit the form, navigate or clear the field (a to-do input), after which there
 * is no value left to read.
 */
export async function typeChecked(
  text: string,
  type: (part: string) => Promise<void>,
  check: (typed: string) => Promise<EffectCheck>,
): Promise<EffectCheck> {
  const cut = text.indexOf('\n');
  const head = cut < 0 ? text : text.slice(0, cut);
  const tail = cut < 0 ? '' : text.slice(cut);
  if (head) await type(head);
  const seen = head ? await check(head) : unverified('only new lines (Enter) were typed: no value to read back');
  if (!seen.ok || !tail) return seen;
  await type(tail);
  return seen.mark.status === 'checked' ? checked(`${seen.mark.detail} before the new line (Enter) and the rest were typed`) : seen;
}

/** After `fill`: the field's whole value is the text. */
export async function afterFill(l: Locator, text: string): Promise<EffectCheck> {
  return judge(await targetEditable(l), text, true);
}

/**
 * After a fill typed key by key (type-over.ts), given the field as read then: the check, and
 * whether it holds the text exactly — when it does not (a key the field dropped, a mask's
 * formatting) the caller sets the value at once, as a paste would. `gone`: the page changed
 * before the value could be read.
 */
export function typedFillCheck(after: EditableState | undefined, text: string): { check: EffectCheck; exact: boolean; gone: boolean } {
  return { check: judge(after, text, true), exact: after?.editable === true && after.value === text, gone: after === undefined };
}

/** After `clear`: the field is empty. */
export async function afterClear(l: Locator): Promise<EffectCheck> {
  const after = await targetEditable(l);
  if (!after) return unverified('the page changed (navigated) before the value could be read');
  if (!after.editable) return noEffect(`expected an editable element to clear; ${after.element} is not editable`);
  return after.value === ''
    ? checked(`${after.element} is empty`)
    : noEffect(`expected ${after.element} to be empty; it holds ${quote(after.value)}`);
}

/** Before `type` into a target: its value, to tell a change from a field that ignored the keys. */
export const beforeTypingInto = (l: Locator) => targetEditable(l);

/** After `type` into a target: the text was appended (or the field changed with it). */
export async function afterTypingInto(l: Locator, text: string, before: EditableState | undefined): Promise<EffectCheck> {
  return judge(await targetEditable(l), text, false, before);
}

/**
 * Before a `type` with no target: something editable must have focus, or the keys go nowhere
 * (a BabyAGI type after a click that hit nothing). Returns what has focus, or the failed check.
 */
export async function focusedForTyping(page: Page, text: string): Promise<{ focused?: EditableState; refused?: EffectCheck }> {
  const focused = await focusedEditable(page);
  if (focused && !focused.editable)
    return { refused: noEffect(`nothing editable has focus (focus is on ${focused.element}): ${quote(text)} would be typed nowhere`) };
  return { focused };
}

/** After a `type` with no target: the focused field holds the text. */
export async function afterTypingFocused(page: Page, text: string, before: EditableState | undefined): Promise<EffectCheck> {
  return judge(await focusedEditable(page), text, false, before);
}

/** After a `clear` at a point (VWA: click, select all, delete): the focused field is empty. */
export async function afterClearingFocused(page: Page): Promise<EffectCheck> {
  const after = await focusedEditable(page);
  if (!after) return unverified('the page changed (navigated) before the value could be read');
  if (!after.editable) return noEffect(`expected the clicked field to be cleared; focus is on ${after.element}, which is not editable`);
  return after.value === ''
    ? checked(`${after.element} is empty`)
    : noEffect(`expected ${after.element} to be empty; it holds ${quote(after.value)}`);
}
