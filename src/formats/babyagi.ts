import { dirname, resolve } from 'node:path';
import type { DatasetFormat, DecodeItem, DecodeOptions } from './format.js';
import { cannotRead, duplicateRefusal, eachRecord, pushResult, recordObject } from './dataset-records.js';
import { ImageFinder } from './babyagi/images.js';
import { decodeTrajectory } from './babyagi/trajectory.js';
import type { JsonStreamOptions } from './mind2web/json-stream.js';
import { jsonDatasetFormat } from './json-dataset-format.js';
import type { RecordAt } from './mind2web/task.js';

export { BABYAGI_SCREEN, SCROLL_PX } from './babyagi/trajectory.js';
export { IMAGE_EXTENSIONS } from './babyagi/images.js';

export interface BabyAgiDecodeOptions extends DecodeOptions {
  /** The screenshots folder (`--images`, used as given, anywhere), relative to the dataset root or absolute; default `images/` next to the metadata file. */
  imagesDir?: string;
  stream?: JsonStreamOptions;
}

/**
 * baby-agi (`lukemann/baby-agi-dataset-v0`): `metadata_*.json` lists of trajectories
 * `{id, instruction, trajectory[]}`, one episode each, screenshots in `images/`. The layout is
 * as the spec (§3) gives it, unverified against real data. Trajectories record no start URL.
 */
export const babyagi: DatasetFormat = jsonDatasetFormat('babyagi', decodeStream);

/** Each trajectory is yielded as soon as its record is decoded. */
async function* decodeStream(file: string, options: DecodeOptions): AsyncGenerator<DecodeItem> {
  const path = resolve(file);
  const opts = options as BabyAgiDecodeOptions;
  const images = new ImageFinder(options.datasetRoot, opts.imagesDir, dirname(path));
  const ready: DecodeItem[] = [];
  if (images.refused !== undefined)
    yield { kind: 'problem', problem: { file: path, field: 'images', message: images.refused, severity: 'error' } };
  const firstSeen = new Map<string, RecordAt>();
  const readError = yield* eachRecord({ file: path, stream: opts.stream, ready }, (r) => {
    const read = recordObject('babyagi', r, 'id', 'a trajectory object');
    if ('refused' in read) return pushResult(ready, read.refused);
    const { id, ...result } = decodeTrajectory(read.value, r.at, r.fallback, r.rec.issues, images);
    const earlier = firstSeen.get(id);
    if (earlier !== undefined && (result.episode || result.rejected))
      return pushResult(ready, duplicateRefusal('babyagi', 'id', id, earlier, r.where, result));
    if (result.episode || result.rejected) firstSeen.set(id, r.at);
    pushResult(ready, result);
  });
  if (readError !== undefined) yield { kind: 'problem', problem: cannotRead(path, readError) };
}
