import { resolve } from 'node:path';
import type { Decoded, DatasetFormat, DecodeItem, DecodeOptions } from './format.js';
import { collectDecoded } from './decode-stream.js';
import { parseJsonLine, type JsonLine } from './json-line.js';
import { readLines } from './jsonl-lines.js';
import type { Problem } from '../ir/problem.js';
import { CodegenEpisode } from './rpaweb/codegen.js';
import { byLine } from './rpaweb/episodes.js';
import { RowsFile } from './rpaweb/rows-file.js';
import { decodeIndexed, indexRows } from './rpaweb/stream.js';
import { kindOfLine, sniffRpaweb, type JsonlKind } from './rpaweb/kind.js';

/**
 * rpaweb (BSC RPA recordings): JSONL rows, one per step, each holding the Playwright
 * recorder line that performed it; rows are grouped into episodes by `id` and ordered by
 * `step`. Plain codegen `.jsonl` files (`playwright codegen --target=jsonl`) are read by
 * the same decoder as one episode each, since their lines are the very same recorder lines.
 */
export const rpaweb: DatasetFormat = {
  name: 'rpaweb',
  extensions: ['.jsonl'],
  sniff: sniffRpaweb,
  decodeFile: (file, options) => collectDecoded(decodeStream(file, options)),
  decodeStream,
};

/**
 * Rows: a first read finds where each episode's rows are (indexRows), then each episode is read
 * back, decoded and yielded on its own, so memory is one episode, not the file. A codegen file
 * (one episode) or a file that cannot be read to the end is decoded whole, as before.
 */
async function* decodeStream(file: string, options: DecodeOptions): AsyncGenerator<DecodeItem> {
  const path = resolve(file);
  const index = await indexRows(path).catch(() => undefined);
  if (index && index.kind !== 'codegen') {
    yield* decodeIndexed(path, options.datasetRoot, index);
    return;
  }
  const whole = await decodeWhole(path, options);
  for (let i = 0; i < whole.recordsRead; i++) yield { kind: 'record' };
  for (const problem of whole.problems) yield { kind: 'problem', problem };
  for (const rejected of whole.rejected) yield { kind: 'rejected', rejected };
  for (const episode of whole.episodes) yield { kind: 'episode', episode };
}

async function decodeWhole(file: string, options: DecodeOptions): Promise<Decoded> {
  const path = resolve(file);
  const rows = new RowsFile(path, options.datasetRoot);
  let codegen: CodegenEpisode | undefined;
  let kind: JsonlKind | undefined;
  // Lines read before the layout is known (leading garbage) wait for it.
  const pending: JsonLine[] = [];
  let recordsRead = 0;
  const take = (line: JsonLine) => (kind === 'codegen' ? (codegen ??= new CodegenEpisode(path)).add(line) : rows.add(line));

  let readError: string | undefined;
  try {
    for await (const source of readLines(path)) {
      if (source.text.trim() === '') continue;
      recordsRead++;
      const line = parseJsonLine(source);
      kind ??= kindOfLine(line.value);
      if (kind === undefined) {
        pending.push(line);
        continue;
      }
      pending.splice(0).forEach(take);
      take(line);
    }
  } catch (e) {
    readError = (e as Error).message; // missing, a folder, an I/O error: a problem, not a crash
  }
  pending.splice(0).forEach(take); // never recognised: report them as rows

  const out: Decoded = { episodes: [], rejected: [], problems: [], recordsRead };
  for (const part of codegen ? [codegen.finish()] : rows.finish()) {
    if (part.episode) out.episodes.push(part.episode);
    if (part.rejected) out.rejected.push(part.rejected);
    out.problems.push(...part.problems);
  }
  out.problems.push(...rows.fileProblems);
  if (readError !== undefined) {
    out.problems.push({ file: path, message: `cannot read the file: ${readError}`, severity: 'error' });
    // What was read before the failure may lack rows: nothing of it is replayed as if whole.
    for (const e of out.episodes.splice(0)) {
      const p: Problem = {
        file: path,
        episode: e.id,
        message: 'the file could not be read to the end; this episode may be incomplete',
        severity: 'error',
      };
      out.problems.push(p);
      out.rejected.push({ id: e.id, format: 'rpaweb', source: e.source, problems: [p] });
    }
  }
  out.problems = byLine(out.problems);
  return out;
}
