import { resolve } from 'node:path';
import type { DatasetFormat, Decoded, DecodeOptions } from './format.js';
import { isPlainObject } from './json-line.js';
import type { Problem } from './problem.js';
import { fileProblem, pinAt, rejected, sourceRef, type EpisodeResult } from './mind2web/episode.js';
import { readRecords, recordName, recoverKey, type Mind2WebDecodeOptions } from './mind2web/json-stream.js';
import { RowGroups } from './mind2web/multimodal.js';
import { sniffJsonDataset } from './mind2web/sniff.js';
import { decodeTask, type RecordAt } from './mind2web/task.js';

export { parseActionRepr, type ActionRepr } from './mind2web/action-repr.js';
export { M2W_VIEWPORT } from './mind2web/action.js';
export { readJsonRecords, readRecords, type JsonRecord, type JsonStreamOptions, type Mind2WebDecodeOptions } from './mind2web/json-stream.js';

/**
 * Mind2Web (OSU-NLP-Group, HF `osunlp/Mind2Web`): shards that are JSON arrays of tasks
 * `{annotation_id, website, domain, subdomain, confirmed_task, action_reprs[], actions[]}`, one
 * episode per task (id = `annotation_id`). Also reads Multimodal-Mind2Web rows (one per
 * action, grouped by `annotation_id`), as JSON arrays or JSON Lines, and tasks as JSON Lines.
 * Shards can be larger than the longest string V8 has, so they are streamed record by record.
 * Mind2Web records no start URL: episodes start with the first recorded action (`meta.website`
 * names the site).
 */
export const mind2web: DatasetFormat = {
  name: 'mind2web',
  extensions: ['.json', '.jsonl'],
  sniff(file, head) {
    return sniffJsonDataset(file, head) === 'mind2web';
  },
  decodeFile,
};

async function decodeFile(file: string, options: DecodeOptions): Promise<Decoded> {
  const path = resolve(file);
  const out: Decoded = { episodes: [], rejected: [], problems: [], recordsRead: 0 };
  const rows = new RowGroups(path, options.datasetRoot);
  const firstSeen = new Map<string, RecordAt>();
  const take = (id: string, at: RecordAt, result: EpisodeResult) => {
    const earlier = firstSeen.get(id);
    if (earlier !== undefined && (result.episode || result.rejected)) {
      // Two tasks with one id cannot both be reported under it: the later one is refused.
      const p = pinAt({ field: 'annotation_id', message: `${JSON.stringify(id)} is also the id of ${earlier.record !== undefined ? `record ${earlier.record}` : `line ${earlier.line}`}`, severity: 'error' }, sourceRef(path, at.line, at.record), id);
      const problems = [...result.problems, p];
      out.problems.push(...problems);
      out.rejected.push(rejected(id, 'mind2web', sourceRef(path, at.line, at.record), problems));
      return;
    }
    if (result.episode || result.rejected) firstSeen.set(id, at);
    if (result.episode) out.episodes.push(result.episode);
    if (result.rejected) out.rejected.push(result.rejected);
    out.problems.push(...result.problems);
  };

  let readError: string | undefined;
  try {
    for await (const rec of readRecords(path, (options as Mind2WebDecodeOptions).stream)) {
      if (rec.kind === 'problem') {
        out.problems.push(fileProblem(path, rec));
        continue;
      }
      out.recordsRead++;
      const at: RecordAt = { file: path, line: rec.line, ...(rec.record !== undefined ? { record: rec.record } : {}) };
      const where = sourceRef(path, rec.line, rec.record);
      const fallback = recordName(path, rec);
      if (rec.kind === 'bad') {
        // A record that is not JSON is still charged to its task when its id can be read.
        const problem = pinAt({ message: rec.message, severity: 'error' }, sourceRef(path, rec.errorLine ?? rec.line, rec.record), undefined);
        const extra = rec.issues.map((i) => pinAt(i, where));
        const id = recoverKey(rec.text, 'annotation_id');
        const isRow = id !== undefined && !/(?<!\\)"actions"\s*:/.test(rec.text);
        if (id !== undefined && isRow) {
          for (const p of [problem, ...extra]) rows.addProblem(id, at, { ...p, episode: id });
          continue;
        }
        const episode = id ?? fallback;
        const problems = [problem, ...extra].map((p) => ({ ...p, episode }));
        take(episode, at, { rejected: rejected(episode, 'mind2web', where, problems), problems });
        continue;
      }
      const value = rec.value;
      if (isPlainObject(value) && 'actions' in value && !('turns' in value)) {
        const { id, ...result } = decodeTask(value, at, fallback, rec.issues);
        take(id, at, result);
      } else if (isPlainObject(value) && ('action_uid' in value || 'operation' in value) && !('turns' in value)) {
        rows.add(value, at, fallback, rec.issues);
      } else {
        const what = !isPlainObject(value) ? `expected a task or row object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`
          : 'turns' in value ? 'an MT-Mind2Web conversation (it has turns): decode this file with --format mt-mind2web'
          : 'neither a Mind2Web task (no "actions") nor a Multimodal-Mind2Web row (no "action_uid")';
        const id = isPlainObject(value) && (typeof value.annotation_id === 'string' || typeof value.task_id === 'string') ? String(value.annotation_id ?? value.task_id) : fallback;
        const problems = [pinAt({ message: what, severity: 'error' }, where, id), ...rec.issues.map((i) => pinAt(i, where, id))];
        take(id, at, { rejected: rejected(id, 'mind2web', where, problems), problems });
      }
    }
  } catch (e) {
    readError = (e as Error).message; // missing, a folder, an I/O error: a problem, not a crash
  }

  for (const { id, at, ...result } of rows.finish()) {
    if (readError !== undefined && result.episode) {
      // Rows of a task may come after the point the file broke off: never replay it as if whole.
      const p: Problem = { file: path, episode: id, message: 'the file could not be read to the end; this task may be missing rows', severity: 'error' };
      out.problems.push(...result.problems, p);
      out.rejected.push(rejected(id, 'mind2web', result.episode.source, [...result.problems, p]));
      continue;
    }
    take(id, at, result);
  }
  if (readError !== undefined) out.problems.push({ file: path, message: `cannot read the file: ${readError}`, severity: 'error' });
  // Rows' problems are known only once the file is read: put every problem back in file order.
  out.problems = [...out.problems].sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  return out;
}
