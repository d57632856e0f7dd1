import { constants } from 'node:os';

/** What a run does when SIGINT/SIGTERM arrives: stop, then flush what finished. */
export interface Interrupt {
  /** Aborted by the first SIGINT/SIGTERM: take no new episode, abandon those in flight. */
  readonly signal: AbortSignal;
  /** The signal received, if any. */
  readonly received: NodeJS.Signals | undefined;
  /** 128 + signal number (130 for SIGINT, 143 for SIGTERM) once interrupted. */
  exitCode(): number | undefined;
  /** Removes the handlers (the run is over), unless a signal came: then a second one still exits at once. */
  dispose(): void;
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Installs the run's SIGINT/SIGTERM/SIGHUP handlers. The first signal aborts `signal` (the
 * replay stops, results.jsonl already holds every finished episode, and the caller still writes
 * summary.json, JUnit and the HTML report); a second one exits at once with the same code.
 * Playwright's own handlers are turned off for browsers we launch (`ownSignals`), or its
 * SIGINT handler would `process.exit(130)` before anything is flushed.
 */
export function onInterrupt(warn: (message: string) => void, exit: (code: number) => never = process.exit): Interrupt {
  const controller = new AbortController();
  let received: NodeJS.Signals | undefined;
  const code = (s: NodeJS.Signals) => 128 + (constants.signals[s] ?? 2);
  const handler = (s: NodeJS.Signals) => {
    if (received) {
      warn(`${s} again: exiting now (results.jsonl has every finished episode; \`replaywright report\` rebuilds the reports)`);
      exit(code(received));
    }
    received = s;
    warn(
      `${s}: stopping; the episodes in flight are left out (--resume replays them), writing the reports for those that finished. ${s === 'SIGINT' ? 'Ctrl+C' : s} again exits at once.`,
    );
    controller.abort();
  };
  for (const s of SIGNALS) process.on(s, handler);
  return {
    signal: controller.signal,
    get received() {
      return received;
    },
    exitCode: () => (received ? code(received) : undefined),
    // Once interrupted, the handler stays until the process exits: a signal during the rest of
    // the shutdown must still mean "exit now", never the default kill with no exit code.
    dispose: () => {
      if (!received) SIGNALS.forEach((s) => process.off(s, handler));
    },
  };
}
