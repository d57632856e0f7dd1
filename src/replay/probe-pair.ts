import type { Probe } from './locate.js';
import { pageFunction } from './page-function.js';

/**
 * Two probes as one, run in the round trip that counts the target: its answer is `[first's,
 * second's]`. Each must be self-contained (pageFunction inlines their sources).
 */
export function probePair(first: Probe, second: Probe): Probe {
  const run = pageFunction<Probe['run']>(`(el, arg) => [(${first.run.toString()})(el, arg[0]), (${second.run.toString()})(el, arg[1])]`);
  return { run, arg: [first.arg, second.arg] };
}
