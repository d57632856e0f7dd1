import type { Page } from 'playwright';
import type { PageShape } from '../../compare/dom-similarity.js';
import { changeStillToCome, isNoChange, pageChange } from '../../compare/page-change.js';
import { pollUntil } from '../poll.js';
import { checked, noEffect, unverified, type EffectCheck } from './effect.js';
import { liveShape, shownWords, type RecordedChange } from './recorded-change.js';

/** How long a key's change is waited for before the page is called unchanged: a debounced search answers well within it. */
const KEY_CHANGE_PATIENCE_MS = 2000;

/**
 * A key press checked against the change its recording shows (recordedChange), given the
 * live page read just before it. Any answer of the page's checks a key the recording shows no
 * change for (key-answer.ts); where the recording shows one — the recorder saw a line appear
 * after this step — a page that then does not change at all did not get what the person's keys did. Playwright's recorders
 * leave some keys out (an Enter an editor takes on keydown, in CodeMirror 5), and the text
 * typed next lands on the wrong line while every step passes: this is where it shows. A page
 * that changed otherwise is left unverified (another build may answer a key differently); one
 * that already reads as the recording does after it had nothing left to show.
 */
export async function keyChangeCheck(page: Page, recorded: RecordedChange, before: PageShape): Promise<EffectCheck> {
  const toCome = changeStillToCome(recorded.change, before, recorded.after);
  if (!toCome.add.length && !toCome.remove.length)
    return unverified('the page already read as the recording does after this key: nothing left to check');
  const shown = shownWords(recorded.change);
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
