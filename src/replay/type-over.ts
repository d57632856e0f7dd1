import type { Locator } from 'playwright';
import { fieldInPage, isField, onField, TYPING_LIMIT, type Field } from './devtools/change-value.js';
import { checked, type EffectCheck } from './effects/effect.js';
import { editableOf } from './effects/editable.js';
import { editInPlace } from './edit-in-place.js';
import { afterFill, typedFillCheck } from './effects/typed.js';
import { timed } from './profile.js';
import { typeText } from './typing-keys.js';

/**
 * Runs inside the page, self-contained: focuses the field and selects what it holds, as a person
 * does before typing over it, so the first key replaces it. False when no key should go there:
 * a field disabled or read-only (Playwright's fill then waits for it and says why).
 */
function selectForTyping(el: Element): boolean {
  const field = el as HTMLInputElement;
  if (field.disabled || field.readOnly) return false;
  (el as HTMLElement).focus();
  if ((el as HTMLElement).isContentEditable) {
    const range = document.createRange();
    range.selectNodeContents(el);
    const selection = el.ownerDocument.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  } else field.select();
  return el.ownerDocument.activeElement === el || el.contains(el.ownerDocument.activeElement);
}

/**
 * A recorded fill typed over the field key by key (a contenteditable's is first made as the edit
 * it was: edit-in-place.ts). The recorders fold a person's keystrokes into one `fill`
 * (Playwright's recorder, Mind2Web's TYPE), and Playwright's `fill` sets the value with a single
 * input event: a page that listens for keys (a grid's filter box reacting on keyup, an
 * autocomplete on keydown) never hears them, and the replay passes with the page unchanged. So
 * the text is typed as it was, up to 100 characters (the threshold up to which @puppeteer/replay
 * types too); a longer one is put in at once and its last character typed again, so a key
 * listener still reads the whole value. typingField returns the field to type into; undefined
 * where typing is not how the value got there and Playwright's fill is kept: a date/colour/range
 * input, a <select>, text with a line break into a one-line <input> (Enter would submit), an
 * empty value, a field that is disabled or read-only (typeOverField: or refuses focus).
 */
async function typingField(l: Locator, text: string, probed: unknown, timeoutMs: number): Promise<Field | undefined> {
  if (text === '') return undefined;
  let field: Field | undefined = isField(probed) ? probed : undefined;
  // Not probed where the target was counted, or not shown yet: waited for, then read.
  if (!field?.visible) {
    const shown = await l.waitFor({ state: 'visible', timeout: timeoutMs }).then(
      () => true,
      () => false,
    );
    field = shown ? await l.evaluate(fieldInPage, undefined, { timeout: timeoutMs }).catch(() => undefined) : undefined;
  }
  if (!field || (field.kind !== 'typeable' && field.kind !== 'contenteditable')) return undefined;
  if (/[\r\n]/.test(text) && !(await multiline(l, field))) return undefined;
  return field;
}

/** Types `text` over all that `field` holds (typingField); undefined when it refuses focus. */
async function typeOverField(l: Locator, field: Field, text: string, timeoutMs: number): Promise<Field | undefined> {
  if (!(await onField(l, field, selectForTyping, undefined))) return undefined;
  const keyboard = l.page().keyboard;
  if (text.length < TYPING_LIMIT) await typeText(l.page(), text);
  else {
    // Set whole, then its last character taken back and typed: no part of the value but one
    // character is ever an argument on its own (a trace's params are scrubbed of whole secrets).
    await l.fill(text, { timeout: timeoutMs });
    await keyboard.press('Backspace');
    await keyboard.type([...text].at(-1)!);
  }
  return field;
}

/** Whether Enter adds a line in this field (a <textarea> or contenteditable) rather than submitting it. */
async function multiline(l: Locator, field: Field): Promise<boolean> {
  return field.kind === 'contenteditable' || (await l.evaluate((el) => el instanceof HTMLTextAreaElement).catch(() => false));
}

/**
 * A recorded fill done by typing (typeOverField; a contenteditable's edit made in place) and
 * checked; undefined where typing is not how the value goes in (the caller fills as Playwright
 * does). A value that does not stay exactly when typed — a field that drops a key, a mask's
 * formatting — is set at once, as a paste would, and the step says so: the person may have
 * typed other keys or pasted it.
 */
export async function fillByTyping(l: Locator, text: string, probed: unknown, timeoutMs: number): Promise<EffectCheck | undefined> {
  const field = await typingField(l, text, probed, timeoutMs);
  if (!field) return undefined;
  if (field.kind === 'contenteditable') {
    const edited = await editInPlace(l, field, text);
    if (edited) return edited;
  }
  if (!(await typeOverField(l, field, text, timeoutMs))) return undefined;
  // Read where it was typed, in one page round trip (a locator's evaluate costs ~10).
  const after = await timed('act.after-fill', () => onField(l, field, editableOf, undefined).catch(() => undefined));
  const typed = typedFillCheck(after, text);
  if (typed.exact || typed.gone) return typed.check;
  await l.fill(text, { timeout: timeoutMs });
  const set = await afterFill(l, text);
  return set.ok && set.mark.status === 'checked' ? checked(`${set.mark.detail}, set at once: typed key by key it did not stay`) : set;
}
