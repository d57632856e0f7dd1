import type { Probe } from './locate.js';

const pairs = new WeakMap<Probe['run'], WeakMap<Probe['run'], Probe['run']>>();

/**
 * Two probes as one, run in the round trip that counts the target: its answer is `[first's,
 * second's]`. Playwright sends a page function as its source text, so the pair is built here
 * from both sources (Node, not the page: no page CSP applies); each must be self-contained.
 */
export function probePair(first: Probe, second: Probe): Probe {
  let bySecond = pairs.get(first.run);
  if (!bySecond) pairs.set(first.run, (bySecond = new WeakMap()));
  let run = bySecond.get(second.run);
  if (!run) {
    const source = `(el, arg) => [(${first.run.toString()})(el, arg[0]), (${second.run.toString()})(el, arg[1])]`;
    run = new Function(`return ${source}`)() as Probe['run'];
    bySecond.set(second.run, run);
  }
  return { run, arg: [first.arg, second.arg] };
}
