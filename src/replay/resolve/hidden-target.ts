import type { Locator, Page } from 'playwright';
import type { Rgba } from '../../compare/png-decode.js';
import type { Probe } from '../locate.js';
import { countAndProbe } from '../count-and-probe.js';
import { candidateLocator, MARK, markSelector, type Marked } from './collect.js';
import { timed } from '../profile.js';
import { explainedByHover, ON_LIVE_PAGE } from './hover-difference.js';
import { revealByHover } from './reveal.js';
import { shownProbed, withShown } from './shown-in-page.js';

export interface HiddenTargets {
  /** How many hidden elements the recorded selector matches (0: it matches nothing at all). */
  count: number;
  /** The one the recording pointed at, left hovered and shown, with `probe`'s answer for it. */
  found?: { locator: Locator; probed?: unknown };
}

/**
 * The recorded selector matches only hidden elements on the live page — a control shown while
 * its row is hovered — and the recording was taken with the pointer on one of them. The live
 * page at rest is compared with the recorded screenshot; the one row whose hovering makes it
 * look as recorded is the one, and is left hovered so its control can be acted on. No `found`
 * when that does not single one out (the page changed since the recording, identical rows):
 * the recorded HTML is then read to tell them apart.
 *
 * `hidden` is counted and its matches marked in one round trip. The recorded screenshot is
 * decoded while the live one is taken; `probe` runs on the one found in the round trip that
 * makes sure it shows (the click's hit-test: a click the guard watches needs no other).
 */
export async function hoveredAsRecorded(
  page: Page,
  hidden: Locator,
  recorded: Rgba | (() => Rgba | undefined) | undefined,
  { probe, atRest }: { probe?: Probe; atRest?: Buffer } = {},
): Promise<HiddenTargets> {
  const marks = await timed('hidden.marks', () =>
    hidden
      .evaluateAll(
        (els, { attr, prefix }) =>
          els.map((el, i) => {
            el.setAttribute(attr, `${prefix}${i}`);
            return `${prefix}${i}`;
          }),
        { attr: MARK, prefix: 'hidden-' },
      )
      .catch(() => []),
  );
  const count = marks.length;
  if (count < 1 || count > MAX_ROWS || !recorded || !page.viewportSize()) return { count };
  const found: Marked[] = marks.map((mark) => ({ frame: page.mainFrame(), mark }));
  const chosen = await explainedByHover(page, found, recorded, ON_LIVE_PAGE, atRest);
  if (!chosen) return { count };
  const locator = candidateLocator(chosen);
  // ON_LIVE_PAGE leaves the one chosen hovered: one look says it still shows. Counted, in the
  // page's world: `locator.evaluate` first waits for the element from Playwright's utility world,
  // whose first use on a document injects Playwright's script there (~100 ms here).
  const looked = await timed('hidden.shows', () =>
    countAndProbe({ frame: chosen.frame, selector: markSelector(chosen) }, withShown(probe)),
  );
  const shown = looked.count === 1 ? shownProbed(looked.probed) : undefined;
  if (shown) return { count, found: { locator, probed: shown.probed } };
  // Something moved the pointer or re-rendered the row meanwhile: hovered again, the probe left to the action.
  return (await timed('hover.reveal-chosen', () => revealByHover(chosen))) ? { count, found: { locator } } : { count };
}

/** More look-alikes than this are not told apart one hover at a time. */
const MAX_ROWS = 12;
