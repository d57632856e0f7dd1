import type { Locator, Page } from 'playwright';
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
export function namedElements(page: Page, target: Target): Locator | undefined {
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
  const named = namedElements(page, target);
  if (!named) return undefined;
  const expected = target.description ?? describeTarget(target);
  const seen = await named.evaluateAll(atPointInPage, { x, y }).catch(() => undefined);
  if (!seen) return undefined;
  return { x: round(x), y: round(y), expected, found: seen.found, match: seen.match };
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
    const b = await named.nth(i).boundingBox().catch(() => null);
    if (!b || b.width <= 0 || b.height <= 0) continue;
    const d = Math.hypot(b.x + b.width / 2 - x, b.y + b.height / 2 - y);
    if (!best || d < best.d) best = { i, d };
  }
  return best ? named.nth(best.i) : undefined;
}

const round = (n: number) => Math.round(n * 10) / 10;
