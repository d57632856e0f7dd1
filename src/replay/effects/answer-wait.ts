import type { Frame, Page } from 'playwright';
import type { AnswerWatch } from './answer-watch.js';
import type { DialogDesk } from '../dialogs.js';
import type { RequestsInFlight } from '../requests-in-flight.js';
import { settle } from '../settle.js';

/** Said of a click or a key whose answer watch (answer-watch.ts) saw nothing, even once the page settled. */
export const NO_ANSWER =
  'the page did not answer it once settled: no change to its DOM, a value, focus, the caret or scrolling, no navigation, request, dialog or page opened';

/** What tells, outside the page, whether it answered a click or a key: its requests, the dialogs and pages opened. */
export interface AnswerWait {
  requests: RequestsInFlight;
  dialogs: Pick<DialogDesk, 'openedSoFar'>;
  /** The longest the page is given to settle before its answer is read (an answer after a request's reply). */
  maxMs: number;
}

/** What an answer outside the page is told by, taken just before the click or key (outsideNow). */
export interface Outside {
  requests: number;
  dialogs: number;
  pages: number;
}

export function outsideNow(page: Page, wait: AnswerWait): Outside {
  return { requests: wait.requests.issuedBy(page), dialogs: wait.dialogs.openedSoFar, pages: page.context().pages().length };
}

function answeredOutside(page: Page, wait: AnswerWait, before: Outside): string | undefined {
  const now = outsideNow(page, wait);
  if (now.requests !== before.requests) return 'a request was sent';
  if (now.dialogs !== before.dialogs) return 'a dialog opened';
  if (now.pages !== before.pages) return 'a page opened';
  return undefined;
}

/** In the page: the answer the watch has seen by now, ending the watch; null when it is gone (ended, or another armed). */
function readAnswerInPage(token: string): string | false | null {
  const watch = (window as unknown as Record<symbol, AnswerWatch | undefined>)[Symbol.for('replaywright.clickAnswer')];
  return watch?.token === token ? (watch.read(true) ?? false) : null;
}

/**
 * A click or key the page showed no answer to right away: the answer may come later (a handler
 * that waits for a timer, a request's reply, a frame). Whatever answered outside the page (a
 * request, a dialog, a popup) is enough; otherwise the page is let settle (settle.ts: one round
 * trip and two frames when nothing is pending) and the watch, in `frame`, read once more. An
 * input the app ignored (a click on a slider still sliding) changes none of it.
 */
export async function answerOnceSettled(
  page: Page,
  token: string,
  wait: AnswerWait,
  before: Outside,
  frame: Frame = page.mainFrame(),
): Promise<string | undefined> {
  const outside = answeredOutside(page, wait, before);
  if (outside) return outside;
  await settle(page, { requests: wait.requests, timers: true, maxMs: wait.maxMs });
  const inPage = await frame.evaluate(readAnswerInPage, token).catch(() => null);
  if (page.isClosed()) return 'its page closed';
  return inPage || answeredOutside(page, wait, before) || (inPage === null ? 'its document was replaced' : undefined);
}
