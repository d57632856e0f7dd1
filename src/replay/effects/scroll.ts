import type { Locator, Page } from 'playwright';
import { checked, noEffect, type EffectCheck } from './effect.js';

interface ScrollArgs {
  dx: number;
  dy: number;
  unit: 'px' | 'viewport';
}
interface InPageArgs extends ScrollArgs {
  /** Scroll the document, not the element the function runs on (`<html>`). */
  page: boolean;
}
interface Scrolled {
  what: string;
  from: { left: number; top: number };
  to: { left: number; top: number };
  max: { left: number; top: number };
}

/**
 * Runs inside the page, self-contained (a function the page receives must not call helpers of
 * this module: they are not sent along). Scrolls `el`, or the document when `el` is null, at
 * once (a page's `scroll-behavior: smooth` would make the move land later), and says where it
 * was and is.
 */
function scrollInPage(target: Element, { dx, dy, unit, page }: InPageArgs): Scrolled {
  const el = page ? null : target;
  const box = el ?? document.scrollingElement ?? document.documentElement;
  const k = unit === 'viewport';
  const by = { left: dx * (k ? innerWidth : 1), top: dy * (k ? innerHeight : 1), behavior: 'instant' as ScrollBehavior };
  const where = () => ({ left: Math.round(box.scrollLeft), top: Math.round(box.scrollTop) });
  const from = where();
  box.scrollBy(by);
  const to = where();
  const tag = box.tagName.toLowerCase();
  const what = el ? `${tag}${el.id ? `#${el.id}` : el.classList.length ? `.${el.classList[0]}` : ''}` : 'the page';
  return {
    what,
    from,
    to,
    max: { left: Math.max(0, box.scrollWidth - box.clientWidth), top: Math.max(0, box.scrollHeight - box.clientHeight) },
  };
}

/** scroll: performs it, then checks the position moved, or says it was already at the end in that direction. */
export async function scrollAndCheck(on: Page | Locator, args: ScrollArgs): Promise<EffectCheck> {
  // The function itself goes to the page (Playwright sends its source): no wrapper calling it by name.
  const s =
    'goto' in on
      ? await on.locator(':root').evaluate(scrollInPage, { ...args, page: true })
      : await on.evaluate(scrollInPage, { ...args, page: false });
  return judgeScroll(s, args);
}

function judgeScroll(s: Scrolled, { dx, dy }: ScrollArgs): EffectCheck {
  const moved: string[] = [];
  if (s.to.top !== s.from.top) moved.push(`scrollTop ${s.from.top} → ${s.to.top}`);
  if (s.to.left !== s.from.left) moved.push(`scrollLeft ${s.from.left} → ${s.to.left}`);
  if (moved.length) return checked(`${s.what}: ${moved.join(', ')}`);
  const atEnd = (d: number, pos: number, max: number) => d === 0 || (d > 0 ? pos >= max : pos <= 0);
  if (atEnd(dy, s.from.top, s.max.top) && atEnd(dx, s.from.left, s.max.left)) {
    return checked(
      `${s.what} was already at the end: nothing to scroll (scrollTop ${s.from.top} of ${s.max.top}${dx ? `, scrollLeft ${s.from.left} of ${s.max.left}` : ''})`,
    );
  }
  return noEffect(
    `expected ${s.what} to scroll by (${dx}, ${dy}); it stayed at scrollTop ${s.from.top} of ${s.max.top}, scrollLeft ${s.from.left} of ${s.max.left}`,
  );
}
