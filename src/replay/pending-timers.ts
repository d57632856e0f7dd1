import type { BrowserContext, Page } from 'playwright';

/** Timers longer than this are not an action's follow-up (a poll, a reminder): not waited for. */
const FOLLOW_UP_MS = 1000;

/**
 * Lets the final capture know of the short timers a page has set (a debounced save: jsoneditor
 * reports a change 150 ms after it, and a replay that ended sooner never sent it — passed, end
 * state wrong on the corpus). Each page's `setTimeout` is watched from its first script on;
 * the page's own code sees the same function behaviour (handler, delay, arguments, `this`, id).
 */
export async function watchPendingTimers(context: BrowserContext): Promise<void> {
  await context.addInitScript(installTimerWatch, FOLLOW_UP_MS);
}

/**
 * Resolves once every short timer the page had pending when asked has fired or been cleared
 * (not those they set in turn: a poll re-arming itself is waited for once), or after `maxMs`.
 * Says whether any was pending.
 */
export async function timersFired(page: Page, maxMs: number): Promise<boolean> {
  return (await page.evaluate(untilFired, shortTimersWait(maxMs)).catch(() => false)) === true;
}

/** How long untilFired waits, given `maxMs`: never past the longest timer it waits for. */
export const shortTimersWait = (maxMs: number): number => Math.min(maxMs, FOLLOW_UP_MS + 100);

type NativeSet = (this: unknown, handler: unknown, delay?: number, ...args: unknown[]) => number;

interface TimerWatch {
  pending: Map<number, () => void>;
  nativeSet: NativeSet;
}

/** In the page, at document start. */
function installTimerWatch(followUpMs: number): void {
  const key = Symbol.for('replaywright.pendingTimers');
  const w = window as unknown as Record<symbol, TimerWatch | undefined> & typeof globalThis;
  if (w[key]) return;
  // id → what to call when it fires or is cleared (settles the waits on it).
  const pending = new Map<number, () => void>();
  const nativeSet = w.setTimeout as unknown as NativeSet;
  Object.defineProperty(w, key, { value: { pending, nativeSet } satisfies TimerWatch, enumerable: false });
  const nativeClear = w.clearTimeout;
  const done = (id: number) => {
    const settle = pending.get(id);
    pending.delete(id);
    settle?.();
  };
  const watched = function (this: unknown, handler: TimerHandler, delay?: number, ...args: unknown[]): number {
    if (typeof handler !== 'function' || !(Number(delay || 0) <= followUpMs)) return nativeSet.call(this, handler, delay, ...args);
    const id = nativeSet.call(
      this,
      function (this: unknown, ...a: unknown[]) {
        try {
          return (handler as (...x: unknown[]) => unknown).apply(this, a);
        } finally {
          done(id);
        }
      },
      delay,
      ...args,
    );
    pending.set(id, () => undefined);
    return id;
  };
  w.setTimeout = watched as typeof setTimeout;
  w.clearTimeout = function (this: unknown, id?: number) {
    nativeClear.call(this, id);
    if (id !== undefined) done(id);
  } as typeof clearTimeout;
}

/** In the page: waits for the short timers pending now; true if there were any. */
export function untilFired(maxMs: number): Promise<boolean> {
  const watch = (window as unknown as Record<symbol, TimerWatch | undefined>)[Symbol.for('replaywright.pendingTimers')];
  if (!watch || watch.pending.size === 0) return Promise.resolve(false);
  const { pending, nativeSet } = watch;
  const waits = [...pending.keys()].map(
    (id) =>
      new Promise<void>((resolve) => {
        const before = pending.get(id)!;
        pending.set(id, () => {
          before();
          resolve();
        });
      }),
  );
  return Promise.race([Promise.all(waits), new Promise<void>((r) => nativeSet.call(window, r, maxMs))]).then(() => true);
}
