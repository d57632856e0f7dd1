import type { ElementHandle, Locator } from 'playwright';
import type { Probe } from '../locate.js';
import { pollUntil } from '../poll.js';
import { checked, EFFECT_SETTLE_MS, noEffect, type EffectCheck } from './effect.js';

/** A box as read in the page: whether it is still there and, for a kind read without doubt, its state. */
interface BoxState {
  connected: boolean;
  /** Undefined for any element but a checkbox/radio <input> or a <label> of one: Playwright's isChecked reads those. */
  checked?: boolean;
}

/**
 * Runs inside the page, self-contained: what Playwright's isChecked reads for a checkbox or radio
 * <input>, or a <label> whose control is one (not inside a button or link, which Playwright
 * would target instead). Any other element (an ARIA checkbox, a span in a label) is left to
 * Playwright, which knows the roles and says when an element is no box at all.
 */
function boxInPage(el: Element): BoxState {
  const box =
    el instanceof HTMLLabelElement && !el.closest('a, button, [role=link], [role=button], [role=checkbox], [role=radio], [role=switch]')
      ? el.control
      : el;
  const readable = box instanceof HTMLInputElement && (box.type === 'checkbox' || box.type === 'radio');
  return { connected: el.isConnected, ...(readable ? { checked: box.checked } : {}) };
}

/** The box's state as the resolver's probe: read in the round trip that counts the target. */
export const BOX_PROBE: Probe = { run: boxInPage, arg: undefined };

const isBoxState = (v: unknown): v is BoxState => typeof v === 'object' && v !== null && 'connected' in v;

/**
 * check / uncheck, judged by the effect. Playwright's own check() re-reads the box after its
 * click and retries until the timeout when the box is gone — but a row that leaves the list
 * because it was unchecked (a "Completed" filter view) is the action working. So: click once
 * (Playwright's actionability and hit-target checks still apply), then wait for the box to hold
 * the wanted state or to have left the page. `probed` is BOX_PROBE's reading where the target
 * was counted (one round trip fewer).
 */
export async function setChecked(l: Locator, want: boolean, timeout: number, probed?: unknown): Promise<EffectCheck> {
  const verb = verbFor(want);
  const handle = await l.elementHandle({ timeout });
  try {
    const before = isBoxState(probed) ? probed.checked : undefined;
    // Throws for an element that is no checkbox, radio or [role=checkbox]: as Playwright's check() does.
    if ((before ?? (await handle.isChecked())) === want) return checked(`was already ${verb}`);
    await l.click({ timeout });
    const after = await pollUntil(() => stateAfter(handle, l, want), Math.min(timeout, EFFECT_SETTLE_MS));
    if (after) return checked(after);
    return noEffect(`expected the box to be ${verb} after clicking it; it is still ${want ? 'unchecked' : 'checked'}`);
  } finally {
    await handle.dispose().catch(() => undefined);
  }
}

/** What the click did, once it did what was wanted; undefined while it has not. */
async function stateAfter(handle: ElementHandle, l: Locator, want: boolean): Promise<string | undefined> {
  const box = await handle.evaluate(boxInPage).catch((): BoxState => ({ connected: false }));
  if (box.connected) {
    const now = box.checked ?? (await handle.isChecked().catch(() => !want));
    return now === want ? verbFor(want) : undefined;
  }
  // Gone: re-rendered in place (the locator finds it again, judge that one), or it left the page.
  const again = await l.count().catch(() => 0);
  if (again === 1)
    return (await l.isChecked({ timeout: 500 }).catch(() => !want)) === want ? `${verbFor(want)} (the element was re-rendered)` : undefined;
  return 'the element left the page when clicked (as a row leaves a filtered list)';
}

const verbFor = (want: boolean) => (want ? 'checked' : 'unchecked');
