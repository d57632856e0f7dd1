import type { Probe } from '../locate.js';
import { probePair } from '../probe-pair.js';

/**
 * Runs inside the page, self-contained: whether an element is drawn where it is. Not when its
 * `visibility` is `hidden` or `collapse` (Chrome draws neither; Playwright's visible test and
 * Puppeteer's agree), nor when its box has no area. The one test of "shown" for finding a target:
 * a raced alternative's element, a hidden target's hovered row, a control revealed by hover.
 */
export function shownInPage(el: Element): boolean {
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden' || style.visibility === 'collapse') return false;
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

/**
 * `probe` (when there is one) and shownInPage, run together on the element in the round trip that
 * counts it (probePair); shownProbed reads the answer.
 */
export function withShown(probe: Probe | undefined): Probe {
  return probePair({ run: shownInPage, arg: null }, probe ?? NO_PROBE);
}

/** The step's own probe answer from a `withShown` answer, or undefined when the element is not shown. */
export function shownProbed(answer: unknown): { probed: unknown } | undefined {
  const { shown, probed } = shownAndProbed(answer);
  return shown === true ? { probed } : undefined;
}

/** A `withShown` answer taken apart; `shown` is undefined when the probe did not run (no single element, a failed evaluation). */
export function shownAndProbed(answer: unknown): { shown?: boolean; probed?: unknown } {
  if (!Array.isArray(answer)) return {};
  const [shown, probed] = answer as [unknown, unknown];
  return { shown: typeof shown === 'boolean' ? shown : undefined, probed };
}

const NO_PROBE: Probe = { run: () => undefined, arg: null };
