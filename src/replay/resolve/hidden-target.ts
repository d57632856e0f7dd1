import type { Locator, Page } from 'playwright';
import type { Rgba } from '../../compare/png-decode.js';
import { candidateLocator, MARK, type Marked } from './collect.js';
import { timed } from '../profile.js';
import { explainedByHover, ON_LIVE_PAGE } from './hover-difference.js';
import { revealByHover } from './reveal.js';

/**
 * The recorded selector matches only hidden elements on the live page — a control shown while
 * its row is hovered — and the recording was taken with the pointer on one of them. The live
 * page at rest is compared with the recorded screenshot; the one row whose hovering makes it
 * look as recorded is the one, and is left hovered so its control can be acted on. Undefined
 * when that does not single one out (the page changed since the recording, identical rows):
 * the recorded HTML is then read to tell them apart.
 */
export async function hoveredAsRecorded(page: Page, hidden: Locator, recorded: Rgba): Promise<{ locator: Locator } | undefined> {
  const viewport = page.viewportSize();
  if (!viewport || recorded.width !== viewport.width || recorded.height !== viewport.height) return undefined;
  const marks = await hidden
    .evaluateAll(
      (els, { attr, prefix }) =>
        els.map((el, i) => {
          el.setAttribute(attr, `${prefix}${i}`);
          return `${prefix}${i}`;
        }),
      { attr: MARK, prefix: 'hidden-' },
    )
    .catch(() => []);
  if (marks.length < 1 || marks.length > MAX_ROWS) return undefined;
  const found: Marked[] = marks.map((mark) => ({ frame: page.mainFrame(), mark }));
  const chosen = await explainedByHover(page, found, recorded, ON_LIVE_PAGE);
  if (!chosen || !(await timed('hover.reveal-chosen', () => revealByHover(chosen)))) return undefined;
  return { locator: candidateLocator(chosen) };
}

/** More look-alikes than this are not told apart one hover at a time. */
const MAX_ROWS = 12;
