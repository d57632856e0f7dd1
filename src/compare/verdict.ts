import type { BeforeStateComparison, DivergenceReason, Verdict } from '../ir/results.js';
import type { CompareThresholds } from './thresholds.js';

export interface Figures {
  pixelRatio?: number;
  pixels?: number;
  shiftPx?: number;
  textSimilarity?: number;
  structureSimilarity?: number;
  urlSame?: boolean;
  targetMissing?: boolean;
  unexpectedDialog?: boolean;
  unexpectedPopup?: boolean;
}

/**
 * Turns comparison figures into a verdict with reasons. `diverged` means the live page is not
 * the recorded state (a different URL, different content or structure, a missing target);
 * `drift` a difference worth listing that leaves it recognisably the same page.
 */
export function judge(f: Figures, t: CompareThresholds): Pick<BeforeStateComparison, 'verdict' | 'reasons'> {
  const diverged = new Set<DivergenceReason>();
  const drift = new Set<DivergenceReason>();
  if (f.urlSame === false) diverged.add('navigation-mismatch');
  if (f.targetMissing) diverged.add('target-missing');
  if (f.unexpectedDialog) diverged.add('unexpected-dialog');
  if (f.unexpectedPopup) drift.add('unexpected-popup');

  if (f.textSimilarity !== undefined) {
    if (f.textSimilarity < t.textDiverged) diverged.add('content-drift');
    else if (f.textSimilarity < t.textDrift) drift.add('content-drift');
  }
  if (f.structureSimilarity !== undefined) {
    if (f.structureSimilarity < t.structureDiverged) diverged.add('element-moved');
    else if (f.structureSimilarity < t.structureDrift) drift.add('element-moved');
  }
  // Either gate, as Playwright's toHaveScreenshot: a few hundred pixels are a change worth naming.
  const pixelsDiffer = f.pixelRatio !== undefined && (f.pixelRatio > t.maxDiffPixelRatio || (f.pixels ?? 0) > t.maxDiffPixels);
  if (pixelsDiffer) {
    // The pixels say something changed; the DOM says what.
    const named = drift.has('content-drift') || diverged.has('content-drift') || drift.has('element-moved') || diverged.has('element-moved');
    if (f.shiftPx) drift.add('layout-shift');
    else if (f.textSimilarity === undefined && f.pixelRatio! > t.pixelDiverged) diverged.add('content-drift');
    else if (named) { /* already explained */ }
    else if (f.textSimilarity !== undefined && f.textSimilarity < 1) drift.add('content-drift');
    else if (f.structureSimilarity !== undefined && f.structureSimilarity < 1) drift.add('element-moved');
    else drift.add('visual-only');
  }
  const verdict: Verdict = diverged.size ? 'diverged' : drift.size ? 'drift' : 'match';
  return { verdict, reasons: [...diverged, ...[...drift].filter((r) => !diverged.has(r))] };
}
