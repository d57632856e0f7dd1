import type { BeforeStateComparison, DivergenceReason, Verdict } from '../ir/results.js';
import type { CompareThresholds } from './thresholds.js';

export interface Figures {
  pixelRatio?: number;
  pixels?: number;
  shiftPx?: number;
  /** All visible words. */
  textSimilarity?: number;
  /** Markup (tags, stable attributes): a rebuild changes it, so it is drift at most. */
  structureSimilarity?: number;
  /** Words outside page chrome, numbers as one token. */
  mainTextSimilarity?: number;
  /** Controls outside page chrome by role and name. */
  controlSimilarity?: number;
  urlSame?: boolean;
  targetMissing?: boolean;
  unexpectedDialog?: boolean;
  unexpectedPopup?: boolean;
  errorPage?: boolean;
}

/**
 * Turns comparison figures into a verdict with reasons. `diverged` needs evidence that the live
 * page is another state for this step: another URL, the target or its row/form missing, a
 * dialog the recording did not have, an error page, or changed content or controls outside the
 * page chrome. Everything else that differs — footer credits, banners, markup of a rebuilt
 * front end, pixels — is `drift`: worth listing, the same page for the step.
 */
export function judge(f: Figures, t: CompareThresholds): Pick<BeforeStateComparison, 'verdict' | 'reasons'> {
  const diverged = new Set<DivergenceReason>();
  const drift = new Set<DivergenceReason>();
  if (f.urlSame === false) diverged.add('navigation-mismatch');
  if (f.targetMissing) diverged.add('target-missing');
  if (f.unexpectedDialog) diverged.add('unexpected-dialog');
  if (f.errorPage) diverged.add('error-page');
  if (f.unexpectedPopup) drift.add('unexpected-popup');

  // The content a step works on decides; text in the chrome only drifts.
  const content = f.mainTextSimilarity ?? f.textSimilarity;
  if (content !== undefined && content < t.textDiverged) diverged.add('content-drift');
  else if ((content !== undefined && content < t.textDrift) || (f.textSimilarity !== undefined && f.textSimilarity < t.textDrift))
    drift.add('content-drift');
  if (f.controlSimilarity !== undefined) {
    if (f.controlSimilarity < t.controlDiverged) diverged.add('element-moved');
    else if (f.controlSimilarity < t.controlDrift) drift.add('element-moved');
  }
  // Markup alone (a rebuilt front end, another framework) says nothing about the state. Without
  // controls to compare (a recording that kept no DOM attributes), it still decides as before.
  if (f.structureSimilarity !== undefined) {
    if (f.controlSimilarity === undefined && f.structureSimilarity < t.structureDiverged) diverged.add('element-moved');
    else if (f.structureSimilarity < t.structureDrift) drift.add('element-moved');
  }
  // Either gate, as Playwright's toHaveScreenshot: a few hundred pixels are a change worth naming.
  const pixelsDiffer = f.pixelRatio !== undefined && (f.pixelRatio > t.maxDiffPixelRatio || (f.pixels ?? 0) > t.maxDiffPixels);
  if (pixelsDiffer) {
    // The pixels say something changed; the DOM says what.
    const named =
      drift.has('content-drift') || diverged.has('content-drift') || drift.has('element-moved') || diverged.has('element-moved');
    if (f.shiftPx) drift.add('layout-shift');
    else if (f.textSimilarity === undefined && f.pixelRatio! > t.pixelDiverged) diverged.add('content-drift');
    else if (named) {
      /* already explained */
    } else if (f.textSimilarity !== undefined && f.textSimilarity < 1) drift.add('content-drift');
    else if (f.structureSimilarity !== undefined && f.structureSimilarity < 1) drift.add('element-moved');
    else drift.add('visual-only');
  }
  const verdict: Verdict = diverged.size ? 'diverged' : drift.size ? 'drift' : 'match';
  return { verdict, reasons: [...diverged, ...[...drift].filter((r) => !diverged.has(r))] };
}
