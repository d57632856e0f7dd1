import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { NoiseMasksFile, StepNoise, type NoiseMasks } from '../compare/noise-mask.js';
import { episodeDir } from '../results/episode-files.js';
import type { CompareOptions } from './before-state.js';
import type { ReplayOptions } from './run-episode.js';
import { errorLine } from '../error-line.js';

/** Where `--calibrate` keeps what it learned: next to the dataset, so every later run finds it. */
const noiseMasksPath = (datasetRoot: string): string => join(datasetRoot, '.replaywright', 'masks.json');

/** What one episode's calibration learned, written by the replay into its episode folder. */
export const EpisodeCalibration = z.object({ episode: z.string(), steps: z.record(z.string(), StepNoise) });
export type EpisodeCalibration = z.infer<typeof EpisodeCalibration>;
export const calibrationPath = (out: string, episodeId: string): string => join(episodeDir(out, episodeId), 'calibration.json');

/**
 * Why the masks file may not be read or written, or undefined: the dataset is untrusted, and a
 * `.replaywright` (or `masks.json`) that is a symlink would have `--calibrate` write, and later
 * runs read, a file anywhere on the machine. Only a real folder and a real file inside the
 * dataset root are used.
 */
export function masksFileProblem(datasetRoot: string): string | undefined {
  const dir = dirname(noiseMasksPath(datasetRoot));
  for (const [path, want] of [
    [dir, 'folder'],
    [noiseMasksPath(datasetRoot), 'file'],
  ] as const) {
    let st;
    try {
      st = lstatSync(path);
    } catch {
      return undefined; // not there (yet): created as a real folder/file
    }
    if (st.isSymbolicLink()) return `${path} is a symbolic link: calibrated masks are only kept in a real ${want} inside the dataset`;
    if (want === 'folder' ? !st.isDirectory() : !st.isFile()) return `${path} is not a ${want}`;
  }
  return undefined;
}

/** The learned masks, or none (with a warning naming the file and field) when the file is unreadable. */
function loadNoiseMasks(datasetRoot: string, warn: (message: string) => void): { file: string; masks: NoiseMasks } | undefined {
  const file = noiseMasksPath(datasetRoot);
  if (!existsSync(file)) return undefined;
  const problem = masksFileProblem(datasetRoot);
  if (problem) {
    warn(`${problem}; calibrated masks not applied`);
    return undefined;
  }
  try {
    const parsed = NoiseMasksFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return { file, masks: parsed.data.episodes };
    const issue = parsed.error.issues[0]!;
    warn(`${file}: ${issue.path.join('.') || '(top)'}: ${issue.message}; calibrated masks not applied (run --calibrate again)`);
  } catch (error) {
    warn(`${file}: ${errorLine(error)}; calibrated masks not applied (run --calibrate again)`);
  }
  return undefined;
}

/**
 * Merges what this run's episodes learned into the dataset's masks file: a calibrated episode's
 * entry is replaced as a whole (steps that no longer move lose their masks), others are kept.
 * Returns the file and how many episodes were calibrated.
 */
export function saveCalibration(
  datasetRoot: string,
  out: string,
  episodeIds: readonly string[],
  warn: (message: string) => void,
): { file: string; episodes: number; refused?: string } {
  const file = noiseMasksPath(datasetRoot);
  const refused = masksFileProblem(datasetRoot);
  if (refused) return { file, episodes: 0, refused };
  const current = loadNoiseMasks(datasetRoot, warn)?.masks ?? {};
  let episodes = 0;
  for (const id of episodeIds) {
    const path = calibrationPath(out, id);
    if (!existsSync(path)) continue;
    const parsed = EpisodeCalibration.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (!parsed.success) continue;
    current[id] = parsed.data.steps;
    episodes += 1;
  }
  mkdirSync(dirname(file), { recursive: true });
  const body: NoiseMasksFile = { version: 1, episodes: current };
  // Write then rename: a run killed mid-write leaves the previous file, not half a file.
  // The temporary file is created afresh (`wx`): one planted there as a symlink is not written through.
  const tmp = `${file}.${process.pid}.tmp`;
  rmSync(tmp, { force: true });
  writeFileSync(tmp, `${JSON.stringify(body, null, 1)}\n`, { flag: 'wx' });
  renameSync(tmp, file);
  return { file, episodes };
}

/** The run's replay options with the dataset's learned masks, unless the run calibrates afresh or compares nothing. */
export function withNoiseMasks(
  replay: Partial<ReplayOptions> | undefined,
  defaults: CompareOptions,
  datasetRoot: string,
  warn: (message: string) => void,
): Partial<ReplayOptions> | undefined {
  const compare = replay?.compare ?? defaults;
  if (compare.calibrateIntervalMs !== undefined || compare.mode === 'off') return replay;
  const loaded = loadNoiseMasks(datasetRoot, warn);
  return loaded ? { ...replay, compare: { ...compare, noise: loaded.masks, noiseFile: loaded.file } } : replay;
}
