import type { Locator } from 'playwright';
import type { Probe } from './locate.js';

/**
 * How many elements the locator matches (0 when it cannot be evaluated), counted in the page's
 * own world, where every other read of a step runs. Playwright's `count()` counts from its
 * utility world, and the first use of that world on a document injects Playwright's script
 * there: ~60–100 ms here, on every document a step only counted on.
 */
export function countMatches(locator: Locator): Promise<number> {
  return locator.evaluateAll(ELEMENTS).catch(() => 0);
}
const ELEMENTS = (els: Element[]) => els.length;

/** The locator's match count and, when it matches one element, the probe's answer: one round trip. */
export async function countAndProbe(locator: Locator, probe: Probe | undefined): Promise<{ count: number; probed?: unknown }> {
  const counted = () => countMatches(locator);
  if (!probe) return { count: await counted() };
  const both = countingProbe(probe.run);
  return (await locator.evaluateAll(both, probe.arg as never).catch(() => undefined)) ?? { count: await counted() };
}

type CountingProbe = (els: Element[], arg: never) => { count: number; probed?: unknown };
const counting = new WeakMap<Probe['run'], CountingProbe>();

/**
 * The probe wrapped to count too. Playwright sends a page function as its source text, so the
 * wrapper is built here from the probe's source (Node, not the page: no page CSP applies).
 */
function countingProbe(run: Probe['run']): CountingProbe {
  let both = counting.get(run);
  if (!both) {
    const source = `(els, arg) => ({ count: els.length, probed: els.length === 1 ? (${run.toString()})(els[0], arg) : undefined })`;
    both = new Function(`return ${source}`)() as CountingProbe;
    counting.set(run, both);
  }
  return both;
}
