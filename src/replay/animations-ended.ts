import type { Page } from 'playwright';
import { allNativeInPage } from './native-in-page.js';
import { afterNextFrame } from './next-frame.js';
import { documentHtmlInPage, pageHtml } from './page-html.js';
import { pageFunction } from './page-function.js';
import { timed } from './profile.js';
import type { ScriptMotion } from './script-motion.js';

/** A finite animation or transition longer than this is not a step's follow-up (a carousel): not waited for. */
export const LONGEST_FOLLOW_UP_MS = 1000;

/** A change on the page still under way, as far as waiting for it goes: an Animation's `finished`. */
export interface FollowUp {
  readonly finished: Promise<unknown>;
}

/**
 * Runs inside the page, self-contained: the finite animations and transitions (at most
 * `longestMs` long) running now. An infinite one (a spinner) never ends and is not among them.
 * And motion by script the motion watch saw (script-motion.ts): inline styles changed within its
 * quiet time, in a run no older than `longestMs` (a ticker moving for ever is not a follow-up),
 * or an animation frame asked for and not yet run outside such a run (a slider's first move is
 * a frame after the click). It is finished once a frame has gone by and the styles have been
 * quiet that long, or the run has lasted `longestMs`.
 */
export function runningFollowUps(longestMs: number): FollowUp[] {
  const running: FollowUp[] = (document.getAnimations?.() ?? []).filter((a) => {
    if (a.playState !== 'running') return false;
    const end = Number(a.effect?.getComputedTiming().endTime ?? Infinity);
    return Number.isFinite(end) && end <= longestMs;
  });
  const motion = (window as unknown as Record<symbol, ScriptMotion | undefined>)[Symbol.for('replaywright.scriptMotion')];
  if (!motion) return running;
  const moving = (now: number) => now - motion.last < motion.quietMs && now - motion.since < longestMs;
  const now = performance.now();
  const perpetual = now - motion.last < motion.quietMs && now - motion.since >= longestMs;
  if (moving(now) || (motion.framesAsked.size > 0 && !perpetual)) {
    running.push({
      // Asked for by the waits only: a caller that counts creates no timer.
      get finished() {
        return new Promise<void>((resolve) => {
          const check = () => (moving(performance.now()) ? motion.later(check, motion.quietMs / 3) : resolve());
          motion.nextFrame(() => motion.later(check, 0));
        });
      },
    });
  }
  return running;
}

/**
 * In the page: false when no follow-up animation runs; else resolves true once those running now
 * have finished (or been cancelled).
 */
const followUpsAwaited = pageFunction<(longestMs: number) => false | Promise<boolean>>(
  `(longestMs) => { const running = (${runningFollowUps.toString()})(longestMs); return running.length === 0 ? false : Promise.all(running.map((a) => a.finished.catch(() => undefined))).then(() => true); }`,
);

/**
 * Waits for the follow-up animations running on the page to end, at most LONGEST_FOLLOW_UP_MS
 * (one paused midway never would). Says whether any may have run (true when the wait ran out).
 */
async function followUpsAwaitedOnPage(page: Page): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = await Promise.race([
    page.evaluate(followUpsAwaited, LONGEST_FOLLOW_UP_MS).catch(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), LONGEST_FOLLOW_UP_MS))),
  ]);
  clearTimeout(timer);
  return waited;
}

/**
 * Waits for the finite animations running on the page to end (followUpsAwaitedOnPage), and a
 * frame and a task after that, so what their ends start — a dialog removed on `animationend` —
 * is done. A before-state is the page a step left once it settled; read mid-animation, its HTML
 * still holds a closing dialog that the screenshot (animations finished, as Playwright's
 * `animations: 'disabled'` takes it) no longer shows.
 */
export async function finiteAnimationsEnded(page: Page): Promise<void> {
  await followUpsAwaitedOnPage(page);
  await afterNextFrame(page);
}

/**
 * Pages whose last action was seen to start no follow-up animation, by a read the action made
 * anyway (a click's guard, the wait after keys): the next step need not ask again. Each mark is
 * taken once (takeStillMark), so it speaks of the action just before.
 */
const stillAfterAction = new WeakSet<Page>();

/** Records that `page` was read, after its last action, with no follow-up animation running. */
export const sawStill = (page: Page): void => void stillAfterAction.add(page);

/** Whether `page` was seen still after its last action; the mark is removed either way. */
export const takeStillMark = (page: Page): boolean => stillAfterAction.delete(page);

/**
 * Waits, as finiteAnimationsEnded does, for the follow-up animations running on the page to end,
 * in one round trip when none runs (the usual case: no frame waited for). An app that ignores
 * input while it animates (a carousel sliding, a dialog fading) would otherwise drop an action
 * that a person, who waits for the page to come to rest, never saw dropped.
 */
export async function followUpsEnded(page: Page): Promise<void> {
  if (await followUpsAwaitedOnPage(page)) await afterNextFrame(page);
}

/** In the page: its HTML (documentHtmlInPage), or undefined while a follow-up animation runs or when the serialisers are not the browser's. */
const htmlUnlessAnimating = pageFunction<(longestMs: number) => string | undefined>(
  `(longestMs) => (${runningFollowUps.toString()})(longestMs).length > 0 ? undefined : (${documentHtmlInPage.toString()})(${allNativeInPage.toString()})`,
);

/**
 * The page's HTML (pageHtml) once the finite animations running on it have ended
 * (finiteAnimationsEnded): one round trip when nothing animates.
 */
export async function settledPageHtml(page: Page): Promise<string> {
  const html = await page.evaluate(htmlUnlessAnimating, LONGEST_FOLLOW_UP_MS).catch(() => undefined);
  if (html !== undefined) return html;
  await timed('capture.animations', () => finiteAnimationsEnded(page));
  return pageHtml(page);
}
