import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { DatasetFormat } from './format.js';
import { readHead } from './head.js';
import { lazyFormat } from './lazy-format.js';
import { sniffRpaweb } from './rpaweb/kind.js';
import type { JsonDatasetKind } from './mind2web/sniff.js';
import { jsonDatasetFront } from './json-dataset-format.js';
import { sniffVisualWebArena } from './vwa/sniff.js';
import { sniffDevtoolsRecorder } from './devtools/sniff.js';

// Each entry sniffs with the format's own sniffer and loads its decoder on first decode
// (lazy-format.ts); formats/<name>.ts holds the same format, loaded.
const rpaweb = lazyFormat(
  { name: 'rpaweb', extensions: ['.jsonl'], sniff: sniffRpaweb },
  true,
  async () => (await import('./rpaweb.js')).rpaweb,
);
const jsonDataset = (name: JsonDatasetKind, load: () => Promise<DatasetFormat>) => lazyFormat(jsonDatasetFront(name), true, load);
const mind2web = jsonDataset('mind2web', async () => (await import('./mind2web.js')).mind2web);
const mtMind2web = jsonDataset('mt-mind2web', async () => (await import('./mt-mind2web.js')).mtMind2web);
const babyagi = jsonDataset('babyagi', async () => (await import('./babyagi.js')).babyagi);
const visualwebarena = lazyFormat(
  { name: 'visualwebarena', extensions: ['.json', '.html', '.htm'], sniff: sniffVisualWebArena },
  false,
  async () => (await import('./visualwebarena.js')).visualwebarena,
);
const devtoolsRecorder = lazyFormat(
  { name: 'devtools-recorder', extensions: ['.json'], sniff: sniffDevtoolsRecorder },
  false,
  async () => (await import('./devtools-recorder.js')).devtoolsRecorder,
);

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
    } else if (
      (e.isFile() || (e.isSymbolicLink() && (await stat(path).catch(() => undefined))?.isFile())) &&
      candidates.some((f) => mayBe(f, path))
    ) {
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
