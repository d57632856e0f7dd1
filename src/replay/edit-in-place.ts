/**
 * A recorded `fill` of a contenteditable, replayed as the edit the person made. Playwright's
 * recorders record typing into a contenteditable as a fill whose text is the element's whole
 * `innerText` afterwards — a rich-text editor's every line, an Enter folded in — so typing that
 * text over the whole element (or Playwright's fill, which inserts it at once) rebuilds the
 * document from plain text: its formatting is lost, and each paragraph break, which `innerText`
 * writes as a blank line between <p>s, comes back as an empty paragraph. The edit is what the
 * text before and the recorded text differ by; it is made where it was made, and nothing else
 * in the element is touched.
 */

import type { Locator } from 'playwright';
import { onField, TYPING_LIMIT, type Field } from './devtools/change-value.js';
import { checked, noEffect, quote, unverified, type EffectCheck } from './effects/effect.js';
import { editableOf } from './effects/editable.js';
import { timed } from './profile.js';
import { typeText } from './typing-keys.js';

/**
 * What planEditInPage decided: the element already holds the text, or these keys go at the
 * selection it made (none: the selection is a stretch to remove, with a Backspace).
 */
export type EditPlan = { unchanged: true } | { unchanged: false; keys: string };

/**
 * Runs inside the page, self-contained. Compares the contenteditable's `innerText` with `text`;
 * when they differ by one edit (a stretch inserted, removed or replaced), focuses the element,
 * selects the stretch the edit replaces (a caret for an insertion) and returns the keys that make
 * it, a run of new lines turned into the Enters that wrote it. Null where it cannot say: not a
 * contenteditable, or its text nodes do not line up with its `innerText`.
 */
export function planEditInPage(el: Element, text: string): EditPlan | null {
  const host = el as HTMLElement;
  if (!host.isContentEditable) return null;
  // A space the editor keeps as a no-break space (trailing while typing) is still the space typed.
  const norm = (s: string) => s.replace(/\u00a0/g, ' ').replace(/\r\n?/g, '\n');
  const before = norm(host.innerText);
  const after = norm(text);
  if (before === after) return { unchanged: true };

  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start++;
  let tail = 0;
  while (tail < shorter - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  // An insertion that begins with a line break could as well end with it: slide it back so it
  // starts right after a character (the end of a line, where a person presses Enter), not in
  // the gap between two blocks, which has no caret position of its own.
  if (before.length - tail === start)
    while (start > 0 && before[start - 1] === '\n' && after[after.length - tail - 1] === '\n') {
      start--;
      tail++;
    }
  const end = before.length - tail;
  const inserted = after.slice(start, after.length - tail);

  // Line each character of `innerText` up with its place in the text nodes. The new lines that
  // blocks and <br>s add have none; whitespace the layout collapsed and zero-width marks an
  // editor keeps (U+FEFF) are skipped; any other mismatch means the two cannot be lined up.
  const nodes: Text[] = [];
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  const at: Array<{ node: Text; offset: number } | undefined> = [];
  // A space in `innerText` may be any white space the layout collapsed into one.
  const matches = (d: string, ch: string) => d === ch || (ch === ' ' && /\s/.test(d));
  // A text node's data keeps its length (its offsets are where the selection goes): only no-break
  // spaces read as spaces; a carriage return is white space to skip.
  const dataOf = (n: Text) => n.data.replace(/\u00a0/g, ' ');
  const skippable = (d: string) => /[\s\u200b\ufeff]/.test(d);
  let ni = 0;
  let oi = 0;
  for (let i = 0; i < before.length; i++) {
    const ch = before[i]!;
    if (ch === '\n') {
      // A line break of the text itself, or one the layout adds (a block's end, a <br>): only the first is in a text node.
      while (ni < nodes.length && oi >= nodes[ni]!.data.length) [ni, oi] = [ni + 1, 0];
      if (ni < nodes.length && dataOf(nodes[ni]!)[oi] === '\n') at[i] = { node: nodes[ni]!, offset: oi++ };
      continue;
    }
    let found = false;
    while (ni < nodes.length) {
      const data = dataOf(nodes[ni]!);
      while (oi < data.length && !matches(data[oi]!, ch) && skippable(data[oi]!)) oi++;
      if (oi < data.length) {
        found = matches(data[oi]!, ch);
        break;
      }
      [ni, oi] = [ni + 1, 0];
    }
    if (!found) return null;
    at[i] = { node: nodes[ni]!, offset: oi++ };
  }
  // The DOM position of a gap in `innerText`: after the character before it, unless that is a
  // new line, then before the next character (the start of the next block).
  const gap = (k: number): { node: Node; offset: number } => {
    if (k > 0 && before[k - 1] !== '\n') {
      const p = at[k - 1];
      if (p) return { node: p.node, offset: p.offset + 1 };
    }
    for (let j = k; j < before.length; j++) if (before[j] !== '\n' && at[j]) return at[j]!;
    for (let j = k - 1; j >= 0; j--) if (at[j]) return { node: at[j]!.node, offset: at[j]!.offset + 1 };
    return { node: el, offset: 0 };
  };

  // How many new lines one Enter adds here: 2 between paragraphs (`innerText` sets <p>s apart
  // by a blank line), 1 between other blocks.
  const from = gap(start);
  let block: Element | null = from.node.nodeType === Node.ELEMENT_NODE ? (from.node as Element) : from.node.parentElement;
  while (block && block !== el && !/^(block|list-item|flex|grid|table)/.test(getComputedStyle(block).display)) block = block.parentElement;
  const perEnter = block && block !== el && block.tagName === 'P' ? 2 : 1;
  // n Enters in a row write perEnter new lines, then perEnter + 1 for each empty block after the first.
  const keys = inserted.replace(/\n+/g, (run) => '\n'.repeat(Math.max(1, Math.round((run.length + 1) / (perEnter + 1)))));

  host.focus();
  const to = end === start ? from : gap(end);
  el.ownerDocument.getSelection()?.setBaseAndExtent(from.node, from.offset, to.node, to.offset);
  return { unchanged: false, keys };
}

const sameText = (a: string, b: string) => a.replace(/\u00a0/g, ' ') === b.replace(/\u00a0/g, ' ');

/**
 * Makes the edit that turns the contenteditable's text into `text` (planEditInPage), key by key,
 * and checks the element then holds `text`. Undefined where no edit could be planned, or it is
 * too long to type (TYPING_LIMIT): the caller types the whole text over the element. A planned
 * edit that does not leave exactly `text` fails the step: setting the whole text instead would
 * rebuild the document from plain text, and a replay that did so would only look right.
 */
export async function editInPlace(l: Locator, field: Field, text: string): Promise<EffectCheck | undefined> {
  const plan = await onField(l, field, planEditInPage, text).catch(() => null);
  if (!plan || (!plan.unchanged && plan.keys.length >= TYPING_LIMIT)) return undefined;
  if (!plan.unchanged) {
    if (plan.keys === '') await l.page().keyboard.press('Backspace');
    else await typeText(l.page(), plan.keys);
  }
  const after = await timed('act.after-fill', () => onField(l, field, editableOf, undefined).catch(() => undefined));
  // As typedFillCheck says of it: nothing was read, so nothing was checked.
  if (!after) return unverified('the page changed (navigated) before the value could be read');
  if (after.editable && sameText(after.value, text))
    return checked(
      plan.unchanged ? `${after.element} already held ${quote(text)}` : `${after.element} holds ${quote(text)}, the edit typed in place`,
    );
  return noEffect(
    `expected ${after.element} to hold ${quote(text)} once the recorded edit was typed in place (${quote(plan.unchanged ? '' : plan.keys)}); it holds ${quote(after.value)}`,
  );
}
