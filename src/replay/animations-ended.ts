import type { Page } from 'playwright';
import { allNativeInPage } from './native-in-page.js';
import { afterNextFrame } from './next-frame.js';
import { documentHtmlInPage, pageHtml } from './page-html.js';
import { pageFunction } from './page-function.js';
import { timed } from './profile.js';

/** A finite animation or transition longer than this is not a step's follow-up (a carousel): not waited for. */
export const LONGEST_FOLLOW_UP_MS = 1000;

/**
 * Runs inside the page, self-contained: the finite animations and transitions (at most
 * `longestMs` long) running now. An infinite one (a spinner) never ends and is not among them.
 */
export function runningFollowUps(longestMs: number): Animation[] {
  return (document.getAnimations?.() ?? []).filter((a) => {
    if (a.playState !== 'running') return false;
    const end = Number(a.effect?.getComputedTiming().endTime ?? Infinity);
    return Number.isFinite(end) && end <= longestMs;
  });
}

/** In the page: resolves once the follow-up animations running now have finished (or been cancelled). */
const followUpsFinished = pageFunction<(longestMs: number) => Promise<void>>(
  `(longestMs) => Promise.all((${runningFollowUps.toString()})(longestMs).map((a) => a.finished.catch(() => undefined))).then(() => undefined)`,
);

/**
 * Waits for the finite animations running on the page to end (at most LONGEST_FOLLOW_UP_MS: one
 * paused midway never would), and a frame and a task after that, so what their ends start — a
 * dialog removed on `animationend` — is done. A before-state is the page a step left once it
 * settled; read mid-animation, its HTML still holds a closing dialog that the screenshot
 * (animations finished, as Playwright's `animations: 'disabled'` takes it) no longer shows.
 */
export async function finiteAnimationsEnded(page: Page): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    page.evaluate(followUpsFinished, LONGEST_FOLLOW_UP_MS).catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, LONGEST_FOLLOW_UP_MS))),
  ]);
  clearTimeout(timer);
  await afterNextFrame(page);
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
