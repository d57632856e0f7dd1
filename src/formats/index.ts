import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { DatasetFormat } from './format.js';
import { readHead } from './head.js';
import { rpaweb } from './rpaweb.js';
import { mind2web } from './mind2web.js';
import { mtMind2web } from './mt-mind2web.js';
import { babyagi } from './babyagi.js';
import { visualwebarena } from './visualwebarena.js';
import { devtoolsRecorder } from './devtools-recorder.js';

/** Every dataset format, tried in this order when a file's format is not given. */
export const formats: DatasetFormat[] = [rpaweb, mind2web, mtMind2web, babyagi, visualwebarena, devtoolsRecorder];

/** The format whose sniffer claims `file` (from its name and first 64 KiB), if any. */
export async function detectFormat(file: string, candidates: readonly DatasetFormat[] = formats): Promise<DatasetFormat | undefined> {
  const maybe = candidates.filter((f) => mayBe(f, file));
  if (maybe.length === 0) return undefined;
  const head = await readHead(file);
  return maybe.find((f) => f.sniff(file, head));
}

/** A dataset file and the format that claims it. */
export interface DatasetFileMatch {
  file: string;
  format: DatasetFormat;
}

/**
 * The dataset files under `pathOrDir` (absolute, sorted), each with the format that claims it.
 * A folder is walked depth-first in name order, skipping `node_modules` and dot-folders and not
 * following symlinked folders (no cycles); symlinked files count. A file given directly is
 * returned when a format claims it. With `format`, only that format is tried.
 */
export async function findDatasetFiles(pathOrDir: string, format?: DatasetFormat): Promise<DatasetFileMatch[]> {
  const candidates = format ? [format] : formats;
  const root = resolve(pathOrDir);
  const files = (await stat(root)).isDirectory() ? await walk(root, candidates) : [root];
  const found: DatasetFileMatch[] = [];
  for (const file of files) {
    const f = await detectFormat(file, candidates).catch(() => undefined); // unreadable: not ours
    if (f) found.push({ file, format: f });
  }
  return found;
}

/** The files under a folder whose names some format (or `format`) could claim, before reading them. */
export async function candidateFiles(dir: string, format?: DatasetFormat): Promise<string[]> {
  return walk(resolve(dir), format ? [format] : formats);
}

async function walk(dir: string, candidates: readonly DatasetFormat[]): Promise<string[]> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out: string[] = [];
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && !e.name.startsWith('.')) out.push(...(await walk(path, candidates)));
    } else if ((e.isFile() || (e.isSymbolicLink() && (await stat(path).catch(() => undefined))?.isFile())) && candidates.some((f) => mayBe(f, path))) {
      out.push(path);
    }
  }
  return out;
}

/** Whether the file name allows the format at all (saves opening every PNG of a dataset). */
function mayBe(format: DatasetFormat, file: string): boolean {
  return !format.extensions || format.extensions.some((ext) => file.toLowerCase().endsWith(ext));
}

export { rpaweb };
export type { DatasetFormat, Decoded, DecodeOptions, RejectedEpisode } from './format.js';
export type { Problem } from '../ir/problem.js';
