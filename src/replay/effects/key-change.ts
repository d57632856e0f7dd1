import type { Page } from 'playwright';
import { keepsAttributes, pageShape, type PageShape } from '../../compare/dom-similarity.js';
import { changeStillToCome, isNoChange, isStructuralChange, pageChange, type PageChange } from '../../compare/page-change.js';
import type { Evidence } from '../../ir/index.js';
import { pageHtml } from '../page-html.js';
import { pollUntil } from '../poll.js';
import { recordedHtmlOf } from '../recorded-html.js';
import { checked, noEffect, unverified, type EffectCheck } from './effect.js';

/** How long a key's change is waited for before the page is called unchanged: a debounced search answers well within it. */
const KEY_CHANGE_PATIENCE_MS = 2000;

/** What the recording shows a key press did, and what the page must come to read. */
export interface RecordedKeyChange {
  change: PageChange;
  after: PageShape;
  attributes: boolean;
}

/**
 * What the recording shows a key press changed, when it shows a structural change (a line, a
 * row, an item added or removed, words with it): the page before the step against the next
 * step's before-state on the same page. Undefined when either was not kept, or the change was
 * words in place only (a clock may tick between two recorded steps; a line does not appear).
 */
export function recordedKeyChange(before: Evidence | undefined, after: Evidence | undefined): RecordedKeyChange | undefined {
  const [from, to] = [recordedHtmlOf(before), recordedHtmlOf(after)];
  if (from === undefined || to === undefined) return undefined;
  const attributes = keepsAttributes(from);
  const [a, b] = [pageShape(from, { attributes }), pageShape(to, { attributes })];
  const change = pageChange(a, b);
  return isStructuralChange(change) ? { change, after: b, attributes } : undefined;
}

/** The live page read as recorded pages are (undefined if it cannot be read now: navigating). */
export async function liveShape(page: Page, attributes: boolean): Promise<PageShape | undefined> {
  const html = await pageHtml(page).catch(() => undefined);
  return html === undefined ? undefined : pageShape(html, { attributes });
}

const words = (ws: string[]) => `"${ws.slice(0, 8).join(' ')}${ws.length > 8 ? ' …' : ''}"`;

/**
 * A key press checked against the change its recording shows (recordedKeyChange), given the
 * live page read just before it. A key "has no effect that can be checked in general", but
 * where the recording shows one — the recorder saw a line appear after this step — a page that
 * then does not change at all did not get what the person's keys did. Playwright's recorders
 * leave some keys out (an Enter an editor takes on keydown, in CodeMirror 5), and the text
 * typed next lands on the wrong line while every step passes: this is where it shows. A page
 * that changed otherwise is left unverified (another build may answer a key differently); one
 * that already reads as the recording does after it had nothing left to show.
 */
export async function keyChangeCheck(page: Page, recorded: RecordedKeyChange, before: PageShape): Promise<EffectCheck> {
  const toCome = changeStillToCome(recorded.change, before, recorded.after);
  if (!toCome.add.length && !toCome.remove.length)
    return unverified('the page already read as the recording does after this key: nothing left to check');
  const shown = recorded.change.added.length ? `added ${words(recorded.change.added)}` : `removed ${words(recorded.change.removed)}`;
  const changed = await pollUntil(async () => {
    const now = await liveShape(page, recorded.attributes);
    // A page that cannot be read now is navigating: a change.
    return now === undefined || !isNoChange(pageChange(before, now)) ? (now ?? null) : undefined;
  }, KEY_CHANGE_PATIENCE_MS);
  if (changed === undefined)
    return noEffect(
      `the recording shows the page changing after this key (it ${shown}, with the elements that hold them); here nothing changed within ${KEY_CHANGE_PATIENCE_MS / 1000} s. ` +
        'The recorder may have left out a key pressed here (an Enter an editor takes on keydown is not recorded)',
    );
  if (changed === null) return checked('the page changed after the key (it navigated), as the recording shows it changing');
  const left = changeStillToCome(recorded.change, changed, recorded.after);
  return left.add.length || left.remove.length
    ? unverified(`the page changed after the key, not as the recording shows (it ${shown})`)
    : checked(`the page changed after the key as the recording shows (it ${shown})`);
}
