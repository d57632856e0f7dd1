// The public API of replaywright (`import … from 'replaywright'`): load and validate a dataset,
// replay it with lifecycle hooks, compare recorded and live states without a browser, and the
// types of what comes back. docs/api.md has an example. The CLI is one user of the same code.

// Datasets: decode any supported format into the IR, streamed or whole, and check it.
export {
  loadDataset,
  openDataset,
  FORMAT_CHOICES,
  type DatasetStream,
  type FormatChoice,
  type LoadedDataset,
  type LoadOptions,
} from './formats/load-dataset.js';
export { validateDataset, type Validation } from './api/dataset.js';
export { formatProblem, type Problem } from './ir/problem.js';
export type { Action, Episode, Step, Target } from './ir/index.js';

// Replay, with hooks around each episode and step.
export { replay, type ReplayOptions, type ReplayRun } from './api/replay.js';
export type { ReplayHooks } from './replay/hooks.js';
export type { BrowserInfo } from './replay/run.js';

// Configuration: the same file and keys as `replaywright run`.
export {
  defineConfig,
  loadConfig,
  findConfigFile,
  ConfigError,
  CONFIG_KEYS,
  type ReplaywrightConfig,
  type LoadedConfig,
} from './config/index.js';

// Pure comparison (no browser): what a before-state check is made of.
export { compareHtml } from './api/compare.js';
export { diffScreenshots, type ScreenshotDiff, type ScreenshotDiffOptions } from './compare/screenshot-diff.js';
export { pageShape, domSimilarity, type PageShape, type DomSimilarity } from './compare/dom-similarity.js';
export { textSimilarity } from './compare/visible-text.js';
export { contentWords } from './compare/dom-similarity.js';
export { wordsDiff } from './compare/words-diff.js';
export { judge, type Figures } from './compare/verdict.js';
export { DEFAULT_COMPARE_THRESHOLDS, type CompareThresholds } from './compare/thresholds.js';

// Results: the stable contract of results.jsonl and summary.json.
export {
  REASONS,
  REASON_NAMES,
  passedUnverified,
  type BeforeStateComparison,
  type DivergenceReason,
  type EpisodeResult,
  type EpisodeStatus,
  type FinalState,
  type FormatFigures,
  type Reason,
  type RunSummary,
  type StepResult,
  type StepStatus,
  type Verdict,
} from './ir/results.js';
