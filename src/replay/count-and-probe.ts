import type { Locator } from 'playwright';
import type { Probe } from './locate.js';

/** The locator's match count and, when it matches one element, the probe's answer: one round trip. */
export async function countAndProbe(locator: Locator, probe: Probe | undefined): Promise<{ count: number; probed?: unknown }> {
  const counted = () => locator.count().catch(() => 0);
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
