import type { Frame, Page } from 'playwright';
import type { AnswerWatch } from './answer-watch.js';
import type { DialogDesk } from '../dialogs.js';
import type { RequestsInFlight } from '../requests-in-flight.js';
import { settle } from '../settle.js';

/** Said of a click or a key whose answer watch (answer-watch.ts) saw nothing, even once the page settled. */
export const NO_ANSWER =
  'the page did not answer it once settled: no change to its DOM, a value, focus, the caret or scrolling, no navigation, request, dialog or page opened';

/** NO_ANSWER, saying what changed meanwhile that was not an answer (AnswerWatch.aside), if anything did. */
export const noAnswer = (aside?: string): string => (aside ? `${NO_ANSWER} (${aside})` : NO_ANSWER);

/** What the page did in answer to a click or a key; or, none seen, what to say of it (noAnswer). */
export type Answer = { answer: string } | { none: string };

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
  /** Of those, the fetch and XHR requests of the watched frame's code, which the page's watch tells apart (own-changes.ts). */
  fetches: number;
  dialogs: number;
  pages: number;
}

/** `frame`: the one whose answer watch is read (a click's: the main frame; a key's: its target's). */
export function outsideNow(page: Page, wait: AnswerWait, frame: Frame = page.mainFrame()): Outside {
  return {
    requests: wait.requests.issuedBy(page),
    fetches: wait.requests.fetchedBy(frame),
    dialogs: wait.dialogs.openedSoFar,
    pages: page.context().pages().length,
  };
}

/** A dialog or a page opened since `before`: an answer from outside the page that needs no reading of it. */
function openedOutside(now: Outside, before: Outside): string | undefined {
  if (now.dialogs !== before.dialogs) return 'a dialog opened';
  if (now.pages !== before.pages) return 'a page opened';
  return undefined;
}

/** The requests since `before`: all of them, and those other than the watched frame's fetch and XHR. */
interface Sent {
  all: number;
  elsewhere: number;
}

/**
 * In the page: the answer the watch has seen by now, ending the watch when answered or at `end`;
 * null when it is gone (ended, or another armed). A request answers when the page's code sent it
 * for the input (own-changes.ts: a poll's do not), or it came from elsewhere (a document, another
 * frame); where the page is not watched so, any request does.
 */
function readAnswerInPage({ token, end, sent }: { token: string; end: boolean; sent: Sent }): { answer?: string; aside?: string } | null {
  const watch = (window as unknown as Record<symbol, AnswerWatch | undefined>)[Symbol.for('replaywright.answerWatch')];
  if (watch?.token !== token) return null;
  const fromInput = watch.inputRequests();
  const requested = fromInput === undefined ? sent.all > 0 : fromInput > 0 || sent.elsewhere > 0;
  return watch.take(requested ? 'a request was sent' : undefined, end);
}

/**
 * A click or key the page showed no answer to right away: the answer may come later (a handler
 * that waits for a timer, a request's reply, a frame). Whatever answered outside the page (a
 * request sent for the input, not a poll's; a dialog, a popup) is enough; otherwise the page is
 * let settle (settle.ts: one round trip and two frames when nothing is pending) and the watch,
 * in `frame`, read once more. An input the app ignored (a click on a slider still sliding)
 * changes none of it.
 */
export async function answerOnceSettled(
  page: Page,
  token: string,
  wait: AnswerWait,
  before: Outside,
  frame: Frame = page.mainFrame(),
  /** What the watch saw change so far that was not an answer (AnswerWatch.aside). */
  aside?: string,
): Promise<Answer> {
  const sent = (now: Outside): Sent => ({
    all: now.requests - before.requests,
    elsewhere: now.requests - before.requests - (now.fetches - before.fetches),
  });
  const first = outsideNow(page, wait, frame);
  const opened = openedOutside(first, before);
  if (opened) return { answer: opened };
  if (first.requests !== before.requests) {
    const peek = await frame.evaluate(readAnswerInPage, { token, end: false, sent: sent(first) }).catch(() => null);
    if (peek?.answer) return { answer: peek.answer };
  }
  await settle(page, { requests: wait.requests, timers: true, maxMs: wait.maxMs });
  const now = outsideNow(page, wait, frame);
  const inPage = await frame.evaluate(readAnswerInPage, { token, end: true, sent: sent(now) }).catch(() => null);
  if (page.isClosed()) return { answer: 'its page closed' };
  if (inPage === null) return { answer: sent(now).all > 0 ? 'a request was sent' : 'its document was replaced' };
  const answer = inPage.answer ?? openedOutside(outsideNow(page, wait, frame), before);
  return answer ? { answer } : { none: noAnswer(inPage.aside ?? aside) };
}
