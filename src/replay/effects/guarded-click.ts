import type { Page } from 'playwright';
import { watchNavigation } from '../navigation-watch.js';
import { checked, noEffect, unverified, type EffectCheck } from './effect.js';
import { liveShape, shownWords, type RecordedChange } from './recorded-change.js';
import type { AnswerWatch } from './answer-watch.js';
import { changeStillToCome } from '../../compare/page-change.js';
import type { Hit } from './hit-test.js';
import { LONGEST_FOLLOW_UP_MS, runningFollowUps, sawStill } from '../animations-ended.js';
import { pageFunction } from '../page-function.js';
import { answerOnceSettled, NO_ANSWER, outsideNow, type AnswerWait, type Outside } from './answer-wait.js';

/** What the click guard saw (hit-test.ts arms it in the resolver's counting round trip). */
interface Verdict {
  /** The document it was read in: another than the guarded one means the click navigated. */
  timeOrigin: number;
  found: boolean;
  seen?: string[];
  blocked?: string;
  navigation?: { sameDocument: boolean; download: boolean };
  /** A follow-up animation (a slide, a fade) runs after the click. */
  moving?: boolean;
  /** What the page did in answer to the click so far (hit-test.ts `watchAnswer`), if anything. */
  answer?: string;
  /** What changed meanwhile that was not an answer (AnswerWatch.aside). */
  aside?: string;
}

/**
 * Runs inside the page, self-contained: reads the guard's verdict and removes it. A navigation
 * the page's own handlers cancelled or took over (Navigation API `intercept`, a router) leaves
 * the document: only a cross-document one is waited for.
 */
function readGuardInPage(token: string): Verdict {
  type Navigate = Event & { destination: { sameDocument: boolean }; downloadRequest: string | null };
  type Guard = {
    token: string;
    seen: string[];
    blocked?: string;
    navigate?: Navigate;
    submit?: SubmitEvent;
    watch?: AnswerWatch;
    release(): void;
  };
  const guard = (window as unknown as Record<symbol, Guard | undefined>)[Symbol.for('replaywright.clickGuard')];
  if (!guard || guard.token !== token) return { timeOrigin: performance.timeOrigin, found: false };
  guard.release();
  const n = guard.navigate;
  const intercepted = (window as unknown as { navigation: { transition: unknown } }).navigation.transition !== null;
  // A submitted form whose navigation is not yet under way (Chrome plans it for a later task):
  // one that loads in this window, unless a handler cancelled it or it only closes a <dialog>.
  const s = guard.submit;
  const form = s?.target instanceof HTMLFormElement ? s.target : undefined;
  const attr = (name: string) => s?.submitter?.getAttribute(`form${name}`) ?? form?.getAttribute(name) ?? '';
  const target = (attr('target') || document.querySelector('base[target]')?.getAttribute('target') || '').toLowerCase();
  const submits =
    !!form && !s!.defaultPrevented && attr('method').toLowerCase() !== 'dialog' && ['', '_self', '_top', '_parent'].includes(target);
  const navigation =
    n && !n.defaultPrevented
      ? { sameDocument: n.destination.sameDocument || intercepted, download: n.downloadRequest !== null }
      : submits
        ? { sameDocument: false, download: false }
        : undefined;
  const outside = n ? 'a navigation began' : s ? 'a form was submitted' : undefined;
  // Answered: the watch ends. Else it runs on until the answer wait reads it.
  const { answer, aside } = guard.watch?.take(outside) ?? { answer: outside };
  return { timeOrigin: performance.timeOrigin, found: true, seen: guard.seen, blocked: guard.blocked, navigation, answer, aside };
}

/** readGuardInPage, and in the same round trip whether the click started a follow-up animation. */
const readGuardAndMotion = pageFunction<(arg: { token: string; longestMs: number }) => Verdict>(
  `(arg) => ({ ...(${readGuardInPage.toString()})(arg.token), moving: (${runningFollowUps.toString()})(arg.longestMs).length > 0 })`,
);

export type Armed = Hit & { guard: NonNullable<Hit['guard']> };

export function isArmed(hit: unknown): hit is Armed {
  return typeof hit === 'object' && hit !== null && 'guard' in hit && (hit as Hit).guard !== undefined;
}

/**
 * Sent, with what it checked (`unanswered`: its events reached the target, and the page showed
 * no answer once settled); or blocked (it reached nothing), with what covered the point it was aimed at.
 */
export type GuardedClick = { sent: true; check: EffectCheck; unanswered?: true } | { sent: false; coveredBy: string; x: number; y: number };

/**
 * A plain click on a target the resolver has just hit-tested and armed: the mouse goes to the
 * point itself, without Playwright's actionability wait, whose "stable" part alone costs two
 * animation frames (~33 ms) a click. What that wait protects against — the click landing on
 * something else because the target moved or a cover came — the guard checks where it matters,
 * on the click's first event as it arrives (hit-test.ts); a click it had to block (`sent: false`)
 * reached nothing, and the caller clicks with Playwright's full wait instead. A navigation the click
 * starts is waited for until it loads (as after a locator click, the next step needs the new
 * page); the page's own Navigation API says whether one began, so no grace is paid otherwise.
 */
export async function guardedClick(
  page: Page,
  hit: Armed,
  click: { button: 'left' | 'middle' | 'right'; delay?: number },
  timeoutMs: number,
  /** Judge the click by the page's answer to it (a plain click), waiting for one as answerWait says. */
  answerWait?: AnswerWait,
): Promise<GuardedClick> {
  const { token, x, y, timeOrigin } = hit.guard;
  const before = answerWait && outsideNow(page, answerWait);
  // The page says when the click starts a navigation (or submits a form, whose navigation Chrome
  // starts a task later), so its request is waited for as long as the step may take (a loaded
  // machine can take seconds to issue it), never a grace that guesses.
  const navigation = watchNavigation(page, timeoutMs, timeoutMs);
  let verdict: Verdict | undefined;
  try {
    await page.mouse.click(x, y, { button: click.button, delay: click.delay });
    // A read that fails with the document gone (a navigation committed) leaves `verdict` unset.
    verdict = await page.evaluate(readGuardAndMotion, { token, longestMs: LONGEST_FOLLOW_UP_MS }).catch((error: unknown) => {
      if (page.isClosed() || /context was destroyed|navigat/i.test(String(error))) return undefined;
      throw error;
    });
  } catch (error) {
    navigation.stop();
    if (page.isClosed()) return { sent: true, check: checked('the click closed its page') };
    throw error;
  }
  if (verdict?.blocked !== undefined) {
    navigation.stop();
    return { sent: false, coveredBy: verdict.blocked, x: hit.x, y: hit.y };
  }
  const navigated = !verdict || verdict.timeOrigin !== timeOrigin;
  const starting = verdict?.navigation && !verdict.navigation.sameDocument && !verdict.navigation.download;
  if (navigated || starting) await navigation.started();
  else navigation.stop();
  const at = `(${hit.x}, ${hit.y})`;
  if (page.isClosed()) return { sent: true, check: checked('the click closed its page') };
  if (navigated) return { sent: true, check: checked(`the page navigated after the click at ${at} (${hit.hit})`) };
  if (verdict?.found && verdict.moving === false && !starting) sawStill(page);
  if (!verdict?.found) return { sent: true, check: unverified(`the click was sent to ${at}; its hit-target guard was gone when read`) };
  if (!verdict.seen?.length)
    return { sent: true, check: unverified(`the click was sent to ${at}; the page stopped its events before they could be checked`) };
  const reached = `the click's events reached the target at ${at} (${hit.hit})`;
  if (!answerWait || !before) return { sent: true, check: checked(reached) };
  return judgedByAnswer(page, token, verdict, reached, answerWait, before);
}

type Sent = Extract<GuardedClick, { sent: true }>;

/** Checked with the page's answer named; or, none coming once the page has settled, unverified and `unanswered`. */
async function judgedByAnswer(
  page: Page,
  token: string,
  seen: Pick<Verdict, 'answer' | 'aside'>,
  sent: string,
  wait: AnswerWait,
  before: Outside,
): Promise<Sent> {
  const got =
    seen.answer !== undefined ? { answer: seen.answer } : await answerOnceSettled(page, token, wait, before, undefined, seen.aside);
  if ('answer' in got) return { sent: true, check: checked(`${sent}, and ${got.answer}`) };
  return { sent: true, check: unverified(`${sent}, but ${got.none}`), unanswered: true };
}

/**
 * A plain click Playwright sent (its target covered, out of view or not usable when tested,
 * hit-test.ts `watch`), judged as a guarded one is by the page's answer. `tested` is what the
 * hit-test said before it; a watch gone (the click took longer than the watch lives) leaves it.
 */
export async function answerToWatchedClick(
  page: Page,
  watch: { token: string; timeOrigin: number },
  tested: EffectCheck,
  wait: AnswerWait,
  before: Outside,
): Promise<Sent> {
  // The guard alone: no follow-up read, since no still-mark is taken after a click Playwright sent.
  const verdict = await page.evaluate(readGuardInPage, watch.token).catch(() => undefined);
  const detail = tested.ok ? tested.mark.detail : tested.message;
  if (page.isClosed()) return { sent: true, check: checked('the click closed its page') };
  if (!verdict || verdict.timeOrigin !== watch.timeOrigin)
    return { sent: true, check: checked(`${detail}; the page navigated after the click`) };
  if (!verdict.found || !tested.ok || tested.mark.status !== 'checked') return { sent: true, check: tested };
  return judgedByAnswer(page, watch.token, verdict, detail, wait, before);
}

/**
 * A click the page did not answer, where the recording shows the page changing structurally
 * after it (recordedChange: a row, an item, a line added or removed): the app did not do what
 * the person's click did (busy, or the control disabled by its own state), and the step fails
 * `no-effect`, as a key the recording shows changing the page does (key-change.ts). Where the
 * recording shows no such change, or the live page already reads as the recording after it,
 * the click stays unverified.
 */
export async function unansweredClickCheck(page: Page, recorded: RecordedChange | undefined, noAnswer: EffectCheck): Promise<EffectCheck> {
  if (!recorded) return noAnswer;
  const now = await liveShape(page, recorded.attributes);
  if (!now) return checked('the page navigated after the click');
  const left = changeStillToCome(recorded.change, now, recorded.after);
  if (!left.add.length && !left.remove.length) return noAnswer;
  return noEffect(
    `the recording shows the page changing after this click (it ${shownWords(recorded.change)}); here the click's events reached the target, but ${NO_ANSWER}`,
  );
}
