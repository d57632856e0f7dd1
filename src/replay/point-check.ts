import type { Frame, Locator, Page } from 'playwright';
import { describeTarget } from '../ir/describe.js';
import type { Box, Locate, Target, Viewport } from '../ir/index.js';
import { liveLocators } from './locate.js';

/**
 * The drift check of actions recorded at a point (VWA element_id and MOUSE_* actions): is the
 * element the live page shows at the recorded point the one the recording named there?
 */
export interface PointCheck {
  /** The point, in live viewport CSS px. */
  x: number;
  y: number;
  /** The recorded element, e.g. `link "Continue shopping"`. */
  expected: string;
  /** What is at the point on the live page, e.g. `div.c-mn__in_p1 "Your cart…"`. */
  found: string;
  match: boolean;
  /** `--repair` acted on the element found again by role, name and nearest box. */
  repaired?: boolean;
}

/** The ways of naming the element a live page can check (role, text, label…); boxes and fingerprints cannot. */
const NAMED = new Set<Locate['kind']>(['role', 'text', 'label', 'placeholder', 'alt', 'title', 'testId', 'css', 'xpath', 'selector']);

/** Every live element the target's first checkable name matches; undefined when it names none. */
function namedElements(page: Page, target: Target): Locator | undefined {
  const locate = target.locate.find((l) => NAMED.has(l.kind));
  return locate ? liveLocators(page, locate)[0]?.locator : undefined;
}

/** The recorded box's centre in live viewport px (boxes are in the recorded viewport's px). */
export function boxCentre(box: Box, recorded: Viewport | undefined, live: Viewport | null): { x: number; y: number } {
  const sx = recorded && live ? live.width / recorded.width : 1;
  const sy = recorded && live ? live.height / recorded.height : 1;
  return { x: (box.x + box.width / 2) * sx, y: (box.y + box.height / 2) * sy };
}

export function recordedBox(target: Target): { box: Box; viewport?: Viewport } | undefined {
  const b = target.locate.find((l) => l.kind === 'box');
  return b?.kind === 'box' ? { box: b.box, viewport: b.viewport } : undefined;
}

/**
 * What `elementFromPoint` (through open shadow roots) gives at (x, y), and whether it is one
 * of the elements the recorded name matches, inside one, or the label of one.
 */
export async function checkPoint(page: Page, target: Target, x: number, y: number): Promise<PointCheck | undefined> {
  const locate = target.locate.find((l) => NAMED.has(l.kind));
  if (!locate) return undefined;
  const expected = target.description ?? describeTarget(target);
  // In the frame under the point: the page's elementFromPoint stops at the <iframe> element.
  const inner = await frameAtPoint(page, x, y);
  const named = namedInFrame(inner.frame, locate);
  const seen = await named?.evaluateAll(atPointInPage, { x: inner.x, y: inner.y }).catch(() => undefined);
  if (!seen) return undefined;
  return {
    x: round(x),
    y: round(y),
    expected,
    found: inner.frame === page.mainFrame() ? seen.found : `${seen.found} in frame ${inner.frame.name() || inner.frame.url()}`,
    match: seen.match,
  };
}

/** The elements `locate` names inside one frame. */
function namedInFrame(frame: Frame, locate: Locate): Locator | undefined {
  if (frame === frame.page().mainFrame()) return liveLocators(frame.page(), locate)[0]?.locator;
  if (locate.kind === 'selector') return frame.locator(locate.selector);
  // A Frame has the getBy*/locator methods of a Page, scoped to itself; liveLocators uses only
  // those for every kind but `selector`.
  return liveLocators(frame as unknown as Page, locate)[0]?.locator;
}

/**
 * The (i)frame whose document shows at (x, y) — descending through the iframes under the point —
 * and the point in that frame's viewport.
 */
async function frameAtPoint(page: Page, x: number, y: number): Promise<{ frame: Frame; x: number; y: number }> {
  let frame = page.mainFrame();
  for (let depth = 0; depth < 8; depth++) {
    const hit = await frame.evaluateHandle(deepestAt, { x, y }).catch(() => undefined);
    const el = hit?.asElement();
    const child = el ? await el.contentFrame().catch(() => null) : null;
    const offset = child ? await el!.evaluate(contentOrigin).catch(() => undefined) : undefined;
    await hit?.dispose();
    if (!child || !offset) break;
    frame = child;
    x -= offset.x;
    y -= offset.y;
  }
  return { frame, x, y };
}

/** Runs inside the page: the element at (x, y), through open shadow roots. */
function deepestAt({ x, y }: { x: number; y: number }): Element | null {
  let at: Element | null = document.elementFromPoint(x, y);
  while (at?.shadowRoot) {
    const inner = at.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === at) break;
    at = inner;
  }
  return at;
}

/** Runs inside the page: where an iframe's document starts, in its parent's viewport px. */
function contentOrigin(el: Element): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  const cs = getComputedStyle(el);
  return { x: r.left + el.clientLeft + parseFloat(cs.paddingLeft), y: r.top + el.clientTop + parseFloat(cs.paddingTop) };
}

/** Runs inside the page: self-contained. */
function atPointInPage(els: Element[], { x, y }: { x: number; y: number }): { found: string; match: boolean } {
  let at: Element | null = document.elementFromPoint(x, y);
  while (at?.shadowRoot) {
    const inner = at.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === at) break;
    at = inner;
  }
  if (!at) return { found: 'nothing (outside the page)', match: false };
  const hit = at;
  const match = els.some((e) => e === hit || e.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === e));
  const tag = hit.tagName.toLowerCase();
  const id = hit.id ? `#${hit.id}` : hit.classList.length ? `.${hit.classList[0]}` : '';
  const text = ((hit as HTMLElement).innerText ?? hit.textContent ?? '').replace(/\s+/g, ' ').trim();
  return { found: `${tag}${id}${text ? ` "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"` : ''}`, match };
}

/**
 * `--repair`: the element the recorded name matches whose box is nearest the recorded point.
 * Undefined when the name matches nothing visible.
 */
export async function nearestNamed(page: Page, target: Target, x: number, y: number): Promise<Locator | undefined> {
  const named = namedElements(page, target);
  if (!named) return undefined;
  const count = await named.count().catch(() => 0);
  let best: { i: number; d: number } | undefined;
  for (let i = 0; i < count; i++) {
    const b = await named
      .nth(i)
      .boundingBox()
      .catch(() => null);
    if (!b || b.width <= 0 || b.height <= 0) continue;
    const d = Math.hypot(b.x + b.width / 2 - x, b.y + b.height / 2 - y);
    if (!best || d < best.d) best = { i, d };
  }
  return best ? named.nth(best.i) : undefined;
}

const round = (n: number) => Math.round(n * 10) / 10;
