import type { Box } from '../target.js';

/**
 * Playwright's recorder draws its toolbar, element highlight and locator tooltip in a shadow
 * root under an `<x-pw-glass>` element appended to `<html>` (1.49: `position: fixed`, and
 * `data-pw-cursor` on `<body>`; 1.55: the same, one z-index higher; 1.57+: a `popover`), so a
 * recording made with it keeps the element in its HTML and the toolbar's pixels at the top of
 * its screenshots. A replay has no recorder: neither may count as a difference.
 */
const GLASS = /<x-pw-glass\b/i;
// Custom elements of the overlay (x-pw-glass, x-pw-tools-list, x-pw-highlight, …) with their content.
const OVERLAY_ELEMENTS = /<(x-pw-[a-z-]+)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const LONE_OVERLAY_TAGS = /<\/?x-pw-[a-z-]+\b[^>]*>/gi;
const CURSOR_ATTR = /\sdata-pw-cursor\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

/** Whether a recorded page has the recorder's overlay in it. */
export const hasRecorderOverlay = (html: string): boolean => GLASS.test(html);

/** The recorded HTML as the page was without the recorder. */
export function withoutRecorderOverlay(html: string): string {
  if (!/x-pw-|data-pw-cursor/i.test(html)) return html;
  return html.replace(OVERLAY_ELEMENTS, '').replace(LONE_OVERLAY_TAGS, '').replace(CURSOR_ATTR, '');
}

/**
 * Where the recorder's toolbar is in a screenshot of a viewport this wide (CSS px). Measured on
 * 1.49.1 (216 × 32 px, centred: from width/2 − 108) and 1.55.1 / 1.65.1 (216 × 32 px, from
 * width/2): one box covers both placements, with a few px to spare for its shadow.
 */
export function recorderToolbarBox(viewportWidth: number): Box {
  const centre = viewportWidth / 2;
  return { x: Math.max(0, centre - 116), y: 0, width: 116 + 216 + 8, height: 38 };
}
