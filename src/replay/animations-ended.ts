import type { Page } from 'playwright';
import { allNativeInPage } from './native-in-page.js';
import { documentHtmlInPage, pageHtml } from './page-html.js';
import { pageFunction } from './page-function.js';
import { timed } from './profile.js';

/** A finite animation or transition longer than this is not a step's follow-up (a carousel): not waited for. */
export const LONGEST_FOLLOW_UP_MS = 1000;

/**
 * Runs inside the page, self-contained: whether a finite animation or transition (at most
 * `longestMs` long) is running. An infinite one (a spinner) never ends and is not counted.
 */
export function followUpRunning(longestMs: number): boolean {
  return document.getAnimations().some((a) => {
    if (a.playState !== 'running') return false;
    const end = Number(a.effect?.getComputedTiming().endTime ?? Infinity);
    return Number.isFinite(end) && end <= longestMs;
  });
}

/**
 * Runs inside the page, self-contained: resolves once the finite animations running now have
 * ended (at most `longestMs`), and a frame and a task after that, so what their ends start —
 * a dialog removed on `animationend` — is done; on the page's native timer.
 */
function followUpsEndedInPage(longestMs: number): Promise<void> {
  const watch = (window as unknown as Record<symbol, { nativeSet?: typeof setTimeout } | undefined>)[
    Symbol.for('replaywright.pendingTimers')
  ];
  const later = (fn: () => void, ms: number) => (watch?.nativeSet ?? setTimeout).call(window, fn, ms);
  const running = document.getAnimations().filter((a) => {
    if (a.playState !== 'running') return false;
    const end = Number(a.effect?.getComputedTiming().endTime ?? Infinity);
    return Number.isFinite(end) && end <= longestMs;
  });
  const ended = Promise.race([
    Promise.all(running.map((a) => a.finished.catch(() => undefined))),
    new Promise<void>((r) => later(r, longestMs)),
  ]);
  return ended.then(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => later(resolve, 0));
        later(resolve, 100);
      }),
  );
}

/**
 * Waits for the finite animations running on the page to end, and for what their ends start.
 * A before-state is the page a step left once it settled; read mid-animation, its HTML still
 * holds a closing dialog that the screenshot (animations finished, as Playwright's
 * `animations: 'disabled'` takes it) no longer shows.
 */
export async function finiteAnimationsEnded(page: Page): Promise<void> {
  await page.evaluate(followUpsEndedInPage, LONGEST_FOLLOW_UP_MS).catch(() => undefined);
}

/** In the page: its HTML (documentHtmlInPage), or undefined while a follow-up animation runs or when the serialisers are not the browser's. */
const htmlUnlessAnimating = pageFunction<(longestMs: number) => string | undefined>(
  `(longestMs) => (${followUpRunning.toString()})(longestMs) ? undefined : (${documentHtmlInPage.toString()})(${allNativeInPage.toString()})`,
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
