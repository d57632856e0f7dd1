import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Opt-in per-phase timing of a replay (`REPLAYWRIGHT_PROFILE=1`): where an episode's wall time
 * goes — context, comparison capture, resolve, act, effect checks, signals, final capture —
 * so a cut is aimed by measurement. Off, `timed` is one property read and a call: nothing is
 * recorded and no result changes. On, each episode prints one line to stderr:
 * `replaywright-profile {"episode":…,"totalMs":…,"phases":{"<phase>":{"ms":…,"n":…}}}`.
 * Phases nest (`step.run` contains `run.resolve`, and is split by action type as `step.run.click`,
 * `step.run.fill`…), so their sums overlap by design. docs/benchmarks.md#profiling-a-replay lists them.
 */
export interface PhaseTotals {
  [phase: string]: { ms: number; n: number };
}

const store = new AsyncLocalStorage<PhaseTotals>();

export const profiling = (): boolean => process.env.REPLAYWRIGHT_PROFILE === '1';

/** Runs `work` with its phases totalled, when profiling is on; hands the totals to `report`. */
export async function profiledEpisode<T>(work: () => Promise<T>, report: (phases: PhaseTotals) => void): Promise<T> {
  if (!profiling()) return work();
  const phases: PhaseTotals = {};
  try {
    return await store.run(phases, work);
  } finally {
    report(phases);
  }
}

/** Adds the time `work` takes to `phase` of the episode being profiled (if any). */
export async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
  const phases = store.getStore();
  if (!phases) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    const entry = (phases[phase] ??= { ms: 0, n: 0 });
    entry.ms += performance.now() - started;
    entry.n += 1;
  }
}

/** Adds a synchronous stretch to `phase` (pure comparison work between awaits). */
export function timedSync<T>(phase: string, work: () => T): T {
  const phases = store.getStore();
  if (!phases) return work();
  const started = performance.now();
  try {
    return work();
  } finally {
    const entry = (phases[phase] ??= { ms: 0, n: 0 });
    entry.ms += performance.now() - started;
    entry.n += 1;
  }
}

/** The line `profiledEpisode` prints, rounded for reading. */
export function profileLine(episode: string, totalMs: number, phases: PhaseTotals): string {
  const rounded = Object.fromEntries(
    Object.entries(phases)
      .sort(([, a], [, b]) => b.ms - a.ms)
      .map(([k, v]) => [k, { ms: Math.round(v.ms), n: v.n }]),
  );
  return `replaywright-profile ${JSON.stringify({ episode, totalMs: Math.round(totalMs), phases: rounded })}\n`;
}
