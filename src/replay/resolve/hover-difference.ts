import type { Page } from 'playwright';
import { cropRgba, cropSimilarity } from '../../compare/crop-similarity.js';
import { decodePng, type Rgba } from '../../compare/png-decode.js';
import type { Box } from '../../ir/index.js';
import { MARK, type Marked } from './collect.js';
import { revealByHover } from './reveal.js';
import { timed, timedSync } from '../profile.js';
import { viewportScreenshot } from '../viewport-shot.js';

/** A region at rest less alike than this to the recording is a suspect. */
const ALIKE_AT_REST = 0.9;

export interface HoverEvidence {
  /** A suspect's region, hovered, at least this alike to the recording: the hover explains it. */
  explainsAt: number;
  /** More suspects than this: the page differs more than a hover explains. */
  maxSuspects: number;
  /**
   * The one chosen, hovered last, is left hovered: on the live page the step acts on it next
   * (moving away and back cost a hover of its own, ~50 ms). A page read again later (the shared
   * recorded page) is always left at rest: a pointer left there would show in its next render.
   */
  leaveChosenHovered: boolean;
}

/**
 * The recorded page rendered from its HTML: positions agree with the recorded screenshot by
 * construction, rendering only nearly (no script ran, fonts may differ). The row is then told
 * apart on the live page by what the recorded HTML says of it.
 */
export const IN_RECORDED_PAGE: HoverEvidence = { explainsAt: 0.9, maxSuspects: 3, leaveChosenHovered: false };
/**
 * The live page, where this is the only evidence: one row may differ at rest, and hovered it
 * must look as recorded but for anti-aliasing — a row whose text changed (another item now in
 * that place) is not explained, and the recorded HTML decides instead.
 */
export const ON_LIVE_PAGE: HoverEvidence = { explainsAt: 0.98, maxSuspects: 1, leaveChosenHovered: true };

/**
 * Which of several look-alike candidates the recording pointed at, read from the recorded page
 * at rest. The recorder took its screenshot with the pointer on the target, so a control shown
 * only on hover (and its row's hover styling) shows there and nowhere else: the region around
 * the target is one of the few places where the recorded screenshot and this page at rest
 * disagree (the others: what a row that grew pushed along, a toast). The one candidate whose
 * hovering makes its region look as recorded is the target. One screenshot, then a hover of
 * each suspect only, where asking every candidate costs a hover and a crop each. `atRest`: that
 * screenshot already taken of the page as it is now (the step's comparison took one), not taken again.
 * Undefined unless exactly one suspect is explained by its hover.
 */
export async function explainedByHover<C extends Marked>(
  page: Page,
  found: readonly C[],
  recordedImage: Rgba | (() => Rgba | undefined),
  evidence: HoverEvidence,
  atRest?: Buffer,
): Promise<C | undefined> {
  if (found.some((c) => c.frame !== page.mainFrame())) return undefined;
  const regions = await timed('hover.regions', () =>
    page.evaluate(hoverRegions, { attr: MARK, marks: found.map((c) => c.mark) }).catch(() => undefined),
  );
  if (!regions || regions.some((r) => r === null)) return undefined;
  // A recording not yet decoded is decoded while the browser takes the live screenshot.
  let recorded = typeof recordedImage === 'function' ? undefined : recordedImage;
  const decodeRecorded = () => void (recorded ??= timedSync('hover.decode-recorded', recordedImage as () => Rgba | undefined));
  // Our own images, only ever decoded here: Chromium's fast encoding (~7 ms less a capture).
  const shot =
    atRest ??
    (await timed('hover.at-rest', () =>
      viewportScreenshot(page, { timeoutMs: 10_000, fastEncoding: true, whileCapturing: recorded ? undefined : decodeRecorded }).catch(
        () => undefined,
      ),
    ));
  if (!recorded) decodeRecorded();
  if (!shot || !recorded) return undefined;
  const rest = timedSync('hover.decode', () => decodePng(shot));
  if (rest.width !== recorded.width || rest.height !== recorded.height) return undefined;
  const suspects = timedSync('hover.suspects', () =>
    regions
      .map((region, i) => ({ region: region!, candidate: found[i]!, alike: cropSimilarity(recorded!, cropOf(rest, region!), region!) }))
      .filter((s) => s.alike < ALIKE_AT_REST)
      .sort((a, b) => a.alike - b.alike),
  );
  if (suspects.length === 0 || suspects.length > evidence.maxSuspects) return undefined;
  const explained: C[] = [];
  let lastHovered: C | undefined;
  for (const { region, candidate } of suspects) {
    if (!(await timed('hover.reveal', () => revealByHover(candidate)))) continue;
    lastHovered = candidate;
    const hovered = await timed('hover.crop', () =>
      viewportScreenshot(page, { clip: region, timeoutMs: 10_000, fastEncoding: true }).catch(() => undefined),
    );
    if (hovered && cropSimilarity(recorded, decodePng(hovered), region) >= evidence.explainsAt) explained.push(candidate);
  }
  const chosen = explained.length === 1 ? explained[0] : undefined;
  if (!(evidence.leaveChosenHovered && chosen && chosen === lastHovered)) await page.mouse.move(0, 0).catch(() => undefined);
  return chosen;
}

/** Runs in the page: each marked element's box, or its nearest shown ancestor's when it is hidden. */
function hoverRegions({ attr, marks }: { attr: string; marks: string[] }): (Box | null)[] {
  return marks.map((mark) => {
    for (let el = document.querySelector(`[${attr}="${CSS.escape(mark)}"]`); el; el = el.parentElement) {
      const r = el.getBoundingClientRect();
      const x = Math.max(0, r.left);
      const y = Math.max(0, r.top);
      const width = Math.min(window.innerWidth, r.right) - x;
      const height = Math.min(window.innerHeight, r.bottom) - y;
      const visibility = getComputedStyle(el).visibility; // shown as in shownInPage (a box in view here)
      if (width >= 1 && height >= 1 && visibility !== 'hidden' && visibility !== 'collapse') return { x, y, width, height };
    }
    return null;
  });
}

function cropOf(image: Rgba, box: Box): Rgba {
  const x = Math.round(box.x);
  const y = Math.round(box.y);
  const width = Math.max(1, Math.min(image.width - x, Math.round(box.width)));
  const height = Math.max(1, Math.min(image.height - y, Math.round(box.height)));
  return cropRgba(image, x, y, width, height);
}
