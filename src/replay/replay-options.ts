import { type UrlMapping } from '../ir/url-map.js';
import type { MatchThresholds } from '../compare/target-match.js';
import { type CompareOptions } from './before-state.js';
import type { Secret } from '../secrets.js';
import type { OfflineOptions } from './offline.js';
import { type ReplayHooks } from './hooks.js';
import type { FailOn } from '../ir/results.js';

export interface ReplayOptions extends OfflineOptions {
  out: string;
  /**
   * `live`: drive the site (or a local copy) from the first step. `snapshot`: check each step
   * on its own recorded before-state, sealed from the network.
   */
  replayMode?: 'live' | 'snapshot';
  /** Snapshot mode: let recorded pages run their scripts (still with no network). */
  allowScripts?: boolean;
  urlMappings: UrlMapping[];
  /** `--param NAME=VALUE`: values for steps that need input. */
  params: Record<string, string>;
  /** `--secret` (and secret `--params`/env) values: typed like params, kept out of every output. */
  secrets?: Secret[];
  /** Per-step timeout. */
  timeoutMs: number;
  /** `--episode-timeout`: past this the episode ends `error`/`timeout` and the run goes on. */
  episodeTimeoutMs?: number;
  filesDir?: string;
  /** Below this visible-text similarity the final page is not what the recording reached. */
  finalTextMin: number;
  /** `--strict`: only the recorded selector finds targets. */
  strict?: boolean;
  /**
   * `--heal`: a step found by a fallback also gets a locator that finds its element directly, and
   * every step keeps its live before-state (see results' `healed`/`baseline`, used by `heal`/`approve`).
   */
  heal?: boolean;
  /** `--repair`: an action recorded at a point (VWA) whose element moved acts on the element found again. */
  repair?: boolean;
  /** `--min-score` and the ambiguity margin for similarity matches. */
  thresholds?: MatchThresholds;
  /** Before-state comparison (`--compare`). */
  compare: CompareOptions;
  /** `--stop-at-first-divergence`: a diverged before-state ends the episode there. */
  stopAtFirstDivergence?: boolean;
  /**
   * `--fail-on`: which before-state verdict fails the episode — `diverged` (default), `drift`
   * (drift too, for regression runs on an unchanged site) or `never` (verdicts are reported only).
   */
  failOn?: FailOn;
  /** `--trace`: a Playwright trace per episode, kept always, never, or for episodes that did not pass. */
  trace?: 'on' | 'off' | 'retain-on-failure';
  /**
   * `--trace-detail`: what a trace records. `actions` (default): the action list with its
   * parameters, errors, network and console; `screencast`: and the page's frames as it paints;
   * `full`: and a DOM snapshot before and after each action. The default `--trace
   * retain-on-failure` records every episode, passing ones included, so the default is the
   * cheapest that still says what each step did: measured in one process on the Chrome
   * Recorder flows, tracing cost 1.06× the untraced time with actions only and 1.27× with the
   * screencast; DOM snapshots added ~20% on the recorder episodes. A step whose before-state
   * does not match keeps its own screenshots and HTML whatever the trace holds.
   */
  traceDetail?: 'actions' | 'screencast' | 'full';
  /**
   * `--from-step`/`--to-step` (0-based here): steps before `fromStep` run only to reach the state
   * (no comparison), steps after `toStep` do not run.
   */
  fromStep?: number;
  toStep?: number;
  /**
   * `--start-url`: where episodes that record no start page (Mind2Web, BabyAGI) begin; by
   * website name (`meta.website`) or for all.
   */
  startUrls?: { all?: string; byWebsite?: Record<string, string> };
  /** `--allow-url-scheme`: schemes besides http(s) a live replay may navigate to (sandbox/url-policy.ts). */
  allowUrlSchemes?: string[];
  /** `--pause-on-failure` (headed): keep the browser open at the failing step. */
  pauseOnFailure?: boolean;
  headed?: boolean;
  defaultViewport: { width: number; height: number };
  /** Called around each episode and step (the public API's lifecycle hooks); async worker mode only. */
  hooks?: ReplayHooks;
  /** `--viewport WxH[@scale]`: the window every episode runs in, whatever its recording says. */
  viewport?: { width: number; height: number; deviceScaleFactor?: number };
}
