import pixelmatch from 'pixelmatch';
import type { Box } from '../ir/index.js';
import type { Rgba } from './png-decode.js';

/**
 * How alike (0–1) the recorded screenshot and a live screenshot of the same box are, from the
 * share of pixels pixelmatch finds different (anti-aliasing aware). Controls are mostly
 * background, so the share is scaled: a quarter of the pixels differing already means "not
 * the same thing here" (0), while identical crops score 1. Boxes outside the recorded image
 * count as unlike.
 */
export function cropSimilarity(recorded: Rgba, live: Rgba, box: Box): number {
  const x = Math.round(box.x);
  const y = Math.round(box.y);
  const width = Math.min(live.width, Math.round(box.width));
  const height = Math.min(live.height, Math.round(box.height));
  if (width <= 0 || height <= 0 || x < 0 || y < 0 || x + width > recorded.width || y + height > recorded.height) return 0;
  const crop = cropRgba(recorded, x, y, width, height);
  const liveCrop = live.width === width && live.height === height ? live : cropRgba(live, 0, 0, width, height);
  const differing = pixelmatch(crop.data, liveCrop.data, undefined, width, height, { threshold: 0.1 });
  return Math.max(0, 1 - (4 * differing) / (width * height));
}

/** The `width` × `height` pixels of `image` from (`x`, `y`), which must lie inside it. */
export function cropRgba(image: Rgba, x: number, y: number, width: number, height: number): Rgba {
  const data = Buffer.alloc(width * height * 4);
  for (let row = 0; row < height; row++)
    image.data.copy(data, row * width * 4, ((y + row) * image.width + x) * 4, ((y + row) * image.width + x + width) * 4);
  return { width, height, data };
}
