/**
 * When a live before-state still counts as the recorded one. `drift` thresholds mark a
 * difference worth listing; `diverged` ones mark a page that is no longer the recorded state.
 * Overridable per run (`--compare-config`); the defaults suit same-browser replays of the
 * same site, where identical states give identical pixels.
 */
export interface CompareThresholds {
  /** pixelmatch per-pixel colour threshold (0–1). */
  pixelThreshold: number;
  /** Up to this share of differing pixels (or this many), the screenshots match. */
  maxDiffPixelRatio: number;
  maxDiffPixels: number;
  /** Visible-text similarity below which content drifted / diverged (diverged: text outside page chrome only). */
  textDrift: number;
  textDiverged: number;
  /** Controls (role + name, outside page chrome) similarity below which the page drifted / diverged. */
  controlDrift: number;
  controlDiverged: number;
  /** Element-structure (markup) similarity below which the page drifted; diverged only for recordings without controls. */
  structureDrift: number;
  structureDiverged: number;
  /** Largest vertical content shift searched for, px. */
  maxShiftPx: number;
  /** Share of differing pixels above which screenshots alone call the page diverged (when no DOM is recorded). */
  pixelDiverged: number;
}

export const DEFAULT_COMPARE_THRESHOLDS: CompareThresholds = {
  pixelThreshold: 0.1,
  maxDiffPixelRatio: 0.002,
  maxDiffPixels: 100,
  textDrift: 0.98,
  textDiverged: 0.8,
  controlDrift: 0.95,
  controlDiverged: 0.6,
  structureDrift: 0.95,
  structureDiverged: 0.7,
  maxShiftPx: 300,
  pixelDiverged: 0.3,
};
