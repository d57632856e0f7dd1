import type { Browser, Page } from 'playwright';
import type { StepResult } from '../../ir/results.js';

/** What a page gets beyond the step timeout to answer a trivial evaluation before it counts as hung. */
export const HUNG_GRACE_MS = 2000;

/**
 * The per-step watchdog. A busy-looping renderer, or a page growing its DOM forever, answers
 * nothing: calls without their own timeout (page.content(), evaluations, tracing) would wait on
 * it for ever and the run would never reach the next episode. Each step's work is raced against
 * a budget; a step that failed or ran out of it has its pages asked for `1`, and a page that does
 * not answer within the step timeout plus a grace is *hung*: the episode ends `error`/`page-hung`
 * naming the step, and its context is discarded (see {@link discard}).
 */
export class Watchdog {
  /** The step the episode hung at, with the message for it, once a page did not answer. */
  hung: { index: number; message: string } | undefined;
  private late = false;

  constructor(private readonly timeoutMs: number) {}

  /** `work`, or undefined when it has not settled within `ms` (the work is left behind; the caller probes). */
  async within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        this.late = true;
        resolve(undefined);
      }, ms);
    });
    return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
  }

  /** Whether something raced by {@link within} ran out of time since the last probe. */
  get overran(): boolean {
    return this.late;
  }

  /**
   * Asks each page for a trivial evaluation; the first that does not answer within the step
   * timeout + grace makes the episode hung at `step`. Returns whether it is.
   */
  async probe(pages: readonly Page[], step: { index: number; description: string }): Promise<boolean> {
    this.late = false;
    if (this.hung) return true;
    const wait = this.timeoutMs + HUNG_GRACE_MS;
    for (const page of pages) {
      if (page.isClosed()) continue;
      const answered = await this.within(
        page.evaluate('1').then(
          () => true,
          () => true,
        ),
        wait,
      );
      this.late = false;
      if (answered) continue;
      this.hung = {
        index: step.index,
        message: `step ${step.index + 1} (${step.description}): the page did not answer within ${wait} ms (${this.timeoutMs} ms step timeout + ${HUNG_GRACE_MS} ms): its renderer is hung (a script that never yields, or a page growing without end); the episode was stopped and its browser context discarded (at ${page.url() || 'about:blank'})`,
      };
      return true;
    }
    return false;
  }

  /** The step's result charged to the hang. */
  explain(result: StepResult): StepResult {
    if (!this.hung || this.hung.index !== result.index) return result;
    return { ...result, status: 'failed', reason: 'page-hung', message: this.hung.message };
  }
}

/**
 * Closes a hung episode's context without waiting on the hung renderer for ever: when the close
 * does not come back within `ms`, the whole browser is closed (the worker opens a new one for the
 * next episode, as after a crash).
 */
export async function discard(close: () => Promise<void>, browser: Browser, ms = 5000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    close().then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]).finally(() => clearTimeout(timer));
  if (!closed) await browser.close().catch(() => undefined);
}
