import type { BrowserContext } from 'playwright';

/**
 * How long a part of the page seen changing on its own stays suspect: a carousel turning every
 * few seconds is still turning a few steps later.
 */
const RECENT_MS = 10_000;

/**
 * What the own-change watch keeps on the page's window (Symbol.for('replaywright.ownChanges')),
 * read by the answer watch (effects/answer-watch.ts).
 */
export interface OwnChanges {
  /**
   * The input the running task descends from (its event's dispatch, or a timer or frame it set),
   * by number: inputs are numbered 1, 2, … as they come; 0 for none.
   */
  cause(): number;
  /** The number of the latest input. */
  latestInput(): number;
  /**
   * When every change in `records` is to a part of the page that changed on its own in the last
   * RECENT_MS: that part, `tag#id`. Undefined when any is not (or there are none).
   */
  onItsOwn(records: MutationRecord[]): string | undefined;
  /**
   * How many requests (fetch, XHR) the code of input number `input` or a later one sent (of the
   * latest 100), a poll's not among them; undefined where they could not be watched.
   */
  requestsSince(input: number): number | undefined;
  /** Forgets the changes made in this task so far: ours (a capture hiding the caret), not the page's. */
  ignoreOwn(): void;
}

/**
 * Lets a click's or a key's answer watch tell the page's answer to it from what the page does on
 * its own (a clock, a ticker, a carousel turning, a poll) and from what an earlier step set off
 * (a stopwatch a click started): without it, any of these during the watch reads as the answer,
 * and a click the app ignored passes as checked. Each page numbers the inputs it receives and
 * follows each one's doing through the timers and animation frames it sets, so a search's
 * debounced results are the key's that set them off; it notes, from its first script on, the
 * parts of its DOM that change in tasks no input caused while no answer is being watched (between
 * steps, and before the first), and which input's code sent each fetch and XHR request. The
 * page's own code sees the same timers, frames, ids and requests.
 */
export async function watchOwnChanges(context: BrowserContext): Promise<void> {
  await context.addInitScript(installOwnChangeWatch, RECENT_MS);
}

/** In the page, at document start. */
function installOwnChangeWatch(recentMs: number): void {
  const key = Symbol.for('replaywright.ownChanges');
  const w = window as unknown as Record<symbol, unknown> & typeof globalThis;
  if (w[key] || typeof MutationObserver !== 'function') return;
  // The events a person's input dispatches; a task dispatching one of them is the input's.
  const INPUT = (
    'pointerdown pointerup pointermove pointerover pointerout mousedown mouseup mousemove mouseover mouseout click dblclick auxclick contextmenu wheel keydown keypress keyup beforeinput input ' +
    'change compositionstart compositionupdate compositionend focusin focusout submit reset touchstart touchmove touchend dragstart dragover drop dragend paste cut copy select selectionchange'
  ).split(' ');
  // Set by the first listener any input event meets (these, at the window, in capture, added
  // before the page's), so a handler in a shadow tree, where window.event reads undefined, is
  // known to run for the input too; cleared by the next task (a message posted to ourselves, or
  // a timer or frame as it starts). A task of another kind that runs before that message (a
  // reply to a request) is taken for the input's: its changes then answer, as before this watch.
  let inputTask = false;
  // Each input's number (1, 2, …): its task's, and that of the timers and frames it set.
  let inputs = 0;
  const endOfTask = new MessageChannel();
  endOfTask.port1.onmessage = () => void (inputTask = false);
  const onInput = (e: Event) => {
    if (!e.isTrusted || inputTask) return;
    inputTask = true;
    inputs++;
    endOfTask.port2.postMessage(null);
  };
  for (const type of INPUT) w.addEventListener(type, onInput, true);
  let descended = 0;
  const cause = () => descended || (inputTask ? inputs : 0);
  // A timer's or frame's callback runs as a descendant of its scheduler's input, or of none;
  // the mark lasts through the microtasks it queued (the DOM's mutation records among them).
  const carry = <A extends unknown[]>(fn: (...a: A) => unknown, input: number) =>
    function (this: unknown, ...a: A) {
      const outer = descended;
      descended = input;
      inputTask = false;
      try {
        return fn.apply(this, a);
      } finally {
        queueMicrotask(() => void (descended = outer));
      }
    };
  const wrap = (name: 'setTimeout' | 'setInterval' | 'requestAnimationFrame') => {
    const native = w[name] as (...a: unknown[]) => number;
    w[name] = function (this: unknown, handler: unknown, ...rest: unknown[]) {
      const h = typeof handler === 'function' ? carry(handler as (...a: unknown[]) => unknown, cause()) : handler;
      return native.call(this, h, ...rest);
    } as never;
  };
  wrap('setTimeout');
  wrap('setInterval');
  wrap('requestAnimationFrame');
  // The inputs whose code sent a request (fetch, XHR), one entry a request, the latest 100: the
  // answer to that input, where a poll's requests are not.
  const requestCauses: number[] = [];
  const requested = () => {
    const c = cause();
    if (!c) return;
    requestCauses.push(c);
    if (requestCauses.length > 100) requestCauses.shift();
  };
  let requestsWatched = true;
  try {
    const nativeFetch = w.fetch;
    if (typeof nativeFetch === 'function')
      w.fetch = function (this: unknown, ...a: Parameters<typeof fetch>) {
        requested();
        return nativeFetch.apply(this, a);
      };
    const nativeSend = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...a: Parameters<XMLHttpRequest['send']>) {
      requested();
      return nativeSend.apply(this, a);
    };
  } catch {
    // A page that froze them: its requests are not told apart (any request answers, as before this watch).
    requestsWatched = false;
  }
  // Element → when it last changed on its own (performance.now()).
  const changed = new WeakMap<Element, number>();
  // The document's outer elements are never a part: scripts add to them on their own all the time.
  const outer = (el: Element | null) => !el || el === document.documentElement || el === document.body || el === document.head;
  /** The elements a record changed: its target, or for the outer elements the nodes added and removed. */
  const subjects = (r: MutationRecord): Element[] => {
    const el = r.target instanceof Element ? r.target : r.target.parentElement;
    if (!outer(el)) return [el!];
    if (r.type !== 'childList') return [];
    return Array.from(r.addedNodes)
      .concat(Array.from(r.removedNodes))
      .filter((n): n is Element => n instanceof Element);
  };
  const answerSlot = Symbol.for('replaywright.answerWatch');
  const observer = new MutationObserver((records) => {
    // A change while an answer is watched is the watch's to judge; one an input caused is its.
    if (w[answerSlot] || cause()) return;
    const now = performance.now();
    for (const r of records)
      for (const el of subjects(r)) {
        changed.set(el, now);
        if (!outer(el.parentElement)) changed.set(el.parentElement!, now);
      }
  });
  const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : el.classList[0] ? `.${el.classList[0]}` : ''}`;
  /** The part `el` is in that changed on its own lately (itself, or its parent: a clock's text, a carousel's next slide). */
  const ownPart = (el: Element, now: number) => {
    for (const at of [el, el.parentElement]) {
      const when = at ? changed.get(at) : undefined;
      if (at && when !== undefined && now - when < recentMs) return at;
    }
    return undefined;
  };
  const changes: OwnChanges = {
    cause,
    latestInput: () => inputs,
    onItsOwn(records) {
      const now = performance.now();
      let part: Element | undefined;
      for (const r of records)
        for (const el of subjects(r)) {
          const at = ownPart(el, now);
          if (!at) return undefined;
          part ??= at;
        }
      return part && name(part);
    },
    requestsSince: (input) => (requestsWatched ? requestCauses.filter((c) => c >= input).length : undefined),
    ignoreOwn: () => void observer.takeRecords(),
  };
  Object.defineProperty(w, key, { value: changes, enumerable: false });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}
