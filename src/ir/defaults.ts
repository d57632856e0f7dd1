import type { Viewport } from './target.js';

// The defaults of a run, each defined once: the CLI's option defaults, the replayer, the
// comparison and the exporter all import them from here (ir/ is the one layer all of them may
// import), so a default changed here changes everywhere it is used.

/** `--timeout`: how long one step may take to find its target and act, ms. */
export const DEFAULT_STEP_TIMEOUT_MS = 10_000;

/** `--min-score`: the lowest similarity (0–1) a fallback target match may have. */
export const DEFAULT_MIN_SCORE = 0.6;

/** How far the best fallback match must lead the runner-up, or the step is ambiguous. */
export const DEFAULT_MATCH_MARGIN = 0.1;

/**
 * `--final-text-min`: the lowest visible-text similarity of the final page to the recorded one.
 * Strict on purpose: one wrong card deleted out of a board of five reads 0.91 alike.
 */
export const DEFAULT_FINAL_TEXT_MIN = 0.97;

/** `--calibrate-interval`: ms between the two captures `--calibrate` compares. */
export const DEFAULT_CALIBRATE_INTERVAL_MS = 1500;

/** `--connect`: how long to wait for the Playwright browser server, ms. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

/** The viewport of an episode that records none (and of a page rendering recorded HTML). */
export const DEFAULT_VIEWPORT: Readonly<Viewport> = Object.freeze({ width: 1280, height: 720 });

/** How long one screenshot of a page (before-state, calibration, final page) may take, ms. */
export const SCREENSHOT_TIMEOUT_MS = 10_000;

/** How long a capture waits for the page's load event before taking it anyway, ms. */
export const LOAD_WAIT_MS = 5000;
