import type { Page } from 'playwright';
import type { Action, Step } from '../ir/index.js';
import type { ReplayOptions } from './replay-options.js';
import { LONGEST_FOLLOW_UP_MS, runningFollowUps, sawStill } from './animations-ended.js';
import { FRAME_FALLBACK_MS, nextFrameAndTask } from './next-frame.js';
import { pageFunction } from './page-function.js';
import { shortTimersWait, untilFired } from './pending-timers.js';
import type { RequestsInFlight } from './requests-in-flight.js';
import { screenshotCompared } from './look-while-capturing.js';
import { settle } from './settle.js';

/** How long a page's answer to typed keys is waited for before the next step goes on regardless. */
const ANSWER_PATIENCE_MS = 2000;

/** The steps that type: what they start (a debounced search) is answered after they return. */
export const typesKeys = (action: Action): boolean =>
  action.type === 'fill' || action.type === 'type' || action.type === 'press' || action.type === 'clear';

/**
 * After a step that typed, lets the page's answer arrive before the next step: a search
 * debounced on the keys (autoComplete.js waits 100 ms, then draws its suggestions), a request
 * the keys sent. A person typing "Ma" waits for the suggestions before pressing ArrowDown; a
 * replay that did not pressed it on an empty list, and the Enter after it chose nothing while
 * both steps passed (silent-wrong on the corpus). A frame and a task go by first: Trix reads
 * the selection once a frame, and a Bold clicked 13 ms after Ctrl+Shift+ArrowLeft bolded
 * nothing (3 of 30 with --compare off, every step passed). Evidence, not a pause: one round trip
 * when no short timer is pending and no request open; otherwise the page is settled (settle.ts).
 */
export async function keysAnswered(page: Page, requests: RequestsInFlight, { frameFirst = true } = {}): Promise<void> {
  const arg = { frameFirst, fallbackMs: FRAME_FALLBACK_MS, timersMs: shortTimersWait(ANSWER_PATIENCE_MS), longestMs: LONGEST_FOLLOW_UP_MS };
  const seen = await page.evaluate(answeredInPage, arg).catch(() => undefined);
  if (seen?.pending || requests.waiting(page)) await settle(page, { requests, timers: true, maxMs: ANSWER_PATIENCE_MS });
  else if (seen && !seen.moving) sawStill(page);
}

/**
 * In the page: a frame and a task (unless the next step's screenshot will draw one before it
 * acts), then the short timers pending (untilFired), then whether a follow-up animation runs (the
 * next step need not ask again when none does).
 */
const answeredInPage = pageFunction<
  (arg: { frameFirst: boolean; fallbackMs: number; timersMs: number; longestMs: number }) => Promise<{ pending: boolean; moving: boolean }>
>(
  `(arg) => (arg.frameFirst ? (${nextFrameAndTask.toString()})(arg.fallbackMs) : Promise.resolve())
    .then(() => (${untilFired.toString()})(arg.timersMs))
    .then((pending) => ({ pending, moving: (${runningFollowUps.toString()})(arg.longestMs).length > 0 }))`,
);

/** Whether `step`'s before-state screenshot is taken before it acts: a capture draws a frame. */
export const drawsFrameFirst = (step: Step, options: Pick<ReplayOptions, 'compare' | 'fromStep'>): boolean =>
  screenshotCompared(step, options) && (options.fromStep === undefined || step.index >= options.fromStep);
