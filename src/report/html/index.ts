import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { addToTotals, CHUNK_SIZE, chunkEntry, emptyTotals, listEntry, scriptJson } from './data.js';
import { reportPage } from './page.js';
import { readResults, readSummary } from '../../results/reader.js';
import type { ChunkEntry, ListEntry, ReportIndex } from './types.js';

export { NoResults } from '../../results/reader.js';
export type { ChunkEntry, ListEntry, ReportIndex, Totals } from './types.js';

export interface HtmlReportOptions {
  /** Episodes per `data/chunk-N.js` file (default 100). */
  chunkSize?: number;
}

/**
 * Writes `<out>/report/index.html` from `<out>/results.jsonl` (+ `summary.json` when the run got
 * to write it) and returns its path. The page opens from disk: no server, nothing external.
 * The episode list is in `report/data/index.js`; each episode's steps are in
 * `report/data/chunk-N.js`, loaded only when one of its episodes is opened, so a run of many
 * thousand episodes stays quick to open. Images and HTML dumps are linked by relative path.
 * Throws {@link NoResults} when there is no results.jsonl.
 */
export async function writeHtmlReport(out: string, options: HtmlReportOptions = {}): Promise<string> {
  const chunkSize = Math.max(1, options.chunkSize ?? CHUNK_SIZE);
  const root = resolve(out);
  const reportDir = join(root, 'report');
  const dataDir = join(reportDir, 'data');
  const counts = { unreadable: 0 };
  const results = readResults(root, counts);

  // Only after results.jsonl is known to exist: the first next() throws NoResults otherwise.
  const first = await results.next();
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });

  const totals = emptyTotals();
  const episodes: ListEntry[] = [];
  let chunk: ChunkEntry[] = [];
  let chunks = 0;
  const flush = () => {
    if (!chunk.length) return;
    writeFileSync(join(dataDir, `chunk-${chunks}.js`), `(window.RW_CHUNKS = window.RW_CHUNKS || {})[${chunks}] = ${scriptJson(chunk)};\n`);
    chunks += 1;
    chunk = [];
  };

  let n = 0;
  for (let r = first; !r.done; r = await results.next()) {
    const result = r.value;
    addToTotals(totals, result);
    episodes.push(listEntry(n, result, chunks));
    chunk.push(chunkEntry(root, n, result));
    n += 1;
    if (chunk.length >= chunkSize) flush();
  }
  flush();

  const index: ReportIndex = {
    generatedAt: new Date().toISOString(),
    out: root,
    summary: readSummary(root),
    totals,
    unreadableLines: counts.unreadable,
    chunkSize,
    chunks,
    episodes,
  };
  writeFileSync(join(dataDir, 'index.js'), `window.RW_INDEX = ${scriptJson(index)};\n`);
  const page = join(reportDir, 'index.html');
  writeFileSync(page, reportPage());
  return page;
}
