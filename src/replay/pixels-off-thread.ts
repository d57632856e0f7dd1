import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ScreenshotDiff } from '../compare/screenshot-diff.js';
import { comparePixels, PIXEL_THREAD, type PixelAnswer, type PixelJob } from './pixel-job.js';

/**
 * A recorded and a live screenshot compared on a thread of their own (diffScreenshots there):
 * the two decodes, the count and the diff image (~20–40 ms of CPU a step whose bytes differ,
 * every step of a recording made on another machine) then run while this thread drives the step
 * that is acting, instead of holding up its every round trip. The image is drawn there only when
 * `drawWhen` says it will be kept (comparePixels). One thread for the process, started on first use;
 * where it cannot run (its compiled file absent, as when running from TypeScript sources, or the
 * thread failed) the comparison runs here, with the same answer.
 */
export async function pixelsOffThread(
  recordedPng: Buffer,
  livePng: Buffer,
  options: PixelJob['options'],
  drawWhen: PixelJob['drawWhen'],
): Promise<ScreenshotDiff> {
  if (recordedPng.equals(livePng)) return { ratio: 0, pixels: 0 };
  const thread = pixelThread();
  if (thread) {
    const answer = await thread.ask(recordedPng, livePng, options, drawWhen).catch(() => undefined);
    if (answer?.ok) {
      const { id: _, ok: __, diffPng, ...figures } = answer;
      return { ...figures, ...(diffPng ? { diffPng: Buffer.from(diffPng.buffer, diffPng.byteOffset, diffPng.byteLength) } : {}) };
    }
  }
  return comparePixels(recordedPng, livePng, options, drawWhen);
}

class PixelThread {
  private readonly pending = new Map<number, { resolve: (a: PixelAnswer) => void; reject: (e: Error) => void }>();
  private next = 0;

  constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', (a: PixelAnswer) => {
      this.pending.get(a.id)?.resolve(a);
      this.settled(a.id);
    });
    // A thread that died answers nothing more: every waiting comparison runs here instead.
    const fail = (e: Error) => {
      broken = true;
      for (const [id, p] of this.pending) {
        p.reject(e);
        this.settled(id);
      }
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the pixel thread exited')));
  }

  ask(recorded: Buffer, live: Buffer, options: PixelJob['options'], drawWhen: PixelJob['drawWhen']): Promise<PixelAnswer> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Held open only while a comparison is out: an idle thread never keeps the process alive.
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ id, recorded, live, options, drawWhen } satisfies PixelJob);
    });
  }

  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }
}

let thread: PixelThread | undefined;
let broken = false;

function pixelThread(): PixelThread | undefined {
  if (thread || broken) return broken ? undefined : thread;
  // Next to this module: dist/replay/ for the library, dist/bin/ for the CLI (its own entry there).
  const entry = new URL('./pixel-diff-thread.js', import.meta.url);
  if (entry.protocol !== 'file:' || !existsSync(fileURLToPath(entry))) {
    broken = true;
    return undefined;
  }
  try {
    // The process's Node flags, but for one a thread started from a file refuses (a script run with `-e`).
    const execArgv = process.execArgv.filter((a) => !a.startsWith('--input-type'));
    thread = new PixelThread(new Worker(entry, { workerData: PIXEL_THREAD, execArgv }));
  } catch {
    broken = true;
  }
  return thread;
}

/** Whether comparisons go to the pixel thread (it has started and not failed), rather than run here. */
export function pixelThreadInUse(): boolean {
  return thread !== undefined && !broken;
}
