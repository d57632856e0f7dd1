import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Box } from '../ir/index.js';

/**
 * How alike (0–1) the recorded screenshot and a live screenshot of the same box are, from the
 * share of pixels pixelmatch finds different (anti-aliasing aware). Controls are mostly
 * background, so the share is scaled: a quarter of the pixels differing already means "not
 * the same thing here" (0), while identical crops score 1. Boxes outside the recorded image
 * count as unlike.
 */
export function cropSimilarity(recorded: PNG, live: PNG, box: Box): number {
  const x = Math.round(box.x);
  const y = Math.round(box.y);
  const width = Math.min(live.width, Math.round(box.width));
  const height = Math.min(live.height, Math.round(box.height));
  if (width <= 0 || height <= 0 || x < 0 || y < 0 || x + width > recorded.width || y + height > recorded.height) return 0;
  const crop = new PNG({ width, height });
  PNG.bitblt(recorded, crop, x, y, width, height, 0, 0);
  const liveCrop = live.width === width && live.height === height ? live : new PNG({ width, height });
  if (liveCrop !== live) PNG.bitblt(live, liveCrop, 0, 0, width, height, 0, 0);
  const differing = pixelmatch(crop.data, liveCrop.data, undefined, width, height, { threshold: 0.1 });
  return Math.max(0, 1 - (4 * differing) / (width * height));
}
