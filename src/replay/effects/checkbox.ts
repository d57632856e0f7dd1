import { pageFunction } from '../page-function.js';
import type { ElementHandle, Locator } from 'playwright';
import type { Probe } from '../locate.js';
import { countMatches } from '../count-and-probe.js';
import { pollUntil } from '../poll.js';
import { probePair } from '../probe-pair.js';
import { checked, EFFECT_SETTLE_MS, noEffect, type EffectCheck } from './effect.js';
import { guardedClick, isArmed } from './guarded-click.js';
import { hitProbe } from './hit-test.js';

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

/**
 * The resolver's probe: the box's state, and the click point hit-tested with the click guard
 * armed (hit-test.ts), in the round trip that counts the target.
 */
export const BOX_PROBE: Probe = probePair({ run: boxInPage, arg: undefined }, hitProbe(undefined, true));

const isBoxState = (v: unknown): v is BoxState => typeof v === 'object' && v !== null && 'connected' in v;

/** BOX_PROBE's answer, when the target was counted with it. */
function boxProbed(probed: unknown): { box: BoxState; hit: unknown } | undefined {
  return Array.isArray(probed) && isBoxState(probed[0]) ? { box: probed[0], hit: probed[1] } : undefined;
}

/**
 * check / uncheck, judged by the effect. Playwright's own check() re-reads the box after its
 * click and retries until the timeout when the box is gone — but a row that leaves the list
 * because it was unchecked (a "Completed" filter view) is the action working. So: click once,
 * then wait for the box to hold the wanted state or to have left the page. `probed` is
 * BOX_PROBE's answer where the target was counted: a box read there whose click point hit it is
 * clicked through the click guard (guarded-click.ts: each event of the click checked where it
 * lands, no actionability round trips) and read back through the locator; any other is clicked
 * by Playwright (actionability and hit-target checks) and read back through its handle.
 */
export async function setChecked(l: Locator, want: boolean, timeout: number, probed?: unknown): Promise<EffectCheck> {
  const verb = verbFor(want);
  const seen = boxProbed(probed);
  // A box read without doubt whose click point was armed: clicked through the guard, read back through the locator.
  if (seen?.box.checked !== undefined && isArmed(seen.hit)) {
    if (seen.box.checked === want) return checked(`was already ${verb}`);
    const sent = await guardedClick(l.page(), seen.hit, { button: 'left' }, timeout);
    if (sent.sent) return afterClick(l, undefined, want, timeout);
    // Blocked (it reached nothing): clicked below with Playwright's full wait.
  }
  const handle = await l.elementHandle({ timeout });
  try {
    const before = seen?.box.checked;
    // Throws for an element that is no checkbox, radio or [role=checkbox]: as Playwright's check() does.
    if ((before ?? (await handle.isChecked())) === want) return checked(`was already ${verb}`);
    await l.click({ timeout });
    return await afterClick(l, handle, want, timeout);
  } finally {
    await handle.dispose().catch(() => undefined);
  }
}

/** Waits for the click to have done what was wanted; `handle`, when held, is the box clicked. */
async function afterClick(l: Locator, handle: ElementHandle | undefined, want: boolean, timeout: number): Promise<EffectCheck> {
  const after = await pollUntil(() => stateAfter(handle, l, want), Math.min(timeout, EFFECT_SETTLE_MS));
  if (after) return checked(after);
  return noEffect(`expected the box to be ${verbFor(want)} after clicking it; it is still ${want ? 'unchecked' : 'checked'}`);
}

/** What the click did, once it did what was wanted; undefined while it has not. */
async function stateAfter(handle: ElementHandle | undefined, l: Locator, want: boolean): Promise<string | undefined> {
  // Without a handle, the locator's one match, read without waiting (none or several: as gone, below).
  const read = handle ? handle.evaluate(boxInPage) : l.evaluateAll(ONLY_BOX);
  const box = await read.catch((): BoxState => ({ connected: false }));
  if (box.connected) {
    const now = box.checked ?? (await (handle ?? l).isChecked({ timeout: 500 }).catch(() => !want));
    return now === want ? verbFor(want) : undefined;
  }
  // Gone: re-rendered in place (the locator finds it again, judge that one), or it left the page.
  const again = await countMatches(l);
  if (again === 1)
    return (await l.isChecked({ timeout: 500 }).catch(() => !want)) === want ? `${verbFor(want)} (the element was re-rendered)` : undefined;
  return 'the element left the page when clicked (as a row leaves a filtered list)';
}

/** boxInPage of a locator's only match. */
const ONLY_BOX = pageFunction<(els: Element[]) => BoxState>(
  `(els) => (els.length === 1 ? (${boxInPage.toString()})(els[0]) : { connected: false })`,
);

const verbFor = (want: boolean) => (want ? 'checked' : 'unchecked');
