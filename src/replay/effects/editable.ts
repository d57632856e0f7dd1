import type { Locator, Page } from 'playwright';

/** An editable element as the page sees it: its value (text for contenteditable) and a short name. */
export interface EditableState {
  editable: boolean;
  value: string;
  /** e.g. `input#new`, `textarea.note`, `body`. */
  element: string;
}

/**
 * Runs inside the page, self-contained. The editable element `el` stands for: itself, the
 * control of a <label>, or the focused element inside it; otherwise `editable: false`.
 */
export function editableOf(el: Element | null): EditableState {
  const name = (e: Element) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : e.classList.length ? `.${e.classList[0]}` : ''}`;
  if (!el) return { editable: false, value: '', element: 'nothing' };
  const deepFocus = (): Element | null => {
    let a: Element | null = el.ownerDocument.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a;
  };
  // Tag names, not instanceof: an element of a same-origin iframe has that frame's prototypes.
  const candidates: Element[] = [el];
  const control = el.tagName === 'LABEL' ? (el as HTMLLabelElement).control : null;
  if (control) candidates.unshift(control);
  const focused = deepFocus();
  if (focused && focused !== el && el.contains(focused)) candidates.push(focused);
  for (const c of candidates) {
    if (c.tagName === 'INPUT' || c.tagName === 'TEXTAREA' || c.tagName === 'SELECT') {
      const field = c as HTMLInputElement;
      const readOnly = c.tagName === 'SELECT' ? false : field.readOnly;
      return { editable: !field.disabled && !readOnly, value: field.value, element: name(c) };
    }
    if ((c as HTMLElement).isContentEditable) return { editable: true, value: (c as HTMLElement).innerText, element: name(c) };
  }
  return { editable: false, value: '', element: name(el) };
}

/** Runs inside the page, self-contained: the focused element (through shadow roots and same-origin iframes). */
export function focusedElement(): Element | null {
  let a: Element | null = document.activeElement;
  for (let depth = 0; depth < 8 && a; depth++) {
    if (a.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    else if (a.tagName === 'IFRAME' && (a as HTMLIFrameElement).contentDocument?.activeElement)
      a = (a as HTMLIFrameElement).contentDocument!.activeElement;
    else break;
  }
  return a;
}

export async function targetEditable(l: Locator): Promise<EditableState | undefined> {
  return l.evaluate(editableOf).catch(() => undefined);
}

/** The editable state of whatever has focus now; undefined when the page cannot be read (it navigated). */
export async function focusedEditable(page: Page): Promise<EditableState | undefined> {
  const handle = await page.evaluateHandle(focusedElement).catch(() => undefined);
  const el = handle?.asElement();
  const state = el
    ? await el.evaluate(editableOf).catch(() => undefined)
    : await page.evaluate(() => ({ editable: false, value: '', element: 'nothing' })).catch(() => undefined);
  await handle?.dispose().catch(() => undefined);
  return state;
}
