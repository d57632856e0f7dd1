import { loadDataset, type FormatChoice } from '../formats/load-dataset.js';
import { formatProblem } from '../formats/problem.js';

/** Decode only. Exit 0: clean; 1: some records have errors; 2: nothing could be read. */
export async function validateCommand(args: { dataset: string; format: FormatChoice }, print: (line: string) => void = console.log): Promise<number> {
  const data = await loadDataset(args.dataset, { format: args.format });
  for (const p of data.problems) print(formatProblem(p));
  const errors = data.problems.filter((p) => p.severity === 'error').length;
  const warnings = data.problems.length - errors;
  const steps = data.episodes.reduce((n, e) => n + e.steps.length, 0);
  print(`${data.files.length} files, ${data.recordsRead} records: ${data.episodes.length} episodes (${steps} steps) decoded, ${data.rejected.length} rejected; ${errors} errors, ${warnings} warnings`);
  if (data.files.length === 0 || data.recordsRead === 0) return 2;
  return errors > 0 ? 1 : 0;
}
