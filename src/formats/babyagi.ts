import { dirname, resolve } from 'node:path';
import type { DatasetFormat, DecodeItem, DecodeOptions } from './format.js';
import { collectDecoded } from './decode-stream.js';
import { isPlainObject } from './json-line.js';
import { ImageFinder } from './babyagi/images.js';
import { decodeTrajectory } from './babyagi/trajectory.js';
import { fileProblem, pinAt, rejected, sourceRef } from './mind2web/episode.js';
import { readRecords, recordName, recoverKey, type JsonStreamOptions } from './mind2web/json-stream.js';
import { sniffJsonDataset } from './mind2web/sniff.js';
import type { RecordAt } from './mind2web/task.js';

export { BABYAGI_SCREEN, SCROLL_PX } from './babyagi/trajectory.js';
export { IMAGE_EXTENSIONS } from './babyagi/images.js';

export interface BabyAgiDecodeOptions extends DecodeOptions {
  /** The screenshots folder (`--images`), relative to the dataset root or absolute; default `images/` next to the metadata file. */
  imagesDir?: string;
  stream?: JsonStreamOptions;
}

/**
 * baby-agi (`lukemann/baby-agi-dataset-v0`): `metadata_*.json` lists of trajectories
 * `{id, instruction, trajectory[]}`, one episode each, screenshots in `images/`. The layout is
 * as the spec (§3) gives it, unverified against real data. Trajectories record no start URL.
 */
export const babyagi: DatasetFormat = {
  name: 'babyagi',
  extensions: ['.json', '.jsonl'],
  sniff(file, head) {
    return sniffJsonDataset(file, head) === 'babyagi';
  },
  decodeFile: (file, options) => collectDecoded(decodeStream(file, options)),
  decodeStream,
};

/** Each trajectory is yielded as soon as its record is decoded. */
async function* decodeStream(file: string, options: DecodeOptions): AsyncGenerator<DecodeItem> {
  const path = resolve(file);
  const opts = options as BabyAgiDecodeOptions;
  const images = new ImageFinder(options.datasetRoot, opts.imagesDir, dirname(path));
  const ready: DecodeItem[] = [];
  if (images.refused !== undefined) yield { kind: 'problem', problem: { file: path, field: 'images', message: images.refused, severity: 'error' } };
  const firstSeen = new Map<string, RecordAt>();
  try {
    for await (const rec of readRecords(path, opts.stream)) {
      yield* ready.splice(0);
      if (rec.kind === 'problem') {
        yield { kind: 'problem', problem: fileProblem(path, rec) };
        continue;
      }
      yield { kind: 'record' };
      const at: RecordAt = { file: path, line: rec.line, ...(rec.record !== undefined ? { record: rec.record } : {}) };
      const where = sourceRef(path, rec.line, rec.record);
      const fallback = recordName(path, rec);
      const refuse = (id: string, message: string, line = rec.line) => {
        const problems = [pinAt({ message, severity: 'error' }, sourceRef(path, line, rec.record), id), ...rec.issues.map((i) => pinAt(i, where, id))];
        for (const problem of problems) ready.push({ kind: 'problem', problem });
        ready.push({ kind: 'rejected', rejected: rejected(id, 'babyagi', where, problems) });
      };
      if (rec.kind === 'bad') {
        refuse(recoverKey(rec.text, 'id') ?? fallback, rec.message, rec.errorLine);
        continue;
      }
      if (!isPlainObject(rec.value)) {
        refuse(fallback, `expected a trajectory object, got ${Array.isArray(rec.value) ? 'an array' : rec.value === null ? 'null' : typeof rec.value}`);
        continue;
      }
      const { id, ...result } = decodeTrajectory(rec.value, at, fallback, rec.issues, images);
      const earlier = firstSeen.get(id);
      if (earlier !== undefined && (result.episode || result.rejected)) {
        const p = pinAt({ field: 'id', message: `${JSON.stringify(id)} is also the id of ${earlier.record !== undefined ? `record ${earlier.record}` : `line ${earlier.line}`}`, severity: 'error' }, where, id);
        const problems = [...result.problems, p];
        for (const problem of problems) ready.push({ kind: 'problem', problem });
        ready.push({ kind: 'rejected', rejected: rejected(id, 'babyagi', where, problems) });
        continue;
      }
      if (result.episode || result.rejected) firstSeen.set(id, at);
      for (const problem of result.problems) ready.push({ kind: 'problem', problem });
      if (result.episode) ready.push({ kind: 'episode', episode: result.episode });
      if (result.rejected) ready.push({ kind: 'rejected', rejected: result.rejected });
    }
  } catch (e) {
    ready.push({ kind: 'problem', problem: { file: path, message: `cannot read the file: ${(e as Error).message}`, severity: 'error' } });
  }
  yield* ready.splice(0);
}
