import type { Locator } from 'playwright';
import { parseRect } from '../../ir/recorded-page/dom-xml-rect.js';

/** What the recording says about a target the raw_html rendering cannot show as it was. */
export interface RecordedVisibility {
  /** Taken as visible: the rendering's own verdict does not count. */
  visible: true;
  note: string;
}

/**
 * Mind2Web's `raw_html` keeps no CSS, `src`, `width`/`height` or SVG path data, so rendered
 * back it draws some laid-out elements with no size (an icon `<span>`, an `<img>`, an SVG
 * `<path>`) and every hidden one as shown. Whether the target was visible is what the recording
 * measured: its `bounding_box_rect`. A recorded box with a size makes a target drawn empty here
 * visible; a recorded "no layout box" (`-1,-1,-1,-1`: hidden, or shown only under the pointer,
 * which the snapshot did not keep) cannot be checked either way, and the step says so.
 * Undefined when the rendering's verdict stands (no recorded box, or a zero-size one).
 */
export async function recordedVisibility(l: Locator, renderedVisible: boolean): Promise<RecordedVisibility | undefined> {
  const rect = await l.getAttribute('bounding_box_rect').catch(() => null);
  if (rect === null) return undefined;
  const box = parseRect(rect);
  if (box === null) {
    // A box-less element around laid-out ones (`display: contents`) was shown through them.
    if (await laidOutInside(l)) return undefined;
    return {
      visible: true,
      note: 'had no layout box in the recorded snapshot (bounding_box_rect -1,-1,-1,-1): hidden there, or shown only under the pointer; its visibility is not checked',
    };
  }
  if (box === undefined || renderedVisible || (box.width <= 0 && box.height <= 0)) return undefined;
  return {
    visible: true,
    note: `drawn with no size here (raw_html keeps no CSS, src or SVG path data), but laid out when recorded at ${rect}`,
  };
}

async function laidOutInside(l: Locator): Promise<boolean> {
  return l
    .evaluate((el) =>
      Array.from(el.querySelectorAll('[bounding_box_rect]')).some((d) => {
        const [, , w, h] = (d.getAttribute('bounding_box_rect') ?? '').split(',').map(Number);
        return (w ?? 0) > 0 || (h ?? 0) > 0;
      }),
    )
    .catch(() => false);
}
