import { readFileSync } from 'node:fs';
import { DEFAULT_COMPARE_THRESHOLDS, type CompareThresholds } from '../compare/thresholds.js';

/** `--compare-config`: a JSON object of threshold overrides; unknown keys are a usage error. */
export function loadThresholds(file: string | undefined): CompareThresholds {
  if (!file) return DEFAULT_COMPARE_THRESHOLDS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`--compare-config ${file}: ${(error as Error).message}`);
  }
  const unknown = Object.keys(parsed as object).filter((k) => !(k in DEFAULT_COMPARE_THRESHOLDS));
  if (unknown.length)
    throw new Error(
      `--compare-config ${file}: unknown thresholds ${unknown.join(', ')} (known: ${Object.keys(DEFAULT_COMPARE_THRESHOLDS).join(', ')})`,
    );
  return { ...DEFAULT_COMPARE_THRESHOLDS, ...(parsed as Partial<CompareThresholds>) };
}
