import type { Locator } from 'playwright';
import type { Probe } from '../locate.js';
import { checked, unverified, type EffectCheck } from './effect.js';

interface Hit {
  /** The target has no box to click (hidden, display: contents): Playwright's own wait decides. */
  skip?: boolean;
  /** The target is not (wholly) in the window: scroll it in as Playwright's click would, then test. */
  outOfView?: boolean;
  x: number;
  y: number;
  onTarget: boolean;
  /** What `elementFromPoint` gives there, e.g. `div.overlay "Loading…"`. */
  hit: string;
}

/**
 * Runs inside the page (the target's frame), self-contained: hit-tests the point the click will
 * use (the box centre, or `position` from its top-left; clipped to the visible part of a box
 * larger than the window). A target out of view is reported so, untested.
 */
function hitTestInPage(el: Element, { position, scrolled }: { position: { x: number; y: number } | null; scrolled: boolean }): Hit {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return { skip: true, x: 0, y: 0, onTarget: false, hit: '' };
  const inView = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  if (!inView && !scrolled) return { outOfView: true, x: 0, y: 0, onTarget: false, hit: '' };
  let x: number;
  let y: number;
  if (position) {
    x = r.left + el.clientLeft + position.x;
    y = r.top + el.clientTop + position.y;
  } else {
    const left = Math.max(r.left, 0);
    const top = Math.max(r.top, 0);
    const right = Math.min(r.right, innerWidth);
    const bottom = Math.min(r.bottom, innerHeight);
    x = right > left ? (left + right) / 2 : r.left + r.width / 2;
    y = bottom > top ? (top + bottom) / 2 : r.top + r.height / 2;
  }
  let at: Element | null = el.ownerDocument.elementFromPoint(x, y);
  while (at?.shadowRoot) {
    const inner = at.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === at) break;
    at = inner;
  }
  const rounded = { x: Math.round(x), y: Math.round(y) };
  if (!at) return { ...rounded, onTarget: false, hit: 'nothing (outside the page)' };
  const hitEl = at;
  const label = hitEl.tagName === 'LABEL' ? (hitEl as HTMLLabelElement).control : null;
  const host = (n: Node) => {
    let p: Node | null = n;
    while (p) {
      if (p === el) return true;
      p = p.parentNode ?? (p as ShadowRoot).host ?? null;
    }
    return false;
  };
  const onTarget = host(hitEl) || label === el || (el.tagName === 'LABEL' && (el as HTMLLabelElement).control === hitEl);
  const id = hitEl.id ? `#${hitEl.id}` : hitEl.classList.length ? `.${hitEl.classList[0]}` : '';
  const text = ((hitEl as HTMLElement).innerText ?? hitEl.textContent ?? '').replace(/\s+/g, ' ').trim();
  return {
    ...rounded,
    onTarget,
    hit: `${hitEl.tagName.toLowerCase()}${id}${text ? ` "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"` : ''}`,
  };
}

/**
 * click / dblclick / hover on a target: the point the pointer goes to must hit the target or
 * something inside it — not a covering element (a modal, a cookie banner, a sticky header). The
 * hit-test is made before acting, because acting changes what is at the point. When a cover is
 * there, Playwright's own hit-target check (which runs right before its click) waits for it to go
 * and, if it stays, fails the step `timeout` naming the cover (action-blocker.ts); this check then
 * only says what it saw. It never fails the step itself.
 */
export async function hitTestBefore(
  l: Locator,
  position: { x: number; y: number } | undefined,
  timeout: number,
  /** The same test, already run by the resolver in its counting round trip (`hitProbe`). */
  probed?: unknown,
): Promise<EffectCheck> {
  const probe = (scrolled: boolean) =>
    l.evaluate(hitTestInPage, { position: position ?? null, scrolled }, { timeout }).catch(() => undefined);
  let hit = isHit(probed) ? probed : await probe(false);
  if (hit?.outOfView) {
    // The same scrolling Playwright's click does first, so the page ends where it always did.
    await l.scrollIntoViewIfNeeded({ timeout }).catch(() => undefined);
    hit = await probe(true);
  }
  if (!hit || hit.skip) return unverified("the target had no box to hit-test before acting (Playwright's own checks applied)");
  if (!hit.onTarget)
    return checked(
      `the point (${hit.x}, ${hit.y}) was covered by ${hit.hit}; Playwright acted once its hit-target check found the target there`,
    );
  return checked(`the point (${hit.x}, ${hit.y}) hits the target (${hit.hit})`);
}

/** The hit-test as the resolver's probe: run where the target is counted, a round trip saved per click. */
export function hitProbe(position: { x: number; y: number } | undefined): Probe {
  return { run: hitTestInPage, arg: { position: position ?? null, scrolled: false } };
}

function isHit(value: unknown): value is Hit {
  return typeof value === 'object' && value !== null && 'onTarget' in value;
}
