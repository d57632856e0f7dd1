import { terminalSafe } from '../terminal-safe.js';
import { openDataset, type FormatChoice } from '../formats/load-dataset.js';
import { formatProblem } from '../ir/problem.js';

/** Decode only. Exit 0: clean; 1: some records have errors; 2: nothing could be read. */
export async function validateCommand(
  args: { dataset: string; format: FormatChoice; decode?: Record<string, unknown> },
  printRaw: (line: string) => void = console.log,
): Promise<number> {
  const print = (line: string) => printRaw(terminalSafe(line));
  const data = await openDataset(args.dataset, { format: args.format, decode: args.decode });
  // Streamed and counted, never kept: a multi-GB shard validates in bounded memory.
  let episodes = 0,
    steps = 0,
    rejected = 0;
  for await (const item of data.items()) {
    if (item.kind === 'episode') {
      episodes++;
      steps += item.episode.steps.length;
    } else rejected++;
  }
  for (const p of data.problems) print(formatProblem(p));
  const errors = data.problems.filter((p) => p.severity === 'error').length;
  const warnings = data.problems.length - errors;
  print(
    `${data.files.length} files, ${data.recordsRead} records: ${episodes} episodes (${steps} steps) decoded, ${rejected} rejected; ${errors} errors, ${warnings} warnings`,
  );
  if (data.files.length === 0 || data.recordsRead === 0) return 2;
  return errors > 0 ? 1 : 0;
}
