import type { ElementHandle, Locator } from 'playwright';
import { pollUntil } from '../poll.js';
import { checked, EFFECT_SETTLE_MS, noEffect, type EffectCheck } from './effect.js';

/**
 * check / uncheck, judged by the effect. Playwright's own check() re-reads the box after its
 * click and retries until the timeout when the box is gone — but a row that leaves the list
 * because it was unchecked (a "Completed" filter view) is the action working. So: click once
 * (Playwright's actionability and hit-target checks still apply), then wait for the box to hold
 * the wanted state or to have left the page.
 */
export async function setChecked(l: Locator, want: boolean, timeout: number): Promise<EffectCheck> {
  const verb = want ? 'checked' : 'unchecked';
  const handle = await l.elementHandle({ timeout });
  try {
    // Throws for an element that is no checkbox, radio or [role=checkbox]: as Playwright's check() does.
    if ((await handle.isChecked()) === want) return checked(`was already ${verb}`);
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
  const connected = await handle.evaluate((el) => el.isConnected).catch(() => false);
  if (connected) return (await handle.isChecked().catch(() => !want)) === want ? (want ? 'checked' : 'unchecked') : undefined;
  // Gone: re-rendered in place (the locator finds it again, judge that one), or it left the page.
  const again = await l.count().catch(() => 0);
  if (again === 1)
    return (await l.isChecked({ timeout: 500 }).catch(() => !want)) === want
      ? `${want ? 'checked' : 'unchecked'} (the element was re-rendered)`
      : undefined;
  return 'the element left the page when clicked (as a row leaves a filtered list)';
}
