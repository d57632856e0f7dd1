import { openDataset, type FormatChoice, type LoadOptions } from '../formats/load-dataset.js';
import type { Problem } from '../ir/problem.js';

export interface Validation {
  files: string[];
  recordsRead: number;
  episodes: number;
  steps: number;
  /** Episodes that could not be decoded (their problems are in `problems`). */
  rejected: number;
  problems: Problem[];
  /** Something was read and no problem is an error: what `replaywright validate` exits 0 for. */
  ok: boolean;
}

/** Decodes a dataset without replaying it (streamed, as `replaywright validate`): what is in it, and every problem with file, line and field. */
export async function validateDataset(
  path: string,
  options: { format?: FormatChoice; decode?: LoadOptions['decode'] } = {},
): Promise<Validation> {
  const data = await openDataset(path, options);
  let episodes = 0,
    steps = 0,
    rejected = 0;
  for await (const item of data.items()) {
    if (item.kind === 'episode') {
      episodes++;
      steps += item.episode.steps.length;
    } else rejected++;
  }
  const errors = data.problems.filter((p) => p.severity === 'error').length;
  return {
    files: data.files.map((f) => f.file),
    recordsRead: data.recordsRead,
    episodes,
    steps,
    rejected,
    problems: data.problems,
    ok: data.recordsRead > 0 && errors === 0,
  };
}
