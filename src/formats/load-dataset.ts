import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Episode } from '../ir/index.js';
import { decodeItems } from './decode-stream.js';
import type { DecodeOptions, RejectedEpisode } from './format.js';
import { candidateFiles, findDatasetFiles, formats, type DatasetFileMatch } from './index.js';
import { encodingProblem } from './encoding.js';
import type { Problem } from '../ir/problem.js';
import { FirstSeen } from './first-seen.js';

export { FORMAT_CHOICES, type FormatChoice } from './format-choices.js';
import type { FormatChoice } from './format-choices.js';

export interface LoadedDataset {
  /** The folder every path the dataset names must stay inside. */
  root: string;
  files: DatasetFileMatch[];
  episodes: Episode[];
  rejected: RejectedEpisode[];
  problems: Problem[];
  recordsRead: number;
}

export interface LoadOptions {
  format?: FormatChoice;
  /** Format-specific decode options (BabyAGI's `imagesDir`, …); `datasetRoot` is the loader's. */
  decode?: Omit<Partial<DecodeOptions>, 'datasetRoot'> & Record<string, unknown>;
}

import type { DatasetItem } from '../ir/rejected.js';
export type { DatasetItem };

/**
 * A dataset being decoded: its files are known up front, its episodes come one by one from
 * `items()` (a single pass), so only what the caller keeps stays in memory. `problems` and
 * `recordsRead` grow while `items()` is read and are complete once it ends.
 */
export interface DatasetStream {
  root: string;
  files: DatasetFileMatch[];
  problems: Problem[];
  recordsRead: number;
  items(): AsyncGenerator<DatasetItem>;
}

/**
 * Opens a dataset file, or every dataset file in a folder, for decoding. Never throws for bad
 * input: what cannot be read becomes a Problem, and every other file still decodes.
 */
export async function openDataset(path: string, opts: LoadOptions = {}): Promise<DatasetStream> {
  const target = resolve(path);
  const info = await stat(target).catch(() => undefined);
  const root = info?.isDirectory() ? target : dirname(target);
  const stream: DatasetStream = { root, files: [], problems: [], recordsRead: 0, items: async function* () {} };
  if (!info) {
    stream.problems.push({ file: target, message: 'no such file or folder', severity: 'error' });
    return stream;
  }
  const forced = opts.format && opts.format !== 'auto' ? formats.find((f) => f.name === opts.format) : undefined;
  // A file named directly in an encoding we do not read: say so, not "no dataset file found".
  const encoding = info.isFile() ? encodingProblem(target) : undefined;
  if (encoding) {
    stream.problems.push({ file: target, message: encoding, severity: 'error' });
    return stream;
  }
  stream.files = await findDatasetFiles(target, forced);
  for (const file of info.isDirectory() && stream.files.length === 0 ? await candidateFiles(target, forced) : []) {
    const problem = encodingProblem(file);
    if (problem) stream.problems.push({ file, message: problem, severity: 'error' });
  }
  // A file named explicitly with --format is decoded even if its first lines do not look right:
  // the decoder then says exactly which field is wrong, which beats "unknown format".
  if (stream.files.length === 0 && forced && info.isFile()) stream.files = [{ file: target, format: forced }];
  if (stream.files.length === 0) {
    stream.problems.push({
      file: target,
      message: `no ${forced ? forced.name : 'known dataset'} file found (formats: ${formats.map((f) => f.name).join(', ')})`,
      severity: 'error',
    });
  }
  let started = false;
  stream.items = async function* () {
    if (started) throw new Error('openDataset: items() can be read once');
    started = true;
    const ids = new FirstSeen(root);
    for (const { file, format } of stream.files) {
      for await (const item of decodeItems(format, file, { ...opts.decode, datasetRoot: root })) {
        if (item.kind === 'record') stream.recordsRead++;
        else if (item.kind === 'problem') stream.problems.push(item.problem);
        else {
          const renamed = ids.rename(item.kind === 'episode' ? item.episode : item.rejected);
          if (renamed) {
            stream.problems.push(renamed.problem);
            yield item.kind === 'episode'
              ? { kind: 'episode' as const, episode: { ...item.episode, id: renamed.id } }
              : {
                  kind: 'rejected' as const,
                  rejected: {
                    ...item.rejected,
                    id: renamed.id,
                    problems: item.rejected.problems.map((p) => ({ ...p, episode: renamed.id })),
                  },
                };
            continue;
          }
          const refused = ids.check(item.kind === 'episode' ? item.episode : item.rejected);
          // Only the new problem: the rejection's own were reported when it was decoded.
          if (refused) stream.problems.push(refused.problems[refused.problems.length - 1]!);
          yield refused ? { kind: 'rejected' as const, rejected: refused } : item;
        }
      }
    }
  };
  return stream;
}

/** The whole dataset decoded into memory (small datasets, tests); `openDataset` streams it. */
export async function loadDataset(path: string, opts: LoadOptions = {}): Promise<LoadedDataset> {
  const stream = await openDataset(path, opts);
  const loaded: LoadedDataset = {
    root: stream.root,
    files: stream.files,
    episodes: [],
    rejected: [],
    problems: stream.problems,
    recordsRead: 0,
  };
  for await (const item of stream.items()) {
    if (item.kind === 'episode') loaded.episodes.push(item.episode);
    else loaded.rejected.push(item.rejected);
  }
  loaded.recordsRead = stream.recordsRead;
  return loaded;
}
