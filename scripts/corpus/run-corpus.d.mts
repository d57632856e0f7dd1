// Types for scripts/corpus/run-corpus.mjs (used by tests/corpus/corpus.spec.ts).
export interface CorpusRow {
  app: string;
  release: string;
  sameRelease: boolean;
  episode: string;
  status: string;
  reason?: string;
  failedStep?: { step: number; message?: string; action?: string };
  reproduced: boolean;
  why?: string;
  steps: number;
  diverged: number;
  drift: number;
  divergedSteps: { step: number; verdict: string; reasons: string[] }[];
  /** Passed steps whose effect could not be checked, with why. */
  unverifiedSteps: { step: number; action: string; why: string }[];
}
export interface CorpusGroup {
  app: string;
  release: string;
  same: boolean;
  episodes: number;
  reproduced: number;
  passed: number;
  falseAlarms: number;
  silentWrong: number;
  steps: number;
  unverified: number;
  diverged: number;
  drift: number;
}
export const RECORDINGS: string;
export function runCorpus(
  engine: { loadDataset: unknown; runEpisode: unknown; DEFAULT_REPLAY_OPTIONS: unknown; browser: unknown },
  dirs: Record<string, Record<string, string>>,
  options?: {
    apps?: string[];
    releases?: string[];
    shape?: string;
    timeoutMs?: number;
    /** The before-state comparison's mode (`--compare`); the engine's default when left out. */
    compare?: 'off' | 'screenshot' | 'dom' | 'all';
    onRow?: (row: CorpusRow) => void;
  },
): Promise<CorpusRow[]>;
export function corpusTable(rows: CorpusRow[]): CorpusGroup[];
export function formatTable(groups: CorpusGroup[]): string;
