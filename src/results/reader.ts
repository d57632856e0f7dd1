import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { EpisodeResult, RunSummary } from '../ir/results.js';

/** The results folder has no results.jsonl: nothing to build a report from. */
export class NoResults extends Error {
  constructor(readonly out: string) {
    super(
      `no results in ${out}: ${join(out, 'results.jsonl')} does not exist (write one with \`replaywright run <dataset> --out ${out}\`)`,
    );
  }
}

export const resultsFile = (out: string) => join(out, 'results.jsonl');
export const summaryFile = (out: string) => join(out, 'summary.json');

/**
 * Every episode of `<out>/results.jsonl`, one at a time, without holding the file in memory.
 * A line that is not a JSON object (a run killed mid-write leaves a torn last line) is counted
 * in `unreadable` and skipped: the rest of the run is still worth reporting.
 */
export async function* readResults(out: string, counts: { unreadable: number } = { unreadable: 0 }): AsyncGenerator<EpisodeResult> {
  const file = resultsFile(out);
  if (!existsSync(file)) throw new NoResults(out);
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      counts.unreadable += 1;
      continue;
    }
    if (!isResult(value)) {
      counts.unreadable += 1;
      continue;
    }
    if (!Array.isArray(value.steps)) value.steps = [];
    yield value;
  }
}

export async function readAllResults(out: string): Promise<{ results: EpisodeResult[]; unreadable: number }> {
  const counts = { unreadable: 0 };
  const results: EpisodeResult[] = [];
  for await (const r of readResults(out, counts)) results.push(r);
  return { results, unreadable: counts.unreadable };
}

/** summary.json, or undefined when the run did not get to write it (killed) or it is unreadable. */
export function readSummary(out: string): RunSummary | undefined {
  try {
    const value = JSON.parse(readFileSync(summaryFile(out), 'utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as RunSummary) : undefined;
  } catch {
    return undefined;
  }
}

/** Just enough shape that the report code can rely on: the fields every result has. */
function isResult(v: unknown): v is EpisodeResult {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const r = v as Partial<EpisodeResult>;
  return typeof r.episode === 'string' && (r.status === 'passed' || r.status === 'failed' || r.status === 'error');
}
