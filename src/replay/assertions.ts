import type { Locator } from 'playwright';
import { pollUntil } from './poll.js';
import { errorLine } from '../error-line.js';

/** A recorded assertion's verdict: `undefined` when it held, else what was seen instead. */
export type AssertionOutcome = string | undefined;

const normalize = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Recorded assertions are re-checked with Playwright's web-first patience: they may hold a
 * moment after the previous step, so each polls until it holds or the timeout passes.
 */
async function holdsWithin(timeoutMs: number, check: () => Promise<AssertionOutcome>): Promise<AssertionOutcome> {
  let last: AssertionOutcome = 'never checked';
  const ok = await pollUntil(async () => {
    last = await check().catch(errorLine);
    return last === undefined ? true : undefined;
  }, timeoutMs);
  return ok ? undefined : last;
}

export function assertText(locator: Locator, expected: string, substring: boolean, timeoutMs: number): Promise<AssertionOutcome> {
  const want = normalize(expected);
  return holdsWithin(timeoutMs, async () => {
    const got = normalize((await locator.textContent({ timeout: timeoutMs })) ?? '');
    const holds = substring ? got.includes(want) : got === want;
    return holds ? undefined : `expected text ${substring ? 'containing' : ''} "${want}", found "${got}"`;
  });
}

export function assertValue(locator: Locator, expected: string, timeoutMs: number): Promise<AssertionOutcome> {
  return holdsWithin(timeoutMs, async () => {
    const got = await locator.inputValue({ timeout: timeoutMs });
    return got === expected ? undefined : `expected value "${expected}", found "${got}"`;
  });
}

export function assertChecked(locator: Locator, expected: boolean, timeoutMs: number): Promise<AssertionOutcome> {
  return holdsWithin(timeoutMs, async () => {
    const got = await locator.isChecked({ timeout: timeoutMs });
    return got === expected ? undefined : `expected ${expected ? 'checked' : 'unchecked'}, found ${got ? 'checked' : 'unchecked'}`;
  });
}

export function assertVisible(locator: Locator, timeoutMs: number): Promise<AssertionOutcome> {
  return holdsWithin(timeoutMs, async () => ((await locator.isVisible()) ? undefined : 'element is not visible'));
}

/**
 * The recorded ARIA snapshot holds when each of its lines appears, in order, in the live one —
 * the partial-match spirit of `toMatchAriaSnapshot` without its template language.
 */
export function assertAriaSnapshot(locator: Locator, recorded: string | undefined, timeoutMs: number): Promise<AssertionOutcome> {
  if (!recorded) return assertVisible(locator, timeoutMs);
  const wanted = recorded
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return holdsWithin(timeoutMs, async () => {
    const live = (await locator.ariaSnapshot({ timeout: timeoutMs })).split('\n').map((l) => l.trim());
    let at = 0;
    for (const line of wanted) {
      const found = live.indexOf(line, at);
      if (found < 0) return `aria snapshot lacks "${line}"`;
      at = found + 1;
    }
    return undefined;
  });
}
