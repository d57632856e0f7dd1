import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { loadDataset, type FormatChoice } from '../formats/load-dataset.js';
import { formatProblem } from '../formats/problem.js';
import { BrowserNotFound } from '../replay/browser.js';
import { replayEpisodes, type BrowserInfo } from '../replay/run.js';
import { DEFAULT_REPLAY_OPTIONS } from '../replay/run-episode.js';
import { DEFAULT_THRESHOLDS } from '../compare/target-match.js';
import type { UrlMapping } from '../replay/url-map.js';
import { rejectedResult } from '../report/rejected.js';
import type { RunSummary } from '../report/results.js';
import { ResultsWriter } from '../report/results-writer.js';
import { episodeLine, summaryLines } from '../report/terminal-summary.js';

export interface RunArgs {
  dataset: string;
  out: string;
  format: FormatChoice;
  episodes: string[];
  urlMappings: UrlMapping[];
  params: Record<string, string>;
  timeoutMs: number;
  headed: boolean;
  slowMo?: number;
  filesDir?: string;
  strict?: boolean;
  minScore?: number;
  finalTextMin?: number;
}

/** Exit codes: 0 all passed, 1 something failed, 2 nothing could be read (or no browser). */
export async function runCommand(args: RunArgs, log: Logger, print: (line: string) => void = console.log): Promise<number> {
  const data = await loadDataset(args.dataset, { format: args.format });
  for (const p of data.problems) log.warn(formatProblem(p));
  if (data.files.length === 0 || data.recordsRead === 0) {
    log.error(`nothing to replay in ${args.dataset}: ${data.files.length === 0 ? 'no dataset file found' : 'no record could be read'}`);
    return 2;
  }
  const wanted = new Set(args.episodes);
  const pick = <T extends { id: string }>(xs: T[]) => (wanted.size ? xs.filter((x) => wanted.has(x.id)) : xs);
  const episodes = pick(data.episodes);
  const rejected = pick(data.rejected);
  for (const id of wanted) {
    if (![...episodes, ...rejected].some((e) => e.id === id)) log.warn(`--episode ${id}: no such episode in ${args.dataset}`);
  }

  const out = resolve(args.out);
  const writer = new ResultsWriter(out);
  for (const r of rejected) {
    const result = rejectedResult(r);
    writer.add(result);
    print(episodeLine(result));
  }
  let browser: BrowserInfo | undefined;
  try {
    browser = await replayEpisodes(
      episodes,
      { ...DEFAULT_REPLAY_OPTIONS, out, urlMappings: args.urlMappings, params: args.params, timeoutMs: args.timeoutMs, headed: args.headed, slowMo: args.slowMo, filesDir: args.filesDir ?? data.root,
        strict: args.strict, thresholds: { ...DEFAULT_THRESHOLDS, minScore: args.minScore ?? DEFAULT_THRESHOLDS.minScore }, finalTextMin: args.finalTextMin ?? DEFAULT_REPLAY_OPTIONS.finalTextMin },
      { onEpisode: (r) => { writer.add(r); print(episodeLine(r)); } },
      log,
    );
  } catch (error) {
    if (error instanceof BrowserNotFound) {
      log.error(error.message);
      return 2;
    }
    throw error;
  }
  const summary: RunSummary = writer.finish({ dataset: args.dataset, problems: data.problems.map((p) => formatProblem(p)), browser });
  for (const line of summaryLines(summary, writer.resultsFile)) print(line);
  return summary.exitCode;
}
