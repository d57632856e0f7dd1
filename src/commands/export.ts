import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadDataset, type FormatChoice } from '../formats/load-dataset.js';
import { formatProblem } from '../ir/problem.js';
import type { UrlMapping } from '../ir/url-map.js';
import { exportEpisode, type ExportTarget } from '../export/index.js';
import { Redactor, type Secret } from '../secrets.js';

export interface ExportArgs {
  dataset: string;
  format: FormatChoice;
  /** The episode to export; may be omitted when the dataset has exactly one. */
  episode?: string;
  to: ExportTarget;
  /** File to write; stdout when absent. */
  out?: string;
  urlMappings: UrlMapping[];
  /** Params the user named: their recorded placeholders are written as `process.env.NAME`. */
  params?: Record<string, string>;
  /** Values that must not appear in the exported file (scrubbed to `[secret:NAME]`). */
  secrets?: Secret[];
}

/**
 * `replaywright export <dataset> --episode ID --to playwright-test|ir [--out FILE] [--map-url FROM=TO]…`:
 * one episode as a `@playwright/test` spec or as its decoded IR (JSON). Exit 0 when written;
 * 2 when the dataset cannot be read, the episode is not in it (or could not be decoded).
 */
export async function exportCommand(
  args: ExportArgs,
  print: (text: string) => void = (t) => process.stdout.write(t),
  printError: (line: string) => void = console.error,
): Promise<number> {
  const data = await loadDataset(args.dataset, { format: args.format });
  if (data.files.length === 0 || data.recordsRead === 0) {
    printError(`nothing to export in ${args.dataset}: ${data.files.length === 0 ? 'no dataset file found' : 'no record could be read'}`);
    for (const p of data.problems) printError(formatProblem(p));
    return 2;
  }
  const ids = [...data.episodes.map((e) => e.id), ...data.rejected.map((r) => r.id)];
  const sample = (xs: string[]) => `${xs.slice(0, 20).join(', ')}${xs.length > 20 ? `, … (${xs.length} in all)` : ''}`;
  let id = args.episode;
  if (id === undefined) {
    if (ids.length !== 1) {
      printError(`name the episode to export with --episode (episodes: ${sample(ids)})`);
      return 2;
    }
    id = ids[0]!;
  }
  const episode = data.episodes.find((e) => e.id === id);
  if (!episode) {
    const rejected = data.rejected.find((r) => r.id === id);
    if (rejected) {
      printError(`episode ${id} could not be decoded, so it cannot be exported:`);
      for (const p of rejected.problems) printError(`  ${formatProblem(p)}`);
    } else {
      printError(`no episode ${id} in ${args.dataset} (episodes: ${sample(ids)})`);
    }
    return 2;
  }
  const text = new Redactor(args.secrets).scrub(
    exportEpisode(episode, args.to, { urlMappings: args.urlMappings, inputs: Object.keys(args.params ?? {}) }),
  );
  if (args.out) {
    const file = resolve(args.out);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    printError(`wrote ${file}`);
  } else {
    print(text);
  }
  return 0;
}
