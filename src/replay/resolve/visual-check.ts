import { readFileSync } from 'node:fs';
import type { Page } from 'playwright';
import { cropSimilarity } from '../../compare/crop-similarity.js';
import { decodePng, type Rgba } from '../../compare/png-decode.js';
import { candidateLocator, type Candidate } from './collect.js';
import { revealByHover } from './reveal.js';
import { viewportScreenshot } from '../viewport-shot.js';

/** The last few recorded screenshots decoded (one step's resolution reads its own several times). */
const decoded = new Map<string, Rgba | undefined>();
const DECODED_KEPT = 4;

/**
 * The recorded screenshot, decoded; undefined when unreadable. Only the last few are kept: a
 * 1280×720 screenshot is 3.7 MB decoded, and a long run's steps each have their own.
 */
export function recordedScreenshot(path: string): Rgba | undefined {
  if (decoded.has(path)) {
    const png = decoded.get(path);
    decoded.delete(path);
    decoded.set(path, png); // most recently used last
    return png;
  }
  let png: Rgba | undefined;
  try {
    png = decodePng(readFileSync(path));
  } catch {
    png = undefined;
  }
  decoded.set(path, png);
  if (decoded.size > DECODED_KEPT) decoded.delete(decoded.keys().next().value!);
  return png;
}

/**
 * A near-tie is broken only when every tied element was looked at (locate.ts): a control its
 * hover shows late (a slow handler, a loaded machine) is given this long rather than the usual
 * 150 ms, so a tie is not left standing for want of a look. Paid only where it never shows.
 */
export const LOOK_PATIENCE_MS = 1000;

/**
 * Does the recorded screenshot show, at this candidate's place, what the live page shows
 * there? A hover-only control is revealed first, since the recording was taken with the
 * pointer on it. Undefined when the candidate has no place on screen, or did not show.
 */
export async function visualAgreement(page: Page, recorded: Rgba, candidate: Candidate): Promise<number | undefined> {
  if (!candidate.visible && !(await revealByHover(candidate, LOOK_PATIENCE_MS))) return undefined;
  const box = await candidateLocator(candidate)
    .boundingBox()
    .catch(() => null);
  if (!box || box.width < 1 || box.height < 1) return undefined;
  const clip = { x: Math.max(0, box.x), y: Math.max(0, box.y), width: box.width, height: box.height };
  const shot = await viewportScreenshot(page, { clip, timeoutMs: 10_000 }).catch(() => undefined);
  if (!shot) return undefined;
  return cropSimilarity(recorded, decodePng(shot), clip);
}
