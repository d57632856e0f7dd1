import type { Page } from 'playwright';
import type { Action } from '../ir/index.js';
import { timersFired } from './pending-timers.js';
import type { RequestsInFlight } from './requests-in-flight.js';
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
 * both steps passed (silent-wrong on the corpus). Evidence, not a pause: one round trip when no
 * short timer is pending and no request open; otherwise the page is settled (settle.ts).
 */
export async function keysAnswered(page: Page, requests: RequestsInFlight): Promise<void> {
  const pending = await timersFired(page, ANSWER_PATIENCE_MS);
  if (pending || requests.waiting(page)) await settle(page, { requests, timers: true, maxMs: ANSWER_PATIENCE_MS });
}
