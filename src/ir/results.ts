import type { ActionType, FormatName, SourceRef } from './index.js';

export type StepStatus = 'passed' | 'failed' | 'skipped' | 'needs-input';
export type EpisodeStatus = 'passed' | 'failed' | 'error';

/** Why a step or episode did not pass. A fixed vocabulary: users filter and count by it. */
export type Reason =
  | 'target-not-found'
  | 'ambiguous-target'
  | 'timeout'
  | 'navigation-mismatch'
  | 'unexpected-dialog'
  | 'assertion-failed'
  | 'popup-missing'
  | 'download-missing'
  | 'dialog-missing'
  | 'page-not-found'
  | 'needs-input'
  | 'not-supported'
  | 'final-state-mismatch'
  | 'diverged'
  | 'http-error'
  | 'not-actionable'
  | 'option-missing'
  | 'invalid-input'
  | 'browser-crashed'
  | 'after-failure'
  | 'error';

export type Verdict = 'match' | 'drift' | 'diverged';

/** Why a before-state comparison did not `match`. A fixed vocabulary, like Reason. */
export type DivergenceReason =
  | 'navigation-mismatch'
  | 'layout-shift'
  | 'content-drift'
  | 'element-moved'
  | 'target-missing'
  | 'unexpected-dialog'
  | 'unexpected-popup'
  | 'visual-only';

/** The live page before a step, compared with the recorded before-state. */
export interface BeforeStateComparison {
  verdict: Verdict;
  reasons: DivergenceReason[];
  /** Share of pixels that differ (0–1), after size normalisation and masks. */
  pixelRatio?: number;
  /** A vertical content shift found in the screenshot, in px (positive: live content lower). */
  shiftPx?: number;
  /** Visible-text similarity (0–1) of recorded and live DOM. */
  textSimilarity?: number;
  /** Element-structure similarity (0–1): tags, roles and stable attributes. */
  structureSimilarity?: number;
  /** For a step that did not match: visible words only the recorded / only the live page has (up to 12 each). */
  textDiff?: { missing: string[]; extra: string[] };
  /** Recorded URL (after --map-url) vs live, when the recording has one. */
  url?: { recorded: string; live: string; same: boolean };
  /** Whether the recorded target exists in the recorded and in the live DOM. */
  target?: { recorded: boolean; live: boolean };
  /** Paths relative to the output folder; `fullPage` (the whole live page) only when the step did not match. */
  images?: { recorded?: string; live?: string; diff?: string; fullPage?: string };
  /** The live page's accessibility snapshot (Playwright ARIA YAML), relative to the output folder; only when the step did not match. */
  aria?: string;
  /** Recorded and live HTML dumps, relative to the output folder. */
  html?: { recorded?: string; live?: string };
  /** Screenshots/HTML over `--max-artifact-bytes` that were not written (also in the step's notes). */
  artifactsNotWritten?: string;
  /** What the comparison cost, ms: capturing the live state, and comparing. */
  costMs?: { capture: number; compare: number };
  /**
   * The live state is the one captured before the previous step, which could not change the
   * page (a lone modifier key such as `press Shift`): not captured again.
   */
  reusedCapture?: boolean;
}

export interface StepResult {
  index: number;
  recordedStep?: number | string;
  action: ActionType;
  /** The action in words, e.g. `click button "Submit"`. */
  description: string;
  page: string;
  status: StepStatus;
  reason?: Reason;
  /** What went wrong, in a sentence. */
  message?: string;
  durationMs: number;
  /** How the target was found: `recorded`, `alternative`, `normalized-name` or `similarity`. */
  resolvedBy?: string;
  /** 0–1: how sure the match is (1 for the recorded selector, unique). */
  score?: number;
  /** The evidence behind a fallback match, or the closest candidates when none was good enough. */
  target?: { evidence?: string[]; frame?: string; revealedByHover?: boolean; candidates?: { name: string; score: number }[] };
  /** URL of the step's page after the step. */
  url?: string;
  /** Saved downloads, relative to the output folder. */
  downloads?: string[];
  /** Things worth knowing that did not fail the step (an unrecorded popup, an empty upload…). */
  notes?: string[];
  /** Before-state comparison, when the recording has a before-state and comparison is on. */
  compare?: BeforeStateComparison;
  /** The target's box on the live page (CSS px), for drawing on screenshots. */
  liveBox?: { x: number; y: number; width: number; height: number };
  /** The target's recorded box, when the recording has one. */
  recordedBox?: { x: number; y: number; width: number; height: number };
  /**
   * Actions recorded at a point (VWA element_id, MOUSE_*): what the live page has at the point
   * against the recorded element, and whether `--repair` acted on the element found again.
   */
  pointCheck?: { x: number; y: number; expected: string; found: string; match: boolean; repaired?: boolean };
}

export interface FinalState {
  url: string;
  /** Paths relative to the output folder. */
  html: string;
  screenshot: string;
  /** Visible-text similarity (0–1) with the last recorded state, when the recording has one. */
  textSimilarity?: number;
  /**
   * Whether the final page was checked against the state the recording ended in. `false` for
   * recordings that keep none (plain codegen files, the 1.65 recorder): a `passed` episode then
   * rests on its steps, assertions and before-states only — "passed (final state not verifiable)".
   */
  verified?: boolean;
  /** Why the final state could not be checked. */
  unverifiedReason?: string;
}

export interface EpisodeResult {
  episode: string;
  format: FormatName;
  status: EpisodeStatus;
  reason?: Reason;
  /** Index of the first step that did not pass. */
  failedStep?: number;
  message?: string;
  instruction?: string;
  source: SourceRef;
  durationMs: number;
  steps: StepResult[];
  final?: FinalState;
  /** Index of the first step whose before-state `diverged` from the recording. */
  firstDivergence?: number;
  /** Indexes of steps whose before-state drifted (within thresholds; the episode still passes). */
  drift?: number[];
  /** Snapshot mode: how many step targets were checked, found, and found on a recorded positive candidate. */
  targets?: { checked: number; found: number; onPositive?: number };
  /** Playwright trace of the episode, relative to the output folder (`npx playwright show-trace`). */
  trace?: string;
  /**
   * Live mode, a turn that `continues` another (MT-Mind2Web): the episode whose browser session
   * (context, page, in-page state) this one ran on, without a reset in between.
   */
  continuedFrom?: string;
  /** Input problems, formatted `file:line: severity: field: message`. */
  problems?: string[];
}

/**
 * A format's figures in summary.json. `targets` sums snapshot mode's per-episode target checks:
 * `foundRate` is found / checked; `elementAccuracy` is Mind2Web's element accuracy, the share of
 * checked steps whose element is one of the recorded positive candidates (onPositive / checked),
 * present only for formats that record candidates.
 */
export interface FormatFigures {
  episodes: number;
  targets?: { checked: number; found: number; onPositive?: number; foundRate: number; elementAccuracy?: number };
}

export interface RunSummary {
  dataset: string;
  out: string;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  browser?: { source: string; executablePath: string; version: string };
  /** `passedUnverified`: passed episodes whose final state could not be checked (counted in `passed` too). */
  episodes: Record<EpisodeStatus, number> & { total: number; passedUnverified?: number };
  steps: Record<StepStatus, number> & { total: number };
  reasons: Partial<Record<Reason, number>>;
  /** How many step targets each strategy found (recorded, alternative, normalized-name, similarity). */
  resolvedBy: Record<string, number>;
  /** Input problems found while decoding (also listed on the episodes they belong to). */
  problems: string[];
  /** Per dataset format: episodes, and in snapshot mode target-found rate and element accuracy. */
  formats?: Record<string, FormatFigures>;
  exitCode: number;
}

/** A passed episode whose final page nothing could check (see FinalState.verified). */
export const passedUnverified = (r: Pick<EpisodeResult, 'status' | 'final'>): boolean => r.status === 'passed' && r.final?.verified === false;
