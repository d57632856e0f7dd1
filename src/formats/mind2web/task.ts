import { z } from 'zod';
import type { SourceRef, Step } from '../../ir/episode.js';
import type { FieldIssue } from '../field-issue.js';
import { hasError, joinField, zodIssues } from '../field-issue.js';
import type { Problem } from '../../ir/problem.js';
import { decodeAction } from './action.js';
import { extraFields, finishEpisode, pinAt, sourceRef, type EpisodeResult } from './episode.js';

/** A Mind2Web or MT-Mind2Web id: a UUID string; numbers are accepted and read as text. */
export const RecordId = z.union([z.string().min(1), z.number().int()]);

/** What a Mind2Web task and an MT-Mind2Web turn have in common. */
const Body = z.looseObject({
  confirmed_task: z.string(),
  action_reprs: z.array(z.string()).optional(),
  actions: z.array(z.unknown()),
});

const Task = Body.extend({
  annotation_id: RecordId,
  website: z.string().optional(),
  domain: z.string().optional(),
  subdomain: z.string().optional(),
});

const TASK_FIELDS = new Set(['annotation_id', 'website', 'domain', 'subdomain', 'confirmed_task', 'action_reprs', 'actions']);

export interface RecordAt {
  file: string;
  /** The line the record starts on. */
  line: number;
  /** The record's path, `[3]` or `[0].turns[1]`; absent for a JSONL line or a lone object. */
  record?: string;
}

/** The steps of a task or turn, with the problems of its fields and actions (pinned). */
export interface DecodedBody {
  instruction?: string;
  steps: Omit<Step, 'index'>[];
  /** Per step, index-aligned with `steps`: the `action_uid` (joins scores and the raw dump). */
  stepMeta: { action_uid: string }[];
  problems: Problem[];
}

/** `confirmed_task`, `action_reprs` and `actions` of a task or turn → steps. */
function decodeBody(obj: Record<string, unknown>, at: RecordAt, episode: string, fieldIssues: FieldIssue[]): DecodedBody {
  const where: SourceRef = sourceRef(at.file, at.line, at.record);
  const problems = fieldIssues.map((i) => pinAt(i, where, episode));
  const out: DecodedBody = { steps: [], stepMeta: [], problems };
  if (typeof obj.confirmed_task === 'string') out.instruction = obj.confirmed_task;
  const actions = Array.isArray(obj.actions) ? obj.actions : [];
  const reprs = Array.isArray(obj.action_reprs) ? obj.action_reprs : undefined;
  if (reprs && reprs.length !== actions.length) {
    problems.push(
      pinAt(
        {
          field: 'action_reprs',
          message: `${reprs.length} entries for ${actions.length} actions; they are matched by position`,
          severity: 'warning',
        },
        where,
        episode,
      ),
    );
  }
  actions.forEach((value, i) => {
    const record = joinField(at.record, 'actions', i);
    const source = sourceRef(at.file, at.line, record);
    const reprText = typeof reprs?.[i] === 'string' ? (reprs[i] as string) : undefined;
    const decoded = decodeAction({ value, reprText, source });
    problems.push(...decoded.issues.map((issue) => pinAt(issue, source, episode)));
    problems.push(...decoded.reprIssues.map((issue) => pinAt({ ...issue, field: joinField('action_reprs', i) }, where, episode)));
    if (decoded.step && decoded.actionUid !== undefined) {
      out.steps.push(decoded.step);
      out.stepMeta.push({ action_uid: decoded.actionUid });
    }
  });
  return out;
}

/** One Mind2Web task (one element of a shard) → one episode, id = `annotation_id`. */
export function decodeTask(
  obj: Record<string, unknown>,
  at: RecordAt,
  fallbackId: string,
  recordIssues: FieldIssue[],
): EpisodeResult & { id: string } {
  const parsed = Task.safeParse(obj);
  const issues = [...recordIssues, ...(parsed.success ? [] : zodIssues(parsed.error))];
  const idOk = RecordId.safeParse(obj.annotation_id);
  const id = idOk.success ? String(idOk.data) : fallbackId;
  const body = decodeBody(obj, at, id, issues);
  const meta: Record<string, unknown> = {};
  for (const k of ['website', 'domain', 'subdomain'] as const) if (typeof obj[k] === 'string') meta[k] = obj[k];
  Object.assign(meta, extraFields(obj, TASK_FIELDS));
  meta.steps = body.stepMeta;
  const result = finishEpisode(
    { id, format: 'mind2web', instruction: body.instruction, steps: body.steps, meta, source: sourceRef(at.file, at.line, at.record) },
    body.problems,
  );
  return { id, ...result };
}

const Conversation = z.looseObject({
  task_id: RecordId,
  website: z.string().optional(),
  domain: z.string().optional(),
  subdomain: z.string().optional(),
  turns: z.array(z.unknown()),
});
const Turn = Body.extend({ annotation_id: RecordId.optional() });

const CONVERSATION_FIELDS = new Set(['task_id', 'website', 'domain', 'subdomain', 'turns']);
const TURN_FIELDS = new Set(['annotation_id', 'confirmed_task', 'action_reprs', 'actions']);

/**
 * One MT-Mind2Web conversation → one episode per turn, `<task_id>#<turn>` (0-based). A
 * conversation is one browsing session with no reset between turns, so each turn `continues`
 * the previous one. A bad turn rejects only itself; the turns after it still decode (their
 * `continues` names the rejected turn, and they carry a warning saying so).
 */
export function decodeConversation(
  obj: Record<string, unknown>,
  at: RecordAt,
  fallbackId: string,
  recordIssues: FieldIssue[],
): { id: string; results: EpisodeResult[] } {
  const parsed = Conversation.safeParse(obj);
  const conversationIssues = [...recordIssues, ...(parsed.success ? [] : zodIssues(parsed.error))];
  const idOk = RecordId.safeParse(obj.task_id);
  const id = idOk.success ? String(idOk.data) : fallbackId;
  const where = sourceRef(at.file, at.line, at.record);
  if (!Array.isArray(obj.turns)) {
    const problems = conversationIssues.map((i) => pinAt(i, where, id));
    return { id, results: [finishEpisode({ id, format: 'mt-mind2web', steps: [], meta: {}, source: where }, problems)] };
  }
  // A conversation-level error (no task_id) belongs to every turn; the turns' own go to each.
  const shared = conversationIssues.filter((i) => !i.field?.startsWith('turns['));
  const meta: Record<string, unknown> = {};
  for (const k of ['website', 'domain', 'subdomain'] as const) if (typeof obj[k] === 'string') meta[k] = obj[k];
  Object.assign(meta, extraFields(obj, CONVERSATION_FIELDS));

  const results: EpisodeResult[] = [];
  let previous: { id: string; rejected: boolean } | undefined;
  obj.turns.forEach((turn, t) => {
    const turnId = `${id}#${t}`;
    const turnAt: RecordAt = { ...at, record: joinField(at.record, 'turns', t) };
    const turnWhere = sourceRef(at.file, at.line, turnAt.record);
    const sharedProblems = shared.map((i) => pinAt(i, where, turnId));
    if (typeof turn !== 'object' || turn === null || Array.isArray(turn)) {
      const problems = [...sharedProblems, pinAt({ message: 'expected a turn object', severity: 'error' }, turnWhere, turnId)];
      results.push(
        finishEpisode({ id: turnId, format: 'mt-mind2web', continues: previous?.id, steps: [], meta: {}, source: turnWhere }, problems),
      );
      previous = { id: turnId, rejected: true };
      return;
    }
    const turnObj = turn as Record<string, unknown>;
    const turnParsed = Turn.safeParse(turnObj);
    const body = decodeBody(turnObj, turnAt, turnId, turnParsed.success ? [] : zodIssues(turnParsed.error));
    body.problems.unshift(...sharedProblems);
    // Not when the whole conversation is refused (no task_id): every turn says so already.
    if (previous?.rejected && !hasError(shared)) {
      body.problems.push(
        pinAt(
          {
            message: `continues turn ${previous.id}, which was rejected: this turn's starting state cannot be reached by replay`,
            severity: 'warning',
          },
          turnWhere,
          turnId,
        ),
      );
    }
    const turnMeta: Record<string, unknown> = { conversation: id, turn: t };
    if (turnObj.annotation_id !== undefined) turnMeta.annotation_id = turnObj.annotation_id;
    Object.assign(turnMeta, meta, extraFields(turnObj, TURN_FIELDS));
    turnMeta.steps = body.stepMeta;
    const result = finishEpisode(
      {
        id: turnId,
        format: 'mt-mind2web',
        instruction: body.instruction,
        continues: previous?.id,
        steps: body.steps,
        meta: turnMeta,
        source: turnWhere,
      },
      body.problems,
    );
    results.push(result);
    // A turn without actions is no episode: the next turn continues the one before it.
    if (result.episode || result.rejected) previous = { id: turnId, rejected: result.rejected !== undefined };
  });
  return { id, results };
}
