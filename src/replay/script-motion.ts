import type { BrowserContext } from 'playwright';

/**
 * How long a page moved by script must go without a style change to count as come to rest: a
 * frame is ~16.7 ms, so three frames with none, and a little.
 */
const QUIET_MS = 55;

/**
 * What the motion watch keeps on the page's window (Symbol.for('replaywright.scriptMotion')),
 * read by runningFollowUps (animations-ended.ts).
 */
export interface ScriptMotion {
  /** performance.now() of the last inline-style change seen. */
  last: number;
  /** When the current run of changes began (the first after a quiet gap). */
  since: number;
  quietMs: number;
  /** Animation-frame callbacks the page has asked for that have not run: script about to move it, maybe. */
  framesAsked: Set<number>;
  /** The page's native setTimeout, taken before any wrapper (pending-timers.ts) is installed. */
  later: (fn: () => void, ms: number) => unknown;
  /** The native requestAnimationFrame: a wait of ours for a frame, not counted among framesAsked. */
  nextFrame: (fn: () => void) => unknown;
  /** Forgets the style changes made in this task so far: ours (a capture hiding the caret), not the page's motion. */
  ignoreOwn: () => void;
}

/**
 * Lets the follow-up waits see motion that no Animation object stands for: a slider moved by
 * requestAnimationFrame writing its transform each frame (Flickity's physics, jQuery's
 * `animate`), which `document.getAnimations()` does not list. Each page notes, from its first
 * script on, when an element's inline style changes; the page's own code sees nothing of it.
 * Installed before the timer watch, so the native setTimeout it keeps is the browser's.
 */
export async function watchScriptMotion(context: BrowserContext): Promise<void> {
  await context.addInitScript(installMotionWatch, QUIET_MS);
}

/** In the page, at document start. */
function installMotionWatch(quietMs: number): void {
  const key = Symbol.for('replaywright.scriptMotion');
  const w = window as unknown as Record<symbol, ScriptMotion | undefined>;
  if (w[key] || typeof MutationObserver !== 'function') return;
  const observer = new MutationObserver(() => {
    const now = performance.now();
    if (now - motion.last >= quietMs) motion.since = now;
    motion.last = now;
  });
  const nativeSet = window.setTimeout.bind(window);
  const nativeFrame = window.requestAnimationFrame;
  const nativeCancel = window.cancelAnimationFrame;
  const framesAsked = new Set<number>();
  const motion: ScriptMotion = {
    last: -Infinity,
    since: -Infinity,
    quietMs,
    framesAsked,
    later: (fn, ms) => nativeSet(fn, ms),
    nextFrame: (fn) => nativeFrame.call(window, () => fn()),
    ignoreOwn: () => void observer.takeRecords(),
  };
  Object.defineProperty(w, key, { value: motion, enumerable: false });
  // The frames the page asks for, to know right after an action whether script will run at the
  // next frame (a slider's first move comes a frame after the click). The page's callbacks run
  // as before, with the same argument, `this` and id; anything but a function is the native's to refuse.
  window.requestAnimationFrame = function (this: unknown, callback: FrameRequestCallback): number {
    if (typeof callback !== 'function') return nativeFrame.call(this as Window, callback);
    const id: number = nativeFrame.call(window, function (this: unknown, time: number) {
      framesAsked.delete(id);
      return callback.call(this as Window, time);
    });
    framesAsked.add(id);
    return id;
  };
  window.cancelAnimationFrame = function (this: unknown, id: number): void {
    framesAsked.delete(id);
    return nativeCancel.call(this as Window, id);
  };
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['style'] });
}
