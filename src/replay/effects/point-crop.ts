import { readFileSync } from 'node:fs';
import type { Page } from 'playwright';
import { cropSimilarity } from '../../compare/crop-similarity.js';
import { decodePng, type Rgba } from '../../compare/png-decode.js';
import type { Box, Evidence } from '../../ir/index.js';
import { pollUntil } from '../poll.js';
import { clipToViewport, viewportScreenshot } from '../viewport-shot.js';
import { checked, EFFECT_SETTLE_MS, noEffect, unverified, type EffectCheck } from './effect.js';

/** Below this crop similarity the live page does not show the recorded option under the point. */
export const CROP_MIN = 0.5;

/**
 * A click at a point whose recording names no element but kept a screenshot and the chosen
 * option's box (BabyAGI): before clicking, the box's crop of the recorded screenshot is compared
 * with the same box of the live page. A different picture there means the click would land on
 * something else — the step fails `no-effect` instead of clicking past a moved target.
 * Undefined when the recording has no screenshot and box to compare.
 */
export async function cropCheckBefore(page: Page, evidence: Evidence | undefined): Promise<EffectCheck | undefined> {
  const box = evidence?.targetBox;
  if (!evidence?.screenshot || !box) return undefined;
  let recorded: Rgba;
  try {
    recorded = decodePng(readFileSync(evidence.screenshot));
  } catch {
    return unverified(`the recorded screenshot is not a readable PNG (${evidence.screenshot}): the clicked option could not be compared`);
  }
  const live = page.viewportSize();
  if (!live) return unverified('the live viewport size is unknown: the clicked option could not be compared');
  const recordedVp = evidence.viewport ?? { width: recorded.width, height: recorded.height };
  const px = { x: recorded.width / recordedVp.width, y: recorded.height / recordedVp.height };
  const inRecorded: Box = { x: box.x * px.x, y: box.y * px.y, width: box.width * px.x, height: box.height * px.y };
  const toLive = { x: live.width / recordedVp.width, y: live.height / recordedVp.height };
  const clip = clipToViewport(
    { x: box.x * toLive.x, y: box.y * toLive.y, width: box.width * toLive.x, height: box.height * toLive.y },
    live,
  );
  if (!clip) return unverified('the recorded option lies outside the live viewport: it could not be compared');
  const score = async () => {
    const shot = await viewportScreenshot(page, { clip, timeoutMs: 10_000 }).catch(() => undefined);
    if (!shot) return undefined;
    const crop = resized(decodePng(shot), Math.round(inRecorded.width), Math.round(inRecorded.height));
    return Math.round(cropSimilarity(recorded, crop, inRecorded) * 1000) / 1000;
  };
  let similarity = await score();
  if (similarity !== undefined && similarity < CROP_MIN)
    similarity =
      (await pollUntil(async () => {
        const s = await score();
        return s !== undefined && s >= CROP_MIN ? s : undefined;
      }, EFFECT_SETTLE_MS)) ?? similarity;
  if (similarity === undefined) return unverified('the live page could not be captured to compare the clicked option');
  const where = `the recorded option at (${Math.round(clip.x)}, ${Math.round(clip.y)}) ${Math.round(clip.width)}×${Math.round(clip.height)}`;
  if (similarity < CROP_MIN)
    return noEffect(
      `expected ${where} under the point, as the recorded screenshot shows it; the live page shows something else there (crop similarity ${similarity} < ${CROP_MIN})`,
    );
  return checked(`${where} looks as recorded (crop similarity ${similarity})`);
}

/** Nearest-neighbour resize, for a live crop at another device scale than the recording's. */
function resized(img: Rgba, width: number, height: number): Rgba {
  if (width <= 0 || height <= 0 || (Math.abs(img.width - width) <= 1 && Math.abs(img.height - height) <= 1)) return img;
  const out = { width, height, data: Buffer.alloc(width * height * 4) };
  for (let y = 0; y < height; y++) {
    const sy = Math.min(img.height - 1, Math.floor((y * img.height) / height));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(img.width - 1, Math.floor((x * img.width) / width));
      img.data.copy(out.data, (y * width + x) * 4, (sy * img.width + sx) * 4, (sy * img.width + sx) * 4 + 4);
    }
  }
  return out;
}
