import { resolve } from 'node:path';
import { writeHtmlReport } from './html/index.js';
import { readAllResults, readSummary } from '../results/reader.js';
import { writeJunit } from './junit.js';

export { NoResults } from '../results/reader.js';

export interface FinalReports {
  /** `<out>/junit.xml` */
  junit: string;
  /** `<out>/report/index.html` */
  html: string;
  episodes: number;
  /** Lines of results.jsonl that could not be read (skipped). */
  unreadableLines: number;
}

/**
 * Writes every report a results folder can have, from `<out>/results.jsonl` and
 * `<out>/summary.json`: `<out>/junit.xml` and `<out>/report/index.html` (with `report/data/`).
 * Run at the end of `run`, and by `replaywright report <out>` to rebuild them (e.g. after a killed
 * run, or with a newer replaywright). Throws `NoResults` when there is no results.jsonl.
 */
export async function finalizeReports(out: string): Promise<FinalReports> {
  const root = resolve(out);
  const { results, unreadable } = await readAllResults(root);
  const junit = writeJunit(root, results, readSummary(root));
  const html = await writeHtmlReport(root);
  return { junit, html, episodes: results.length, unreadableLines: unreadable };
}
