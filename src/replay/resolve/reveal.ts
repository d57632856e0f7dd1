import { candidateLocator, MARK, type Marked } from './collect.js';
import { pageFunction } from '../page-function.js';
import { shownInPage } from './shown-in-page.js';

const REVEAL = 'data-rw-reveal';
/** How long a hovered row may take to show its control (a transition, a handler's re-render). */
const SHOWS_WITHIN_MS = 150;
/** How long a Playwright hover of a row may wait for it (scrolled to, standing still). */
const HOVER_TIMEOUT_MS = 2000;

type Pointing = { shown: true } | { at: { x: number; y: number } } | { marked: boolean };

/**
 * Runs in the page, self-contained: whether the marked candidate already shows; else marks its
 * nearest visible ancestor (its row or card) and, when that ancestor's centre is on screen and
 * the ancestor is what a pointer there would touch, says where that is.
 */
function pointAtRowWith({ mark, attr, reveal }: PointArg, shows: (e: Element) => boolean): Pointing {
  const el = document.querySelector(`[${attr}="${CSS.escape(mark)}"]`);
  if (!el) return { marked: false };
  if (shows(el)) return { shown: true };
  for (const old of Array.from(document.querySelectorAll(`[${reveal}]`))) old.removeAttribute(reveal);
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (!shows(p)) continue;
    p.setAttribute(reveal, '');
    const r = p.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const onScreen = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
    const hit = onScreen ? document.elementFromPoint(x, y) : null;
    return hit && (hit === p || p.contains(hit)) ? { at: { x, y } } : { marked: true };
  }
  return { marked: false };
}

interface PointArg {
  mark: string;
  attr: string;
  reveal: string;
}

/** pointAtRowWith, "shown" being shownInPage. */
const pointAtRow = pageFunction<(arg: PointArg) => Pointing>(`(arg) => (${pointAtRowWith.toString()})(arg, ${shownInPage.toString()})`);

/**
 * Shows a control that only appears on hover the way a person would: by pointing at the
 * nearest visible thing around it (its row or card). Never forces an action on an invisible
 * element: if hovering does not make it visible, it stays unrevealed. A row in the top
 * document whose centre is in view and not covered is pointed at directly (one page round trip
 * and a mouse move, ~30 ms less than a Playwright hover, which first waits two frames for the
 * row to hold still); any other is hovered through Playwright (scrolled to, waited for).
 */
export async function revealByHover(candidate: Marked, showsWithinMs = SHOWS_WITHIN_MS): Promise<boolean> {
  const target = candidateLocator(candidate);
  const page = candidate.frame.page();
  const pointing = await candidate.frame
    .evaluate(pointAtRow, { mark: candidate.mark, attr: MARK, reveal: REVEAL })
    .catch((): Pointing => ({ marked: false }));
  if ('shown' in pointing) return true;
  if ('at' in pointing && candidate.frame === page.mainFrame()) await page.mouse.move(pointing.at.x, pointing.at.y);
  else if ('at' in pointing || pointing.marked)
    await candidate.frame
      .locator(`[${REVEAL}]`)
      .hover({ timeout: HOVER_TIMEOUT_MS })
      .catch(() => undefined);
  else return false;
  // The page's :hover rules apply as the pointer arrives: one look usually finds it shown (~5 ms,
  // where a Playwright wait costs 20–50). A handler's re-render or a transition is waited for,
  // as soon as it lands, not after a fixed pause.
  const shows = await candidate.frame.evaluate(shownNow, { mark: candidate.mark, attr: MARK }).catch(() => false);
  if (shows) return true;
  return target
    .waitFor({ state: 'visible', timeout: showsWithinMs })
    .then(() => true)
    .catch(() => false);
}

/** Runs in the page: whether the marked candidate shows now (shownInPage). */
const shownNow = pageFunction<(arg: { mark: string; attr: string }) => boolean>(
  `({ mark, attr }) => {
    const el = document.querySelector('[' + attr + '="' + CSS.escape(mark) + '"]');
    return el !== null && (${shownInPage.toString()})(el);
  }`,
);
