import type { Locator } from 'playwright';
import type { Probe } from '../locate.js';
import { typeText } from '../typing-keys.js';

/** What kind of field a DevTools `change` lands on, as @puppeteer/replay's fill tells them apart. */
type FieldKind = 'select' | 'typeable' | 'checkable' | 'contenteditable' | 'other-input' | 'unknown';

export interface Field {
  kind: FieldKind;
  /** Has a box and `visibility: visible` (what Playwright's `visible` means: neither hidden nor collapse). */
  visible: boolean;
  /**
   * The field as the page's own `document.querySelector` finds it (`:nth-child` steps from the
   * root), when it is in the top document outside any shadow root: what acting on it needs,
   * without Playwright resolving its locator again.
   */
  path?: string;
}

/** Runs inside the page, self-contained: the field's kind, as @puppeteer/replay's fill tells them apart. */
export function fieldInPage(el: Element): Field {
  const inTop = window === window.top && el.getRootNode() === document;
  const steps: string[] = [];
  for (let at: Element | null = inTop ? el : null; at; at = at.parentElement) {
    const parent = at.parentElement;
    steps.unshift(parent ? `${CSS.escape(at.localName)}:nth-child(${Array.prototype.indexOf.call(parent.children, at) + 1})` : ':root');
  }
  const r = el.getBoundingClientRect();
  const visible = r.width > 0 && r.height > 0 && getComputedStyle(el).visibility === 'visible';
  const kind = (): FieldKind => {
    if (el instanceof HTMLSelectElement) return 'select';
    if (el instanceof HTMLTextAreaElement) return 'typeable';
    if (el instanceof HTMLInputElement) {
      if (el.type === 'checkbox' || el.type === 'radio') return 'checkable';
      return ['text', 'url', 'tel', 'search', 'password', 'number', 'email'].includes(el.type) ? 'typeable' : 'other-input';
    }
    if (['checkbox', 'radio', 'switch'].includes(el.getAttribute('role') ?? '')) return 'checkable';
    return (el as HTMLElement).isContentEditable ? 'contenteditable' : 'unknown';
  };
  return { kind: kind(), visible, ...(steps.length ? { path: steps.join(' > ') } : {}) };
}

/** The field's kind and visibility as the resolver's probe: read in the round trip that counts the target. */
export const FIELD_PROBE: Probe = { run: fieldInPage, arg: undefined };

export function isField(v: unknown): v is Field {
  return typeof v === 'object' && v !== null && 'kind' in v && 'visible' in v;
}

/** Values at least this long are set at once rather than typed (Puppeteer's typing threshold). */
export const TYPING_LIMIT = 100;

/**
 * Sets a field to `value` the way @puppeteer/replay's `change` does: a <select> gets the option
 * of that value (none selected when it has none, as there — said in a note); a checkbox, radio
 * or switch is clicked when its state is not the value's truthiness; a text field or
 * contenteditable already holding `value` is left alone, one holding the start of it gets only
 * the rest typed, any other is cleared and typed into (set at once from 100 characters); date,
 * colour, range and other inputs are set directly with input and change events. Returns a note,
 * or throws for an element that cannot be filled (Puppeteer's "Element cannot be filled out").
 */
export async function changeValue(l: Locator, value: string, timeoutMs: number, probed?: unknown): Promise<string | undefined> {
  // Read where the target was counted (FIELD_PROBE); a field not yet visible is waited for first.
  let field = isField(probed) && probed.visible ? probed : undefined;
  if (!field) {
    await l.waitFor({ state: 'visible', timeout: timeoutMs });
    field = await l.evaluate(fieldInPage, undefined, { timeout: timeoutMs });
  }
  switch (field.kind) {
    case 'unknown':
      throw new Error('the element cannot be filled out (not a form field, nor contenteditable)');
    case 'checkable': {
      const state = await onField(l, field, checkedState, undefined);
      if (state === 'mixed' || state !== !!value) await l.click({ timeout: timeoutMs });
      return undefined;
    }
    case 'select': {
      const found = await onField(l, field, selectByValue, value);
      return found ? undefined : `the <select> has no option of value "${value}": none is selected now (as @puppeteer/replay leaves it)`;
    }
    case 'other-input':
      await setDirectly(l, value);
      return undefined;
    case 'typeable':
    case 'contenteditable': {
      if (value.length >= TYPING_LIMIT) {
        await setDirectly(l, value);
        return undefined;
      }
      const rest = await onField(l, field, prepareTyping, value);
      // Key by key as Puppeteer's type() does, sent at once (typeKeys): ~6 ms a character less.
      if (rest) await typeText(l.page(), rest);
      return undefined;
    }
  }
}

/** Runs inside the page, self-contained: a checkbox, radio or switch's state. */
function checkedState(el: Element): boolean | 'mixed' {
  return (el as HTMLInputElement).indeterminate || el.getAttribute('aria-checked') === 'mixed'
    ? 'mixed'
    : (el as HTMLInputElement).checked === true || el.getAttribute('aria-checked') === 'true';
}

/** Runs inside the page, self-contained: selects the option of value `v` (none when there is none), as @puppeteer/replay does. */
function selectByValue(el: Element, v: string): boolean {
  const select = el as HTMLSelectElement;
  const option = Array.from(select.options).find((o) => o.value === v);
  for (const o of Array.from(select.options)) o.selected = o === option;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return option !== undefined;
}

/**
 * Runs inside the page, self-contained: focuses the field and leaves in it the part of `v` it
 * already starts with; returns what is left to type.
 */
function prepareTyping(el: Element, v: string): string {
  // Focus first: focusing puts a field's caret at the start, and setting the value
  // afterwards puts it at the end, where the rest is typed.
  (el as HTMLElement).focus();
  const editable = (el as HTMLElement).isContentEditable;
  const field = el as HTMLInputElement;
  const current = editable ? (el as HTMLElement).innerText : field.value;
  if (current === v) return '';
  const keep = current && v.startsWith(current) ? current : '';
  // Emptied first: setting the value it already has would leave the caret where it is.
  if (editable) (el as HTMLElement).innerText = '';
  else field.value = '';
  if (editable) (el as HTMLElement).innerText = keep;
  else field.value = keep;
  return v.slice(keep.length);
}

/**
 * `work(el, arg)` on the field at `field.path` in one page evaluation — a locator's evaluate
 * costs ~10 round trips, and on a document Playwright has not evaluated in yet its injected
 * script first (~20–70 ms here) — while the path still names a field of the kind read; the
 * locator does it when it does not (the page changed since it was read) or there is no path.
 */
export async function onField<A, R>(l: Locator, field: Field, work: (el: Element, arg: A) => R, arg: A): Promise<R> {
  if (field.path !== undefined) {
    const source = `(() => {
      const el = document.querySelector(${JSON.stringify(field.path)});
      return el && (${fieldInPage.toString()})(el).kind === ${JSON.stringify(field.kind)}
        ? { value: (${work.toString()})(el, ${JSON.stringify(arg) ?? 'undefined'}) }
        : null;
    })()`;
    const done = (await l
      .page()
      .evaluate(source)
      .catch(() => null)) as { value: R } | null;
    if (done) return done.value;
  }
  return l.evaluate(work as (el: Element, arg: A) => R, arg as never);
}

async function setDirectly(l: Locator, value: string): Promise<void> {
  await l.focus();
  await l.evaluate((el, v) => {
    const editable = (el as HTMLElement).isContentEditable;
    if ((editable ? (el as HTMLElement).innerText : (el as HTMLInputElement).value) === v) return;
    if (editable) (el as HTMLElement).innerText = v;
    else (el as HTMLInputElement).value = v;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}
