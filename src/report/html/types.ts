import type { EpisodeResult, EpisodeStatus, RunSummary } from '../../ir/results.js';

/**
 * What the HTML report's page script reads. `report/data/index.js` assigns a {@link ReportIndex}
 * to `window.RW_INDEX`; `report/data/chunk-N.js` adds a {@link ReportChunk} to `window.RW_CHUNKS[N]`.
 * Script files (not JSON) because a page opened from disk (file://) may not fetch() in Chromium.
 */
export interface ReportIndex {
  generatedAt: string;
  /** Absolute results folder when the report was built (for copy-paste commands). */
  out: string;
  /** summary.json as written by the run; absent for a run that was killed before it finished. */
  summary?: RunSummary;
  /** Totals counted from results.jsonl (what the list shows). */
  totals: Totals;
  /** Lines of results.jsonl that were not valid JSON (a run killed mid-write leaves one). */
  unreadableLines: number;
  chunkSize: number;
  chunks: number;
  episodes: ListEntry[];
}

export interface Totals {
  episodes: Record<EpisodeStatus, number> & { total: number; passedUnverified: number; passedWithUnverifiedSteps: number };
  steps: Record<'passed' | 'failed' | 'skipped' | 'needs-input', number> & { total: number };
  /** Episodes by reason. */
  reasons: Record<string, number>;
  /** Steps whose before-state did not match, by divergence reason. */
  divergences: Record<string, number>;
  formats: Record<string, number>;
  /** First failing step (0-based index) → episodes. */
  firstFailure: Record<string, number>;
  /** First diverged step (0-based index) → episodes. */
  firstDivergence: Record<string, number>;
  durationMs: number;
}

/** One row of the episode list: enough to filter and sort without loading any chunk. */
export interface ListEntry {
  /** Position in results.jsonl (0-based): the route key, since ids may repeat across merged runs. */
  n: number;
  id: string;
  format: string;
  status: EpisodeStatus;
  reason?: string;
  failedStep?: number;
  /** Description of the first step that did not pass. */
  failedWhat?: string;
  firstDivergence?: number;
  drift: number;
  steps: number;
  /** Steps that ran (not skipped). */
  ran: number;
  durationMs: number;
  /** Truncated for the list; the full text is in the chunk. */
  instruction?: string;
  message?: string;
  chunk: number;
}

/** Full results of one episode plus, for every file path it names, the link to use from report/. */
export interface ChunkEntry {
  n: number;
  result: EpisodeResult;
  /** Path as written in the result → URL relative to report/index.html (percent-encoded). */
  hrefs: Record<string, string>;
  /** Absolute trace path, for the `npx playwright show-trace` command. */
  tracePath?: string;
}

export type ReportChunk = ChunkEntry[];
