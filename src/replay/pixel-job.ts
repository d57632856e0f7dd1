import { diffScreenshots, type ScreenshotDiff, type ScreenshotDiffOptions } from '../compare/screenshot-diff.js';

/** What the pixel thread is started with (workerData): no other thread answers pixel jobs. */
export const PIXEL_THREAD = 'replaywright-pixel-thread';

/** One comparison asked of the pixel thread (pixelsOffThread). */
export interface PixelJob {
  id: number;
  recorded: Uint8Array;
  live: Uint8Array;
  options: Omit<ScreenshotDiffOptions, 'recordedPixels' | 'diffImage'>;
  /**
   * When the diff image is worth drawing, where its pixels are: once any pixel differs when the
   * step keeps its images whatever the pixels say (`always`), else only past these gates (the
   * pixels alone make the step drift, and it keeps its images then).
   */
  drawWhen: { always: boolean; maxDiffPixelRatio: number; maxDiffPixels: number };
}

/** Its answer: the figures of `ScreenshotDiff`, with the image already drawn when it is worth it. */
export type PixelAnswer =
  ({ id: number; ok: true; diffPng?: Uint8Array } & Omit<ScreenshotDiff, 'diffPng'>) | { id: number; ok: false; message: string };

/** Whether `drawWhen` asks for the image of a comparison that counted `pixels` differing (`ratio` of them). */
function worthDrawing(drawWhen: PixelJob['drawWhen'], ratio: number, pixels: number): boolean {
  if (pixels === 0) return false;
  return drawWhen.always || ratio > drawWhen.maxDiffPixelRatio || pixels > drawWhen.maxDiffPixels;
}

/**
 * The comparison a PixelJob asks for, wherever it runs (the pixel thread, or here when it cannot):
 * the figures, and the diff image only when `drawWhen` says it is worth drawing. Picked field by
 * field: reading `diffPng` draws it, so it is read only then.
 */
export function comparePixels(
  recorded: Buffer,
  live: Buffer,
  options: PixelJob['options'],
  drawWhen: PixelJob['drawWhen'],
): ScreenshotDiff {
  const diff = diffScreenshots(recorded, live, { ...options, diffImage: true });
  const diffPng = worthDrawing(drawWhen, diff.ratio, diff.pixels) ? diff.diffPng : undefined;
  const { ratio, pixels, shiftPx, ratioAfterShift, resized, otherEncoding } = diff;
  return { ratio, pixels, shiftPx, ratioAfterShift, resized, otherEncoding, ...(diffPng ? { diffPng } : {}) };
}
