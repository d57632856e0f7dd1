import type { Locator } from 'playwright';
import { changedRegion } from '../../compare/changed-region.js';
import type { Evidence } from '../../ir/index.js';
import { recordedScreenshot } from '../resolve/visual-check.js';
import { checked, noEffect, quote, type EffectCheck } from './effect.js';

/** Controls whose double click is the page's own business (an editor opening, a row expanding). */
const CONTROLS = 'a[href],button,input,select,textarea,summary,label,[role],[contenteditable="false"],[onclick],[ondblclick],[tabindex]';

/**
 * Runs inside the page, self-contained. For a double click on text — an element no control
 * encloses — starts noting what the page changes, so doubleClickText can tell a double click
 * that did something from one that landed on nothing. Says which text: editable (in a
 * contenteditable, where a double click selects a word and the editor answering it is no
 * evidence), or plain; false (nothing watched) for a control.
 */
function watchInPage(el: Element, controls: string): 'editable' | 'text' | false {
  const editable = (el as HTMLElement).isContentEditable;
  if (el.closest(controls) && !editable) return false;
  const slot = Symbol.for('replaywright.doubleClickWatch');
  const store = window as unknown as Record<symbol, { changes: number; observer: MutationObserver } | undefined>;
  store[slot]?.observer.disconnect();
  const watch = { changes: 0, observer: new MutationObserver((records) => void (watch.changes += records.length)) };
  watch.observer.observe(el.ownerDocument, { subtree: true, childList: true, attributes: true, characterData: true });
  store[slot] = watch;
  return editable ? 'editable' : 'text';
}

/** Runs inside the page, self-contained: what the watched double click did — the text it selected, the changes it made. */
function readInPage(el: Element): { selected: string; changes: number } {
  const slot = Symbol.for('replaywright.doubleClickWatch');
  const store = window as unknown as Record<symbol, { changes: number; observer: MutationObserver } | undefined>;
  const watch = store[slot];
  const changes = (watch?.changes ?? 0) + (watch?.observer.takeRecords().length ?? 0);
  watch?.observer.disconnect();
  store[slot] = undefined;
  return { selected: el.ownerDocument.getSelection()?.toString() ?? '', changes };
}

/** Where a double click was sent: the recorded position, where the recording shows what it highlighted, or the box's centre. */
export type DoubleClickAim = 'recorded position' | 'recorded highlight' | 'centre';

const MISSED: Record<DoubleClickAim, string> = {
  'recorded position': 'at the recorded position',
  'recorded highlight': 'where the recording shows what it highlighted',
  centre: 'at the centre of its box: the recording keeps no position for it, and the centre is not on a word',
};

/**
 * A double click on text, checked by what it did. A person double-clicks a word to select it
 * (and a page may answer by changing itself); Playwright's recorders keep no position for it,
 * and the centre of a line's box can lie past its text, where a double click selects nothing:
 * the step after it (Bold) then passes with nothing to act on. A double click that selected no
 * text (and, on text that is not editable, changed nothing) did not do what the person's did,
 * and says so. `act` sends it; a double click on a control is judged as a click (`hit`, the
 * hit-test before it).
 */
export async function doubleClickText(l: Locator, act: () => Promise<void>, hit: EffectCheck, aim: DoubleClickAim): Promise<EffectCheck> {
  const watched = await l.evaluate(watchInPage, CONTROLS).catch(() => false);
  await act();
  if (!watched) return hit;
  const seen = await l.evaluate(readInPage).catch(() => undefined);
  if (!seen) return hit;
  if (seen.selected.trim())
    return checked(
      `the double click selected ${quote(seen.selected.trim(), 80)}${aim === 'recorded highlight' ? ', where the recording shows the text it highlighted' : ''}`,
    );
  // An editor changes itself as soon as it is focused (its toolbar, its classes): in editable text
  // only a selection says the double click found a word.
  if (watched === 'text' && seen.changes > 0) return checked(`the double click changed the page (${seen.changes} changes)`);
  const what = watched === 'editable' ? 'editable text selected nothing' : 'text selected nothing and changed nothing';
  return noEffect(`the double click on ${what}, sent ${MISSED[aim]}${hit.ok ? ` (${hit.mark.detail})` : ''}`);
}

/**
 * Where the person's double click on the target landed, as the recording shows it: the region
 * its before-states on either side of the step differ by inside the target's box (the word the
 * double click highlighted), as a position from the target's top-left. Undefined when the
 * recording cannot say: no screenshot on either side, nothing or too much changed in the box.
 * It assumes the live target sits where the recorded one did, as the step's before-state
 * comparison checks; a double click that then selects nothing still fails (doubleClickText).
 */
export async function recordedWordPosition(l: Locator, before?: Evidence, after?: Evidence): Promise<{ x: number; y: number } | undefined> {
  if (!before?.screenshot || !after?.screenshot) return undefined;
  const [from, to] = [recordedScreenshot(before.screenshot), recordedScreenshot(after.screenshot)];
  const box = from && to ? await l.boundingBox().catch(() => null) : null;
  const region = box && changedRegion(from!, to!, box);
  return region ? { x: region.x + region.width / 2 - box!.x, y: region.y + region.height / 2 - box!.y } : undefined;
}
