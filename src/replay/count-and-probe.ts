import { pageFunction } from './page-function.js';
import type { Frame, Locator } from 'playwright';
import { plainSelector } from '../selectors/plain-selector.js';
import type { Probe } from './locate.js';
import { countPlainly, type PlainAnswer } from './plain-query.js';

/**
 * A selector in a frame, where a locator would do: counted by the browser's own query when it
 * is plain CSS or XPath (plain-query.ts), by Playwright's engine otherwise.
 */
export interface FrameQuery {
  frame: Frame;
  selector: string;
}

type Counted = Locator | FrameQuery;

const isQuery = (c: Counted): c is FrameQuery => 'frame' in c && 'selector' in c && typeof c.selector === 'string';
const locatorOf = (c: Counted): Locator => (isQuery(c) ? c.frame.locator(c.selector) : c);

/** The browser's own answer for a plain selector (plain-query.ts); undefined when Playwright's engine must answer. */
async function plainly(c: Counted, probe: Probe | undefined): Promise<PlainAnswer> {
  if (!isQuery(c)) return undefined;
  const plain = plainSelector(c.selector);
  return plain ? countPlainly(c.frame, plain, probe) : undefined;
}

/**
 * How many elements the locator (or the selector in its frame) matches, 0 when it cannot be
 * evaluated, counted in the page's own world, where every other read of a step runs.
 * Playwright's `count()` counts from its utility world, and the first use of that world on a
 * document injects Playwright's script there: ~60–100 ms here, on every document a step only
 * counted on.
 */
export async function countMatches(counted: Counted): Promise<number> {
  const plain = await plainly(counted, undefined);
  if (plain && plain !== 'replaced') return plain.count;
  const locator = locatorOf(counted);
  // The page replaced its query functions, which Playwright's engine calls in the page's world
  // too: counted in Playwright's own world instead, where the page's scripts cannot reach.
  if (plain === 'replaced') return locator.count().catch(() => 0);
  return locator.evaluateAll(ELEMENTS).catch(() => 0);
}
const ELEMENTS = (els: Element[]) => els.length;

/** The match count and, when it matches one element, the probe's answer: one round trip. */
export async function countAndProbe(counted: Counted, probe: Probe | undefined): Promise<{ count: number; probed?: unknown }> {
  if (!probe) return { count: await countMatches(counted) };
  const plain = await plainly(counted, probe);
  if (plain && plain !== 'replaced') return plain;
  const locator = locatorOf(counted);
  const both = countingProbe(probe.run);
  return (await locator.evaluateAll(both, probe.arg as never).catch(() => undefined)) ?? { count: await countMatches(locator) };
}

type CountingProbe = (els: Element[], arg: never) => { count: number; probed?: unknown };

/** The probe wrapped to count too. */
const countingProbe = (run: Probe['run']) =>
  pageFunction<CountingProbe>(
    `(els, arg) => ({ count: els.length, probed: els.length === 1 ? (${run.toString()})(els[0], arg) : undefined })`,
  );
