import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Episode, FormatName } from '../ir/index.js';
import type { RejectedEpisode } from './format.js';
import { findDatasetFiles, formats, type DatasetFileMatch } from './index.js';
import type { Problem } from './problem.js';

export const FORMAT_CHOICES = ['auto', ...formats.map((f) => f.name)] as const;
export type FormatChoice = 'auto' | FormatName;

export interface LoadedDataset {
  /** The folder every path the dataset names must stay inside. */
  root: string;
  files: DatasetFileMatch[];
  episodes: Episode[];
  rejected: RejectedEpisode[];
  problems: Problem[];
  recordsRead: number;
}

/**
 * Decodes a dataset file, or every dataset file in a folder, into episodes. Never throws for
 * bad input: what cannot be read becomes a Problem, and every other file still decodes.
 */
export async function loadDataset(path: string, opts: { format?: FormatChoice } = {}): Promise<LoadedDataset> {
  const target = resolve(path);
  const info = await stat(target).catch(() => undefined);
  const root = info?.isDirectory() ? target : dirname(target);
  const loaded: LoadedDataset = { root, files: [], episodes: [], rejected: [], problems: [], recordsRead: 0 };
  if (!info) {
    loaded.problems.push({ file: target, message: 'no such file or folder', severity: 'error' });
    return loaded;
  }
  const forced = opts.format && opts.format !== 'auto' ? formats.find((f) => f.name === opts.format) : undefined;
  loaded.files = await findDatasetFiles(target, forced);
  // A file named explicitly with --format is decoded even if its first lines do not look right:
  // the decoder then says exactly which field is wrong, which beats "unknown format".
  if (loaded.files.length === 0 && forced && info.isFile()) loaded.files = [{ file: target, format: forced }];
  if (loaded.files.length === 0) {
    loaded.problems.push({ file: target, message: `no ${forced ? forced.name : 'known dataset'} file found (formats: ${formats.map((f) => f.name).join(', ')})`, severity: 'error' });
  }
  for (const { file, format } of loaded.files) {
    const decoded = await format.decodeFile(file, { datasetRoot: root });
    loaded.episodes.push(...decoded.episodes);
    loaded.rejected.push(...decoded.rejected);
    loaded.problems.push(...decoded.problems);
    loaded.recordsRead += decoded.recordsRead;
  }
  return loaded;
}
