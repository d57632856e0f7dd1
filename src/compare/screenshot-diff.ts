import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { cropRgba } from './crop-similarity.js';
import { decodePng, type Rgba } from './png-decode.js';
import type { Box } from '../ir/index.js';

export interface ScreenshotDiffOptions {
  /** pixelmatch per-pixel threshold (0–1). */
  threshold: number;
  /** Regions to ignore (CSS px of the live image), e.g. clocks, ads, a secret field. */
  masks?: readonly Box[];
  /** Largest vertical shift to look for, px; 0 disables the search. */
  maxShiftPx?: number;
  /**
   * Offer a diff image: drawn and encoded only when `diffPng` is read, from the pixels this
   * comparison already decoded. Drawing costs as much as the count itself (~8 ms at 1280×720),
   * so a step that matches, and keeps no image, never pays for it.
   */
  diffImage?: boolean;
  /**
   * `recordedPng` already decoded (decodePng), when the caller could do it earlier, off the
   * critical path. Consumed: masks are painted on it.
   */
  recordedPixels?: Rgba;
}

export interface ScreenshotDiff {
  /** Share of differing pixels (0–1) over the compared area. */
  ratio: number;
  pixels: number;
  /** Vertical offset (px) that best aligns the two, when it explains most of the difference. */
  shiftPx?: number;
  /** Share of differing pixels once shifted by `shiftPx`. */
  ratioAfterShift?: number;
  /** The recorded image was scaled or padded to the live size. */
  resized?: string;
  /**
   * The bytes differ and every pixel is the same (before any mask): the recording was encoded
   * by another encoder, so no live capture will ever be its bytes exactly.
   */
  otherEncoding?: true;
  /** The diff image as PNG (with `diffImage`), encoded on first read. */
  readonly diffPng?: Buffer;
}

/**
 * Compares a recorded and a live screenshot (PNG bytes). Identical bytes short-circuit to 0
 * (Chromium encodes identical pixels identically). A recording of another size is scaled when
 * the aspect ratio matches (device scale factor, BabyAGI's 2036×1144 frames) and otherwise
 * compared on the shared top-left area, the rest counted as different. A vertical content
 * shift (a banner pushing the page down) is reported as such instead of as "N% differ".
 */
export function diffScreenshots(recordedPng: Buffer, livePng: Buffer, options: ScreenshotDiffOptions): ScreenshotDiff {
  if (recordedPng.equals(livePng)) return { ratio: 0, pixels: 0 };
  const live = decodePng(livePng);
  const decoded = options.recordedPixels ?? decodePng(recordedPng);
  const { image: recorded, resized } = toSize(decoded, live.width, live.height);
  const { width, height } = live;
  if (!resized && recorded.data.equals(live.data)) return { ratio: 0, pixels: 0, otherEncoding: true };
  for (const m of options.masks ?? []) {
    paint(recorded, m);
    paint(live, m);
  }
  // The masks covered every difference: nothing to count.
  if (recorded.data.equals(live.data)) return { ratio: 0, pixels: 0, resized };
  const pixels = pixelmatch(recorded.data, live.data, undefined, width, height, { threshold: options.threshold });
  const result: ScreenshotDiff = { ratio: pixels / (width * height), pixels, resized };
  if (options.diffImage) {
    let encoded: Buffer | undefined;
    const draw = () => {
      const diff = new PNG({ width, height });
      pixelmatch(recorded.data, live.data, diff.data, width, height, { threshold: options.threshold, diffMask: false });
      // One filter (Sub) for every row: pngjs's default tries all five per row, ~107 ms for a
      // 1280×720 diff where this takes ~18 ms, for a file ~1.6× larger (50-70 KB).
      return PNG.sync.write(diff, { filterType: 1 });
    };
    Object.defineProperty(result, 'diffPng', { enumerable: true, get: () => (encoded ??= draw()) });
  }
  if (pixels > 0 && options.maxShiftPx) {
    const shift = bestVerticalShift(recorded, live, options.maxShiftPx);
    if (shift !== 0) {
      const after = shiftedDiff(recorded, live, shift, options.threshold);
      // Only a shift that explains most of the difference is reported as one.
      if (after < result.ratio / 3) {
        result.shiftPx = shift;
        result.ratioAfterShift = after;
      }
    }
  }
  return result;
}

function toSize(img: Rgba, width: number, height: number): { image: Rgba; resized?: string } {
  if (img.width === width && img.height === height) return { image: img };
  const out = new PNG({ width, height });
  const sameAspect = Math.abs(img.width / img.height - width / height) < 0.01;
  if (sameAspect) {
    // Nearest-neighbour: enough to compare layout, and cheap.
    for (let y = 0; y < height; y++) {
      const sy = Math.min(img.height - 1, Math.floor((y * img.height) / height));
      for (let x = 0; x < width; x++) {
        const sx = Math.min(img.width - 1, Math.floor((x * img.width) / width));
        img.data.copy(out.data, (y * width + x) * 4, (sy * img.width + sx) * 4, (sy * img.width + sx) * 4 + 4);
      }
    }
    return { image: out, resized: `scaled ${img.width}×${img.height} → ${width}×${height}` };
  }
  // Different aspect: keep the shared area; the rest stays transparent and counts as different.
  const shared = Math.min(img.width, width);
  for (let y = 0; y < Math.min(img.height, height); y++)
    img.data.copy(out.data, y * width * 4, y * img.width * 4, (y * img.width + shared) * 4);
  return { image: out, resized: `padded ${img.width}×${img.height} → ${width}×${height}` };
}

function paint(img: Rgba, box: Box): void {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(img.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(img.height, Math.ceil(box.y + box.height));
  for (let y = y0; y < y1; y++) img.data.fill(0x80, (y * img.width + x0) * 4, (y * img.width + x1) * 4);
}

/** A cheap fingerprint per row, so shifts can be searched without diffing every offset. */
function rowHashes(img: Rgba): Uint32Array {
  const out = new Uint32Array(img.height);
  const stride = img.width * 4;
  for (let y = 0; y < img.height; y++) {
    let h = 2166136261;
    for (let i = y * stride, end = i + stride; i < end; i += 8)
      h = Math.imul(h ^ img.data[i]! ^ (img.data[i + 1]! << 8) ^ (img.data[i + 2]! << 16), 16777619);
    out[y] = h >>> 0;
  }
  return out;
}

/** The offset d (live row y ≈ recorded row y − d) under which most rows are identical. */
function bestVerticalShift(recorded: Rgba, live: Rgba, maxShift: number): number {
  const a = rowHashes(recorded);
  const b = rowHashes(live);
  const count = (d: number) => {
    let same = 0;
    for (let y = Math.max(0, d); y < Math.min(b.length, a.length + d); y++) if (b[y] === a[y - d]) same++;
    return same;
  };
  let best = 0;
  let bestSame = count(0);
  for (let d = -maxShift; d <= maxShift; d++) {
    if (d === 0) continue;
    const same = count(d);
    if (same > bestSame) {
      bestSame = same;
      best = d;
    }
  }
  return best;
}

/** Differing share over the rows both images have once live is moved up by `shift`. */
function shiftedDiff(recorded: Rgba, live: Rgba, shift: number, threshold: number): number {
  const { width } = live;
  const rows = live.height - Math.abs(shift);
  if (rows <= 0) return 1;
  const a = cropRgba(recorded, 0, Math.max(0, -shift), width, rows);
  const b = cropRgba(live, 0, Math.max(0, shift), width, rows);
  return pixelmatch(a.data, b.data, undefined, width, rows, { threshold }) / (width * rows);
}
