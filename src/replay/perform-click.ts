import type { Locator, Page } from 'playwright';
import type { Action } from '../ir/index.js';
import { clickAtRecordedPoint, needsRecordedPointClick } from './devtools/recorded-point-click.js';
import { doubleClickText, recordedWordPosition } from './effects/double-click.js';
import { checked, unverified, type EffectCheck } from './effects/effect.js';
import { answerToWatchedClick, guardedClick, isArmed, unansweredClickCheck, type GuardedClick } from './effects/guarded-click.js';
import { hitProbe, hitTestBefore } from './effects/hit-test.js';
import { outsideNow } from './effects/answer-wait.js';
import { recordedChange } from './effects/recorded-change.js';
import type { Probe } from './locate.js';
import type { PerformEnv } from './perform.js';
import { timed } from './profile.js';

type ClickAction = Extract<Action, { type: 'click' }>;

/** A single click with no keys held: sent by guarded-click.ts when the resolver's hit-test armed it. */
const isPlain = (action: ClickAction): boolean =>
  action.button !== 'back' && action.button !== 'forward' && action.clickCount <= 1 && action.modifiers.length === 0;

/** The hit-test a click's target is counted with (hit-test.ts `hitProbe`), arming the guard for a plain one. */
export function clickProbe(action: ClickAction): Probe | undefined {
  const plain = isPlain(action);
  if (needsRecordedPointClick(action)) return plain ? hitProbe(action.position, true, true) : undefined;
  return hitProbe(action.position, plain);
}

/**
 * Clicks the target found (`probed`: its hit-test where it was counted) and says what checked
 * it: a plain click by the page's answer to it (guarded-click.ts), sent by the guard or, when it
 * could not be armed, by Playwright with the answer watched; a double click by what it selected
 * or changed (double-click.ts); a click with keys held by its point hitting the target.
 */
export async function clickOn(
  l: Locator,
  probed: unknown,
  action: ClickAction,
  page: Page,
  env: PerformEnv,
): Promise<EffectCheck | undefined> {
  const timeout = env.timeoutMs;
  const button = action.button as 'left' | 'middle' | 'right'; // side buttons go through clickAtRecordedPoint only
  const plain = isPlain(action);
  const sent =
    plain && isArmed(probed)
      ? await timed('act.guarded-click', () => guardedClick(page, probed, { button, delay: action.holdMs }, timeout, env.answerWait))
      : undefined;
  // A click the page did not answer fails where the recording shows it changing the page.
  const judged = (click: GuardedClick & { sent: true }) =>
    click.unanswered ? unansweredClickCheck(page, recordedChange(env.evidence, env.evidenceAfter), click.check) : click.check;
  if (sent?.sent) return judged(sent);
  if (needsRecordedPointClick(action)) {
    // Whatever is at the recorded point takes the click, as it did for the user: once still.
    await clickAtRecordedPoint(page, l, action, timeout);
    return sent
      ? unverified(`the recorded point was on ${sent.coveredBy} when the click came; clicked there once the target stood still`)
      : undefined;
  }
  const options = {
    // No recorded modifiers: leave the keyboard as it is. Playwright releases held keys for
    // the click when given `[]`, so a DevTools `keyDown Shift` + click lost its Shift.
    modifiers: action.modifiers.length ? action.modifiers : undefined,
    position: action.position,
    delay: action.holdMs,
    button,
    timeout,
  };
  // Before clicking: the click point must hit the target, not a cover (clicking changes what is
  // there). Tested where the target was counted, so this round trip is only a fallback. A
  // plain click is watched for the page's answer, as a guarded one is; one the guard held back
  // from a cover is tested again, to watch it.
  const watching = plain && env.answerWait !== undefined;
  const tested = await timed('act.hit-test', () => hitTestBefore(l, action.position, timeout, sent ? undefined : probed, watching));
  const { watch } = tested;
  const hit = sent
    ? checked(
        `the point (${sent.x}, ${sent.y}) was covered by ${sent.coveredBy} when the click came; Playwright clicked once its hit-target check found the target there`,
      )
    : tested.check;
  // A recorded clickCount of 2 is one double click (the recorder merges the pair), as codegen
  // replays it; on text, judged by what it selected or changed.
  if (action.clickCount === 2) {
    const aim = action.position ? undefined : await recordedWordPosition(l, env.evidence, env.evidenceAfter);
    const aimedAt = action.position ? 'recorded position' : aim ? 'recorded highlight' : 'centre';
    return doubleClickText(l, () => l.dblclick(aim ? { ...options, position: aim } : options), hit, aimedAt);
  }
  const outside = watch && env.answerWait && outsideNow(page, env.answerWait);
  await l.click({ ...options, clickCount: Math.max(1, action.clickCount) });
  return watch && env.answerWait && outside ? judged(await answerToWatchedClick(page, watch, hit, env.answerWait, outside)) : hit;
}
