import type { ActionType, FormatName, SourceRef } from './index.js';
import { finalUnverified } from './final-unverified.js';

export { finalUncheckedReason, finalUnverified } from './final-unverified.js';

export type StepStatus = 'passed' | 'failed' | 'skipped' | 'needs-input';
export type EpisodeStatus = 'passed' | 'failed' | 'error';

/**
 * Why a step or episode did not pass. A fixed vocabulary: users filter and count by it. Each
 * reason says in a sentence when it is given; docs/results.md lists them from here
 * (scripts/gen-docs.mjs), so adding one here documents it.
 */
export const REASONS = {
  'target-not-found': 'no element matched the recorded target (nor a fallback above --min-score)',
  'ambiguous-target': 'more than one element matched the target equally well',
  timeout: 'the step did not complete within --timeout (or the episode within --episode-timeout)',
  'navigation-mismatch': 'the page is not at the URL the recording was at',
  'unexpected-dialog': 'a dialog the recording did not see opened (it was dismissed)',
  'assertion-failed':
    'a recorded assertion (assertText, assertValue, assertChecked, assertVisible, assertSnapshot, waitForElement) did not hold',
  'popup-missing': 'the popup the recording saw open did not open',
  'download-missing': 'the download the recording saw start did not start',
  'dialog-missing': 'the dialog the recording saw did not appear',
  'page-not-found': 'the step acts on a page or tab that is not open',
  'needs-input': 'the step needs a value from the user: pass --param NAME=VALUE (or --secret)',
  'not-supported': 'the action cannot be replayed here (e.g. snapshot mode with no recorded HTML to check)',
  'final-state-mismatch': 'every step ran, but the final page reads differently from the recorded one (below --final-text-min)',
  diverged: 'the page before a step is not the recorded one (before-state verdict `diverged`)',
  drift: 'with --fail-on drift: the page before a step drifted from the recorded one (a before-state verdict `drift`)',
  'http-error': 'the step landed on an HTTP 4xx/5xx document',
  'not-actionable': 'snapshot mode: the target is there but cannot take the action (hidden, disabled, not editable, not a checkbox)',
  'option-missing': 'snapshot mode: the value to select is not an option of the SELECT',
  'invalid-input': 'the record could not be decoded: `problems` names file, line and field',
  'browser-crashed': 'the renderer or the browser died under the episode (the message names the cause)',
  'blocked-url': 'a navigation to a scheme the run does not allow (file:, chrome:, data:, javascript:…; opt in with --allow-url-scheme)',
  'page-hung': 'the page did not answer within the step timeout plus a grace: the episode ends, its context is discarded, the run goes on',
  'after-failure': 'a step not run because an earlier step did not pass',
  'no-effect':
    "the action ran but its postcondition did not hold: nothing happened, or not what the recording did (the step's `effect` says what was expected and seen)",
  error: 'anything else that went wrong (the message says what)',
} as const satisfies Record<string, string>;

export type Reason = keyof typeof REASONS;

/** Every reason, in the order of REASONS. */
export const REASON_NAMES = Object.keys(REASONS) as Reason[];

export type Verdict = 'match' | 'drift' | 'diverged';

/** `--fail-on`: which before-state verdict fails an episode (`never`: verdicts are reported only). */
export type FailOn = 'diverged' | 'drift' | 'never';
export const FAIL_ON_CHOICES: readonly FailOn[] = ['diverged', 'drift', 'never'];

/** Why a before-state comparison did not `match`. A fixed vocabulary, like Reason. */
export type DivergenceReason =
  | 'navigation-mismatch'
  | 'layout-shift'
  | 'content-drift'
  | 'element-moved'
  | 'target-missing'
  | 'unexpected-dialog'
  | 'unexpected-popup'
  | 'error-page'
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
  /** Visible-text similarity (0–1) outside page chrome (header/footer landmarks, nav, aside, small print, ads), numbers as one token. */
  mainTextSimilarity?: number;
  /** Similarity (0–1) of the controls outside page chrome, by role and accessible name. */
  controlSimilarity?: number;
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
  /** Why the screenshots could not be compared (a recorded image that is no readable PNG); the verdict is the DOM's and URL's (also in the step's notes). */
  pixelsNotCompared?: string;
  /** What the comparison cost, ms: capturing the live state, and comparing. */
  costMs?: { capture: number; compare: number };
  /**
   * The live state is the one captured before the previous step, which could not change the
   * page (a lone modifier key such as `press Shift`): not captured again.
   */
  reusedCapture?: boolean;
}

/**
 * What a passed step proved about its effect. `checked`: the action's postcondition held (the
 * value is in the field, the box is checked, the scroll moved, the click point hit the target…);
 * `unverified`: the action ran but nothing could be checked (`detail` says why), so the episode
 * reads "passed (N steps unverified)"; `none`: the action changes nothing to check (noop, stop,
 * a timed wait).
 */
export interface StepEffect {
  status: 'checked' | 'unverified' | 'none';
  /** What was checked and seen, or why nothing could be. */
  detail: string;
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
  /** Passed steps: the postcondition checked after the action, or why none could be (see StepEffect). */
  effect?: StepEffect;
  /**
   * `--heal`, a target found by a fallback: a locator that finds that very element directly (the
   * only match on the live page), for `heal` to write back; or why none was written.
   */
  healed?: HealedLocator | { none: string };
  /** `--heal`: the live before-state of this step (paths relative to the output folder), for `approve`. */
  baseline?: { screenshot?: string; html?: string };
}

/** A Playwright selector (a getBy*-style `internal:` part, or `#id`) that finds one element. */
export interface HealedLocator {
  selector: string;
  /** The selector in words, e.g. `getByRole('button', { name: 'Send declaration' })`. */
  description: string;
}

export interface FinalState {
  url: string;
  /** Paths relative to the output folder. */
  html: string;
  /** Not taken with `--compare off` for an episode that passed with its final text as recorded. */
  screenshot?: string;
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
  /**
   * Live mode: why the final page could not be captured (it closed mid-capture, the disk refused
   * final.html): the end state went unchecked, and a `passed` episode says so, as for an
   * unverifiable `final`. No `final` then.
   */
  finalUnchecked?: string;
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
  /** Live mode: the browser window the episode ran in, and how it was chosen. */
  viewport?: ReplayViewport;
}

/**
 * The CSS viewport and device scale a live episode ran at. `chosenBy`: `--viewport` (the user's),
 * `screenshot` (of the recording's candidate windows, the one whose render of the start page is
 * most like the first recorded screenshot; `candidates` lists each with its differing-pixel
 * share), `recorded` (the recording's own window), `default` (the run's default).
 */
export interface ReplayViewport {
  width: number;
  height: number;
  deviceScaleFactor: number;
  chosenBy: '--viewport' | 'screenshot' | 'recorded' | 'default';
  candidates?: { width: number; height: number; deviceScaleFactor: number; differing?: number; note?: string }[];
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
  /**
   * `passedUnverified`: passed episodes whose final state could not be checked; `passedWithUnverifiedSteps`:
   * passed episodes with at least one step whose effect could not be checked (both counted in `passed` too).
   */
  episodes: Record<EpisodeStatus, number> & { total: number; passedUnverified?: number; passedWithUnverifiedSteps?: number };
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

/** Passed steps of the episode whose effect could not be checked (StepEffect `unverified`). */
export const unverifiedSteps = (r: Pick<EpisodeResult, 'steps'>): StepResult[] =>
  r.steps.filter((s) => s.status === 'passed' && s.effect?.status === 'unverified');

/**
 * How a passed episode says what it rests on: `passed`, or `passed (final state not verifiable,
 * 2 steps unverified)` — a pass never hides what could not be checked.
 */
export function passedLabel(r: Pick<EpisodeResult, 'status' | 'final' | 'finalUnchecked' | 'steps'>): string {
  const caveats: string[] = [];
  if (passedUnverified(r)) caveats.push('final state not verifiable');
  const n = unverifiedSteps(r).length;
  if (n) caveats.push(`${n} step${n === 1 ? '' : 's'} unverified`);
  return caveats.length ? `passed (${caveats.join(', ')})` : 'passed';
}

/** A passed episode whose final page nothing could check. */
export const passedUnverified = (r: Pick<EpisodeResult, 'status' | 'final' | 'finalUnchecked'>): boolean =>
  r.status === 'passed' && finalUnverified(r);
