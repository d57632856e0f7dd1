import type { Box } from '../ir/index.js';
import type { Rgba } from './png-decode.js';

/** A channel differing by more than this counts: encoders' rounding and antialiasing stay under it. */
const CHANNEL_TOLERANCE = 24;

/**
 * The smallest box holding the solid part of what differs between two screenshots of one size
 * within `within` (CSS px = image px, device scale 1), or undefined when nothing does, the sizes
 * differ, or the change covers more than `maxShare` of `within` (a page redrawn, not one mark on
 * it). What a step did to one element, read from the recording's before-states on either side of
 * it: the word a double click highlighted. Solid: a pixel counts only with all eight neighbours
 * changed too, so the lines a focus ring or a caret draws (1–2 px) are left out, and a filled
 * highlight is not (its box comes out 1 px short on each side; its centre stays).
 */
export function changedRegion(a: Rgba, b: Rgba, within: Box, maxShare = 0.5): Box | undefined {
  if (a.width !== b.width || a.height !== b.height) return undefined;
  const x0 = Math.max(0, Math.floor(within.x));
  const y0 = Math.max(0, Math.floor(within.y));
  const x1 = Math.min(a.width, Math.ceil(within.x + within.width));
  const y1 = Math.min(a.height, Math.ceil(within.y + within.height));
  const [w, h] = [x1 - x0, y1 - y0];
  if (w < 3 || h < 3) return undefined;
  const changed = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0, i = ((y + y0) * a.width + x0) * 4; x < w; x++, i += 4)
      changed[y * w + x] = Number(
        Math.abs(a.data[i]! - b.data[i]!) > CHANNEL_TOLERANCE ||
          Math.abs(a.data[i + 1]! - b.data[i + 1]!) > CHANNEL_TOLERANCE ||
          Math.abs(a.data[i + 2]! - b.data[i + 2]!) > CHANNEL_TOLERANCE,
      );
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      let solid = true;
      for (let dy = -1; dy <= 1 && solid; dy++) for (let dx = -1; dx <= 1 && solid; dx++) solid = changed[(y + dy) * w + x + dx] === 1;
      if (!solid) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  if (right < left) return undefined;
  const region = { x: x0 + left, y: y0 + top, width: right - left + 1, height: bottom - top + 1 };
  return region.width * region.height > maxShare * w * h ? undefined : region;
}
