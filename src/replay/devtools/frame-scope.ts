import type { Frame, Page } from 'playwright';
import type { Action, Locate, Target } from '../../ir/index.js';
import { FRAME_HOP } from '../../selectors/index.js';
import type { Outcome } from '../perform.js';
import { outOfProcessSession } from './cdp.js';

/**
 * Steps whose page turned out to be a frame (a DevTools `target` that is a cross-site iframe's
 * URL, bound by the popup expectation): each runs on the frame's page with its targets moved
 * into the frame, as @puppeteer/replay plays such a step in that frame.
 */

export function isFrame(x: Page | Frame): x is Frame {
  return !('mainFrame' in x);
}

/**
 * Whether Chrome runs the frame in a process of its own: only then is it a CDP target, and only
 * targets are what @puppeteer/replay looks a `target` URL up among. Playwright opens a CDP
 * session only on such a frame.
 */
export async function outOfProcess(frame: Frame): Promise<boolean> {
  return (await outOfProcessSession(frame)) !== undefined;
}

/** Where the frame is: its iframe elements as selectors, and its child-frame indexes, from the main frame down. */
interface FramePlace {
  hops: string[];
  indexes: number[];
}

async function placeOf(frame: Frame): Promise<FramePlace | undefined> {
  const place: FramePlace = { hops: [], indexes: [] };
  for (let f = frame, parent = f.parentFrame(); parent; f = parent, parent = f.parentFrame()) {
    place.indexes.unshift(parent.childFrames().indexOf(f));
    const owner = await f.frameElement().catch(() => undefined);
    if (!owner) return undefined;
    // `:nth-child` steps from the parent document's root: exactly this iframe, whatever its attributes.
    const path = await owner.evaluate((node) => {
      const steps: string[] = [];
      for (let e: Element | null = node as Element; e; e = e.parentElement) {
        const parent = e.parentElement;
        steps.unshift(
          parent ? `${CSS.escape(e.localName)}:nth-child(${Array.prototype.indexOf.call(parent.children, e) + 1})` : e.localName,
        );
      }
      return `css=${steps.join(' > ')}`;
    });
    await owner.dispose();
    place.hops.unshift(path);
  }
  return place;
}

/**
 * The action as it runs in `frame`, or what running it there came to: what @puppeteer/replay
 * does nothing with in a frame (setViewport, close) is skipped, a navigation or a window scroll
 * is the frame's own.
 */
export async function scopeToFrame(
  action: Action,
  frame: Frame,
  mapUrl: (url: string) => string,
  timeoutMs: number,
): Promise<{ action: Action } | { done: Outcome }> {
  if (action.type === 'setViewport' || action.type === 'closePage')
    return { done: { status: 'passed', notes: [`${action.type} on a frame: @puppeteer/replay does nothing with it either`] } };
  if (action.type === 'navigate') {
    await frame.goto(mapUrl(action.url), { timeout: timeoutMs });
    return { done: { status: 'passed' } };
  }
  if (action.type === 'scroll' && !action.target && action.to) {
    await frame.evaluate((p) => window.scroll(p.x, p.y), action.to);
    return { done: { status: 'passed' } };
  }
  const place = await placeOf(frame);
  if (!place) return { done: { status: 'failed', reason: 'page-not-found', message: `the frame at ${frame.url()} left its page` } };
  const moved = structuredClone(action) as Action & { target?: Target; expected?: Target };
  if (moved.target) moved.target = { ...moved.target, locate: moved.target.locate.flatMap((l) => intoFrame(l, place)) };
  if (moved.type === 'wait') {
    if (moved.expression) moved.framePath = [...place.hops, ...(moved.framePath ?? [])];
    if (moved.elements) {
      moved.elements.selectors = moved.elements.selectors.map((s) => [...place.hops, s].join(FRAME_HOP));
      moved.elements.aria = moved.elements.aria?.map((a) => ({ ...a, framePath: [...place.indexes, ...(a.framePath ?? [])] }));
    }
  }
  return { action: moved };
}

/**
 * A locate moved into the frame. Only frame-relative ones (a `selector` or an `aria` query with
 * its `framePath`, as the decoder writes them for a step named by URL) can be; the others would
 * search the top document and are dropped, but for those that only describe the element.
 */
function intoFrame(l: Locate, place: FramePlace): Locate[] {
  if (l.kind === 'selector' && l.framePath) return [{ ...l, framePath: [...place.hops, ...l.framePath] }];
  if ((l.kind === 'aria' || l.kind === 'textContains') && l.framePath) return [{ ...l, framePath: [...place.indexes, ...l.framePath] }];
  return l.kind === 'fingerprint' ? [l] : [];
}
