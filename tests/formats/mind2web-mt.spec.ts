import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { mind2web } from '../../src/formats/mind2web.js';
import { mtMind2web } from '../../src/formats/mt-mind2web.js';
import { makeDataset } from './helpers.js';

const DATA = resolve('tests/formats/data/mind2web');
const MT = join(DATA, 'mt_train_0.json');

test('each turn is an episode that continues the previous turn of its conversation', async () => {
  const out = await mtMind2web.decodeFile(MT, { datasetRoot: DATA });
  expect(out.problems).toEqual([]);
  expect(out.rejected).toEqual([]);
  expect(out.recordsRead).toBe(2);
  expect(out.episodes.map((e) => [e.id, e.format, e.continues, e.instruction, e.steps.map((s) => s.action.type)])).toEqual([
    ['mt-0042#0', 'mt-mind2web', undefined, 'Switch the reservation type to pickup', ['select']],
    ['mt-0042#1', 'mt-mind2web', 'mt-0042#0', 'Now look for Boston', ['fill', 'click']],
    ['mt-0042#2', 'mt-mind2web', 'mt-0042#1', 'Search for sushi places', ['hover', 'press']],
    ['mt-0043#0', 'mt-mind2web', undefined, 'Open the deals', ['click']],
  ]);
  const second = out.episodes[1]!;
  expect(second.source).toEqual({ file: MT, line: 2, record: '[0].turns[1]' });
  expect(second.steps.map((s) => [s.index, s.source.record, s.note])).toEqual([
    [0, '[0].turns[1].actions[0]', '[combobox]  Search for a city -> TYPE: Boston'],
    [1, '[0].turns[1].actions[1]', '[span]   -> CLICK'],
  ]);
  expect(second.meta).toStrictEqual({
    conversation: 'mt-0042',
    turn: 1,
    annotation_id: 'turn-b',
    website: 'exploretock',
    domain: 'Travel',
    subdomain: 'Restaurant',
    steps: [{ action_uid: '5a5a4f0e-7c1f-4a5e-9d0b-2b1c1f3a0b11' }, { action_uid: 'a7c2e9d4-3b6f-4e1a-8c5d-9f0e1d2c3b44' }],
  });
  // A turn's actions decode exactly as the same Mind2Web task's do.
  const task = (await mind2web.decodeFile(join(DATA, 'train_sample.json'), { datasetRoot: DATA })).episodes[0]!;
  expect(second.steps.map((s) => s.action)).toStrictEqual(task.steps.slice(1, 3).map((s) => s.action));
});

test('a bad turn rejects only itself; the next turn still decodes and says what it continues', async () => {
  const conversation = JSON.parse(readFileSync(MT, 'utf8'))[0] as { turns: Record<string, unknown>[] };
  const turns = conversation.turns;
  const broken = {
    ...turns[1],
    action_reprs: (turns[1]!.action_reprs as string[]).slice(0, 1),
    actions: [{ ...(turns[1]!.actions as object[])[0], operation: '{"op": "TYPE", "original_op": "TYPE"' }],
  };
  const root = makeDataset({
    'test_subdomain_0.json': JSON.stringify(
      [
        { ...conversation, turns: [turns[0], broken, turns[2], 'not a turn'] },
        { task_id: 'no-turns', website: 'united' },
      ],
      null,
      1,
    ),
  });
  const file = join(root, 'test_subdomain_0.json');
  const out = await mtMind2web.decodeFile(file, { datasetRoot: root });
  expect(out.episodes.map((e) => [e.id, e.continues])).toEqual([
    ['mt-0042#0', undefined],
    ['mt-0042#2', 'mt-0042#1'],
  ]);
  expect(out.rejected.map((r) => [r.id, r.format, r.source.record])).toEqual([
    ['mt-0042#1', 'mt-mind2web', '[0].turns[1]'],
    ['mt-0042#3', 'mt-mind2web', '[0].turns[3]'],
    ['no-turns', 'mt-mind2web', '[1]'],
  ]);
  expect(out.problems.map((p) => [p.record, p.field, p.episode, p.severity, p.message])).toEqual([
    ['[0].turns[1].actions[0]', 'operation', 'mt-0042#1', 'error', expect.stringMatching(/^not valid JSON text of an operation object: /)],
    [
      '[0].turns[2]',
      undefined,
      'mt-0042#2',
      'warning',
      "continues turn mt-0042#1, which was rejected: this turn's starting state cannot be reached by replay",
    ],
    ['[0].turns[3]', undefined, 'mt-0042#3', 'error', 'expected a turn object'],
    ['[1]', 'turns', 'no-turns', 'error', 'missing (expected array)'],
  ]);
  expect(out.problems.every((p) => p.file === file && p.line !== undefined)).toBe(true);
});

test('a conversation that is not JSON is rejected whole, under its task_id', async () => {
  const good = readFileSync(MT, 'utf8').trim().split('\n')[2]!.replace(/,$/, '');
  const root = makeDataset({ 'train_1.json': `[\n{"task_id": "torn", "turns": [{"annotation_id": "t", "actions": [}]]},\n${good}\n]` });
  const file = join(root, 'train_1.json');
  const out = await mtMind2web.decodeFile(file, { datasetRoot: root });
  expect(out.episodes.map((e) => e.id)).toEqual(['mt-0043#0']);
  expect(out.rejected.map((r) => [r.id, r.source])).toEqual([['torn', { file, line: 2, record: '[0]' }]]);
  expect(out.problems).toEqual([
    { file, line: 2, record: '[0]', episode: 'torn', severity: 'error', message: expect.stringMatching(/^invalid JSON: /) },
  ]);
});

test('a conversation without task_id: every turn is rejected with the reason, which is listed once', async () => {
  const conversation = JSON.parse(readFileSync(MT, 'utf8'))[0] as Record<string, unknown>;
  const { task_id: _, ...noId } = conversation;
  const root = makeDataset({ 'test_task_0.json': JSON.stringify([noId]) });
  const out = await mtMind2web.decodeFile(join(root, 'test_task_0.json'), { datasetRoot: root });
  expect(out.episodes).toEqual([]);
  const reason = 'missing (expected string or number)';
  expect(out.rejected.map((r) => [r.id, r.problems.map((p) => [p.field, p.message])])).toEqual(
    [0, 1, 2].map((t) => [`test_task_0.json[0]#${t}`, [['task_id', reason]]]),
  );
  // Not three times, and no "continues a rejected turn" warning for turns rejected for the same reason.
  expect(out.problems.map((p) => [p.record, p.field, p.severity, p.message])).toEqual([['[0]', 'task_id', 'error', reason]]);
});
