import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadDataset } from '../../src/formats/load-dataset.js';
import { cli } from '../support/cli.js';
import { FIXTURES } from '../support/fixture-site.js';
import { jsonl, makeDataset } from './helpers.js';

/**
 * One episode id, two records: the later one is refused, and reported under an id of its own.
 * Under the same id its error line would replace the real episode's result wherever the last
 * line per episode wins (merge, --resume).
 */

const UID = 'uid-1';
const RAW = `<html backend_node_id="1" bounding_box_rect="0,0,1280,900"><body backend_node_id="2" bounding_box_rect="0,0,1280,900"><button backend_node_id="7" bounding_box_rect="10,20,90,40" data_pw_testid_buckeye="${UID}"><text backend_node_id="8" bounding_box_rect="10,20,90,40">Search</text></button></body></html>`;
const POS = {
  tag: 'button',
  backend_node_id: '7',
  attributes: JSON.stringify({ backend_node_id: '7', bounding_box_rect: '10,20,90,40', data_pw_testid_buckeye_candidate: '1' }),
  is_original_target: true,
  is_top_level_target: true,
};
const OPERATION = { op: 'CLICK', original_op: 'CLICK', value: '' };
const TASK = {
  annotation_id: 'task-1',
  website: 'united',
  domain: 'Travel',
  subdomain: 'Airlines',
  confirmed_task: 'Search',
  action_reprs: ['[button]  Search -> CLICK'],
  actions: [{ action_uid: UID, raw_html: RAW, cleaned_html: '', operation: OPERATION, pos_candidates: [POS], neg_candidates: [] }],
};
/** The same task as a Multimodal-Mind2Web row (operation and candidates as JSON text), as a folder holding both datasets has it. */
const ROW = {
  ...TASK,
  actions: undefined,
  action_uid: UID,
  raw_html: RAW,
  cleaned_html: '',
  operation: JSON.stringify(OPERATION),
  pos_candidates: [JSON.stringify(POS)],
  neg_candidates: [],
  target_action_index: '0',
  target_action_reprs: TASK.action_reprs[0],
};

test("a Mind2Web task and the Multimodal rows of the same task in one folder: the second file's copy is refused, naming the first", async () => {
  const root = makeDataset({ 'a/train_0.json': JSON.stringify([TASK]), 'b/train-00000.jsonl': jsonl(ROW) });
  const data = await loadDataset(root);
  expect(data.episodes.map((e) => [e.id, e.source.file])).toEqual([['task-1', join(root, 'a/train_0.json')]]);
  expect(data.rejected.map((r) => r.id)).toEqual(['task-1 (duplicate: train-00000.jsonl:1)']);
  expect(data.problems.map((p) => [p.file, p.line, p.episode, p.severity, p.message])).toEqual([
    [
      join(root, 'b/train-00000.jsonl'),
      1,
      'task-1 (duplicate: train-00000.jsonl:1)',
      'error',
      `episode id "task-1" is also the id of an episode of ${join(root, 'a/train_0.json')}:1; this one is not replayed`,
    ],
  ]);
});

test('results, merge and --resume keep the real episode next to its refused duplicate', async () => {
  const root = makeDataset({ 'train_0.json': JSON.stringify([TASK, TASK]), 'mm/train-00000.jsonl': jsonl(ROW) });
  const out = join(root, 'out');
  const run = await cli('run', root, '--mode', 'snapshot', '--out', out, '--workers', '1');
  expect(run.code, run.stderr).toBe(1);
  const lines = () =>
    readFileSync(join(out, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { episode: string; status: string });
  // Files in name order: mm/ first, so its row is the task; train_0.json's two copies are refused.
  const expected = [
    ['task-1 (duplicate: train_0.json:1:[0])', 'error'],
    ['task-1 (duplicate: train_0.json:1:[1])', 'error'],
    ['task-1', 'passed'],
  ];
  expect(
    lines()
      .map((r) => [r.episode, r.status])
      .sort(),
  ).toEqual(expected);

  const merged = join(root, 'merged');
  expect((await cli('merge', out, '--out', merged)).code).toBe(1);
  const mergedLines = readFileSync(join(merged, 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { episode: string; status: string });
  expect(mergedLines.map((r) => [r.episode, r.status]).sort()).toEqual(expected);

  expect((await cli('run', root, '--mode', 'snapshot', '--out', out, '--workers', '1', '--resume')).code).toBe(1);
  expect(
    lines()
      .map((r) => [r.episode, r.status])
      .sort(),
  ).toEqual(expected);
});

test('a repeated id whose record was already refused keeps its own reasons under its new id', async () => {
  const broken = { ...TASK, actions: [{ ...TASK.actions[0], operation: { op: 'DRAG', original_op: 'DRAG', value: '' } }] };
  const root = makeDataset({ 'a/train_0.json': JSON.stringify([TASK]), 'b/train_0.json': JSON.stringify([broken]) });
  const data = await loadDataset(root);
  expect(data.rejected.map((r) => [r.id, r.problems.map((p) => [p.episode, p.field, p.message])])).toEqual([
    [
      'task-1 (duplicate: train_0.json:1:[0])',
      [
        ['task-1 (duplicate: train_0.json:1:[0])', 'operation.op', '"DRAG" is not one of "CLICK", "TYPE", "SELECT"'],
        [
          'task-1 (duplicate: train_0.json:1:[0])',
          'operation.original_op',
          '"DRAG" is not one of "CLICK", "TYPE", "SELECT", "HOVER", "ENTER"',
        ],
        [
          'task-1 (duplicate: train_0.json:1:[0])',
          undefined,
          `episode id "task-1" is also the id of an episode of ${join(root, 'a/train_0.json')}:1; this one is not replayed`,
        ],
      ],
    ],
  ]);
  // Each problem is listed once.
  expect(data.problems.filter((p) => p.file === join(root, 'b/train_0.json'))).toHaveLength(3);
});

test('formats that name an episode after its file: the same name in two folders is two episodes, the later renamed after its path', async () => {
  const codegen = readFileSync(join(FIXTURES, 'codegen', 'tax-form.jsonl'), 'utf8');
  const root = makeDataset({ 'monday/flow.jsonl': codegen, 'tuesday/flow.jsonl': codegen, 'wednesday/flow.jsonl': codegen });
  const data = await loadDataset(root);
  expect(data.episodes.map((e) => [e.id, e.source.file])).toEqual([
    ['flow', join(root, 'monday/flow.jsonl')],
    ['flow (tuesday/flow.jsonl)', join(root, 'tuesday/flow.jsonl')],
    ['flow (wednesday/flow.jsonl)', join(root, 'wednesday/flow.jsonl')],
  ]);
  expect(data.rejected).toEqual([]);
  expect(data.problems.map((p) => [p.file, p.severity, p.episode, p.message])).toEqual([
    [
      join(root, 'tuesday/flow.jsonl'),
      'warning',
      'flow (tuesday/flow.jsonl)',
      `episode id "flow" is also the id of an episode of ${join(root, 'monday/flow.jsonl')}; this one is replayed as "flow (tuesday/flow.jsonl)"`,
    ],
    [
      join(root, 'wednesday/flow.jsonl'),
      'warning',
      'flow (wednesday/flow.jsonl)',
      `episode id "flow" is also the id of an episode of ${join(root, 'monday/flow.jsonl')}; this one is replayed as "flow (wednesday/flow.jsonl)"`,
    ],
  ]);
});
