import { resolve } from 'node:path';
import type { DatasetFormat, DecodeItem, DecodeOptions } from './format.js';
import { alsoTheIdOf, cannotRead, eachRecord, pushResult, recordObject, refusal } from './dataset-records.js';
import type { Mind2WebDecodeOptions } from './mind2web/json-stream.js';
import { M2W_LAZY_KEYS } from './mind2web/action.js';
import { jsonDatasetFormat } from './json-dataset-format.js';
import { decodeConversation, type RecordAt } from './mind2web/task.js';
import { pinAt } from './mind2web/episode.js';

/**
 * MT-Mind2Web (Self-MAP, HF `magicgh/MT-Mind2Web`): JSON arrays of conversations
 * `{task_id, website, domain, subdomain, turns[]}`, each turn `{annotation_id, confirmed_task,
 * action_reprs[], actions[]}` with Mind2Web actions. Each turn is one episode,
 * `<task_id>#<turn>` (0-based), that `continues` the previous turn's browser session.
 */
export const mtMind2web: DatasetFormat = jsonDatasetFormat('mt-mind2web', decodeStream);

/** Each conversation's turns are yielded, in turn order, as soon as its record is decoded. */
async function* decodeStream(file: string, options: DecodeOptions): AsyncGenerator<DecodeItem> {
  const path = resolve(file);
  const ready: DecodeItem[] = [];
  const firstSeen = new Map<string, RecordAt>();
  const readError = yield* eachRecord(
    { file: path, stream: { lazyKeys: M2W_LAZY_KEYS, ...(options as Mind2WebDecodeOptions).stream }, ready },
    (r) => {
      // Which turns a broken conversation had is unknowable: it is rejected as a whole.
      const read = recordObject('mt-mind2web', r, 'task_id', 'a conversation object');
      if ('refused' in read) return pushResult(ready, read.refused);
      const { id, results } = decodeConversation(read.value, r.at, r.fallback, r.rec.issues);
      const earlier = firstSeen.get(id);
      if (earlier !== undefined)
        return pushResult(
          ready,
          refusal('mt-mind2web', r, id, `task_id ${alsoTheIdOf(id, earlier)}: its turns are not decoded`, r.rec.line, 'task_id'),
        );
      firstSeen.set(id, r.at);
      // No turns is no episode at all: say so rather than let the conversation vanish.
      if (Array.isArray(read.value.turns) && read.value.turns.length === 0)
        ready.push({
          kind: 'problem',
          problem: pinAt({ field: 'turns', message: 'no turns: nothing to replay', severity: 'warning' }, r.where, id),
        });
      // A conversation-level problem belongs to every turn's rejection, but is listed once.
      const listed = new Set<string>();
      for (const result of results) {
        const fresh = result.problems.filter((p) => {
          const key = JSON.stringify([p.line, p.record, p.field, p.message, p.severity]);
          return !listed.has(key) && listed.add(key);
        });
        pushResult(ready, { ...result, problems: fresh });
      }
    },
  );
  // Conversations read before the failure are whole (each was one complete record).
  if (readError !== undefined) yield { kind: 'problem', problem: cannotRead(path, readError) };
}
