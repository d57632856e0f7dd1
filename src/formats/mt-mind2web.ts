import { resolve } from 'node:path';
import type { DatasetFormat, DecodeItem, DecodeOptions } from './format.js';
import { collectDecoded } from './decode-stream.js';
import { isPlainObject } from './json-line.js';
import { fileProblem, pinAt, rejected, sourceRef } from './mind2web/episode.js';
import { readRecords, recordName, recoverKey, type Mind2WebDecodeOptions } from './mind2web/json-stream.js';
import { sniffJsonDataset } from './mind2web/sniff.js';
import { decodeConversation, type RecordAt } from './mind2web/task.js';

/**
 * MT-Mind2Web (Self-MAP, HF `magicgh/MT-Mind2Web`): JSON arrays of conversations
 * `{task_id, website, domain, subdomain, turns[]}`, each turn `{annotation_id, confirmed_task,
 * action_reprs[], actions[]}` with Mind2Web actions. Each turn is one episode,
 * `<task_id>#<turn>` (0-based), that `continues` the previous turn's browser session.
 */
export const mtMind2web: DatasetFormat = {
  name: 'mt-mind2web',
  extensions: ['.json', '.jsonl'],
  sniff(file, head) {
    return sniffJsonDataset(file, head) === 'mt-mind2web';
  },
  decodeFile: (file, options) => collectDecoded(decodeStream(file, options)),
  decodeStream,
};

/** Each conversation's turns are yielded, in turn order, as soon as its record is decoded. */
async function* decodeStream(file: string, options: DecodeOptions): AsyncGenerator<DecodeItem> {
  const path = resolve(file);
  const ready: DecodeItem[] = [];
  const firstSeen = new Map<string, RecordAt>();
  try {
    for await (const rec of readRecords(path, (options as Mind2WebDecodeOptions).stream)) {
      yield* ready.splice(0);
      if (rec.kind === 'problem') {
        yield { kind: 'problem', problem: fileProblem(path, rec) };
        continue;
      }
      yield { kind: 'record' };
      const at: RecordAt = { file: path, line: rec.line, ...(rec.record !== undefined ? { record: rec.record } : {}) };
      const where = sourceRef(path, rec.line, rec.record);
      const fallback = recordName(path, rec);
      const refuse = (id: string, message: string, line = rec.line, field?: string) => {
        const problems = [pinAt({ message, severity: 'error', ...(field ? { field } : {}) }, sourceRef(path, line, rec.record), id), ...rec.issues.map((i) => pinAt(i, where, id))];
        for (const problem of problems) ready.push({ kind: 'problem', problem });
        ready.push({ kind: 'rejected', rejected: rejected(id, 'mt-mind2web', where, problems) });
      };
      if (rec.kind === 'bad') {
        // Which turns a broken conversation had is unknowable: it is rejected as a whole.
        refuse(recoverKey(rec.text, 'task_id') ?? fallback, rec.message, rec.errorLine);
        continue;
      }
      if (!isPlainObject(rec.value)) {
        refuse(fallback, `expected a conversation object, got ${Array.isArray(rec.value) ? 'an array' : rec.value === null ? 'null' : typeof rec.value}`);
        continue;
      }
      const { id, results } = decodeConversation(rec.value, at, fallback, rec.issues);
      const earlier = firstSeen.get(id);
      if (earlier !== undefined) {
        refuse(id, `task_id ${JSON.stringify(id)} is also the id of ${earlier.record !== undefined ? `record ${earlier.record}` : `line ${earlier.line}`}: its turns are not decoded`, rec.line, 'task_id');
        continue;
      }
      firstSeen.set(id, at);
      // No turns is no episode at all: say so rather than let the conversation vanish.
      if (Array.isArray(rec.value.turns) && rec.value.turns.length === 0) ready.push({ kind: 'problem', problem: pinAt({ field: 'turns', message: 'no turns: nothing to replay', severity: 'warning' }, where, id) });
      for (const r of results) {
        for (const problem of r.problems) ready.push({ kind: 'problem', problem });
        if (r.episode) ready.push({ kind: 'episode', episode: r.episode });
        if (r.rejected) ready.push({ kind: 'rejected', rejected: r.rejected });
      }
    }
  } catch (e) {
    // Conversations read before the failure are whole (each was one complete record).
    ready.push({ kind: 'problem', problem: { file: path, message: `cannot read the file: ${(e as Error).message}`, severity: 'error' } });
  }
  yield* ready.splice(0);
}
