import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { M2W_LAZY_KEYS } from './mind2web/action.js';
import type { DatasetFormat, DecodeItem, DecodeOptions } from './format.js';
import { isPlainObject } from './json-line.js';
import type { Problem } from '../ir/problem.js';
import { cannotRead, duplicateRefusal, eachRecord, jsonKind, refusal } from './dataset-records.js';
import { pinAt, rejected, sourceRef, type EpisodeResult } from './mind2web/episode.js';
import { recoverKey, type Mind2WebDecodeOptions } from './mind2web/json-stream.js';
import { RowGroups } from './mind2web/multimodal.js';
import { jsonDatasetFormat } from './json-dataset-format.js';
import { attachRawDumpMhtml } from './mind2web/mhtml-before.js';
import { decodeTask, type RecordAt } from './mind2web/task.js';

export { parseActionRepr, type ActionRepr } from './mind2web/action-repr.js';
export { M2W_VIEWPORT } from './mind2web/action.js';
export {
  readJsonRecords,
  readRecords,
  type JsonRecord,
  type JsonStreamOptions,
  type Mind2WebDecodeOptions,
} from './mind2web/json-stream.js';

/**
 * Mind2Web (OSU-NLP-Group, HF `osunlp/Mind2Web`): shards that are JSON arrays of tasks
 * `{annotation_id, website, domain, subdomain, confirmed_task, action_reprs[], actions[]}`, one
 * episode per task (id = `annotation_id`). Also reads Multimodal-Mind2Web rows (one per
 * action, grouped by `annotation_id`), as JSON arrays or JSON Lines, and tasks as JSON Lines.
 * Shards can be larger than the longest string V8 has, so they are streamed record by record.
 * Mind2Web records no start URL: episodes start with the first recorded action (`meta.website`
 * names the site).
 */
export const mind2web: DatasetFormat = jsonDatasetFormat('mind2web', decodeStream);

/**
 * Tasks are yielded as each record is decoded; Multimodal rows only at the end of the file (a
 * task's rows may be anywhere in it). Problems come last, in line order (rows' problems are
 * known only once the file is read), so they are held: they are small, the episodes are not.
 */
async function* decodeStream(file: string, options: DecodeOptions): AsyncGenerator<DecodeItem> {
  const path = resolve(file);
  const problems: Problem[] = [];
  const ready: DecodeItem[] = [];
  const rows = new RowGroups(path, options.datasetRoot);
  const firstSeen = new Map<string, RecordAt>();
  // Looked for once per file, not once per step (a resolve per step showed in decode profiles).
  const hasRawDump = existsSync(join(options.datasetRoot, 'task'));
  const take = (id: string, at: RecordAt, result: EpisodeResult) => {
    const earlier = firstSeen.get(id);
    if (earlier !== undefined && (result.episode || result.rejected)) {
      const refused = duplicateRefusal('mind2web', 'annotation_id', id, earlier, sourceRef(path, at.line, at.record), result);
      problems.push(...refused.problems);
      ready.push({ kind: 'rejected', rejected: refused.rejected });
      return;
    }
    if (result.episode || result.rejected) firstSeen.set(id, at);
    if (result.episode && hasRawDump) attachRawDumpMhtml(result.episode, options.datasetRoot);
    if (result.episode) ready.push({ kind: 'episode', episode: result.episode });
    if (result.rejected) ready.push({ kind: 'rejected', rejected: result.rejected });
    problems.push(...result.problems);
  };

  const readError = yield* eachRecord(
    {
      file: path,
      stream: { lazyKeys: M2W_LAZY_KEYS, ...(options as Mind2WebDecodeOptions).stream },
      ready,
      holdProblem: (p) => problems.push(p),
    },
    (r) => {
      const { rec, at, where, fallback } = r;
      if (rec.kind === 'bad') {
        // A record that is not JSON is still charged to its task when its id can be read.
        const problem = pinAt(
          { message: rec.message, severity: 'error' },
          sourceRef(path, rec.errorLine ?? rec.line, rec.record),
          undefined,
        );
        const extra = rec.issues.map((i) => pinAt(i, where));
        const id = recoverKey(rec.text, 'annotation_id');
        const isRow = id !== undefined && !/(?<!\\)"actions"\s*:/.test(rec.text);
        if (id !== undefined && isRow) {
          for (const p of [problem, ...extra]) rows.addProblem(id, at, { ...p, episode: id });
          return;
        }
        const episode = id ?? fallback;
        const found = [problem, ...extra].map((p) => ({ ...p, episode }));
        take(episode, at, { rejected: rejected(episode, 'mind2web', where, found), problems: found });
        return;
      }
      const value = rec.value;
      if (isPlainObject(value) && 'actions' in value && !('turns' in value)) {
        const { id, ...result } = decodeTask(value, at, fallback, rec.issues);
        take(id, at, result);
      } else if (isPlainObject(value) && ('action_uid' in value || 'operation' in value) && !('turns' in value)) {
        rows.add(value, at, fallback, rec.issues);
      } else {
        const what = !isPlainObject(value)
          ? `expected a task or row object, got ${jsonKind(value)}`
          : 'turns' in value
            ? 'an MT-Mind2Web conversation (it has turns): decode this file with --format mt-mind2web'
            : 'neither a Mind2Web task (no "actions") nor a Multimodal-Mind2Web row (no "action_uid")';
        const id =
          isPlainObject(value) && (typeof value.annotation_id === 'string' || typeof value.task_id === 'string')
            ? String(value.annotation_id ?? value.task_id)
            : fallback;
        take(id, at, refusal('mind2web', r, id, what));
      }
    },
  );

  for (const { id, at, ...result } of rows.finish()) {
    if (readError !== undefined && result.episode) {
      // Rows of a task may come after the point the file broke off: never replay it as if whole.
      const p: Problem = {
        file: path,
        episode: id,
        message: 'the file could not be read to the end; this task may be missing rows',
        severity: 'error',
      };
      problems.push(...result.problems, p);
      ready.push({ kind: 'rejected', rejected: rejected(id, 'mind2web', result.episode.source, [...result.problems, p]) });
      continue;
    }
    take(id, at, result);
  }
  yield* ready.splice(0);
  if (readError !== undefined) problems.push(cannotRead(path, readError));
  // Rows' problems are known only once the file is read: put every problem back in file order.
  for (const problem of problems.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity))) yield { kind: 'problem', problem };
}
