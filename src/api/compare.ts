import { domSimilarity, pageShape } from '../compare/dom-similarity.js';
import { DEFAULT_COMPARE_THRESHOLDS, type CompareThresholds } from '../compare/thresholds.js';
import { judge } from '../compare/verdict.js';
import { wordsDiff } from '../compare/words-diff.js';
import type { BeforeStateComparison } from '../ir/results.js';

/**
 * Compares a recorded page's HTML with a live one as the replayer compares before-states on the
 * DOM side (visible text, element structure), with no browser: the figures, the words only one
 * side has, and the verdict the thresholds give.
 */
export function compareHtml(
  recordedHtml: string,
  liveHtml: string,
  thresholds: CompareThresholds = DEFAULT_COMPARE_THRESHOLDS,
): Pick<BeforeStateComparison, 'verdict' | 'reasons' | 'textSimilarity' | 'structureSimilarity' | 'textDiff'> {
  const recorded = pageShape(recordedHtml);
  const live = pageShape(liveHtml);
  const figures = domSimilarity(recorded, live);
  return { ...judge(figures, thresholds), ...figures, textDiff: wordsDiff(recorded.words, live.words) };
}
