import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { babyagi } from '../../src/formats/babyagi.js';
import { detectFormat, findDatasetFiles, formats, rpaweb } from '../../src/formats/index.js';
import { mind2web } from '../../src/formats/mind2web.js';
import { mtMind2web } from '../../src/formats/mt-mind2web.js';
import { code, jsonl, makeDataset, row } from './helpers.js';

const DATA = resolve('tests/formats/data');
const ours = [mind2web, mtMind2web, babyagi];

test('the registry has the three formats, after rpaweb', () => {
  const names = formats.map((f) => f.name);
  for (const name of ['mind2web', 'mt-mind2web', 'babyagi']) expect(names).toContain(name);
  expect(names.indexOf('rpaweb')).toBeLessThan(names.indexOf('mind2web'));
});

test('each bundled sample is claimed by exactly its own format', async () => {
  const claims = async (file: string) => {
    const all = [rpaweb, ...ours];
    const by: string[] = [];
    for (const f of all) if ((await detectFormat(file, [f])) === f) by.push(f.name);
    return by;
  };
  expect(await claims(join(DATA, 'mind2web/train_sample.json'))).toEqual(['mind2web']);
  expect(await claims(join(DATA, 'mind2web/multimodal_rows.jsonl'))).toEqual(['mind2web']);
  expect(await claims(join(DATA, 'mind2web/mt_train_0.json'))).toEqual(['mt-mind2web']);
  expect(await claims(join(DATA, 'babyagi/metadata_0.json'))).toEqual(['babyagi']);
  expect(await claims(join(DATA, 'codegen-1.40.jsonl'))).toEqual(['rpaweb']);
});

test('sniffing survives a head that ends inside raw_html and a first record that is broken', () => {
  const huge = `[{"actions": [{"action_uid": "u1", "raw_html": "<html backend_node_id=\\"1\\">${'<div class=\\"a\\"/>'.repeat(10_000)}`;
  expect(huge.length).toBeGreaterThan(64 * 1024);
  const head = huge.slice(0, 64 * 1024);
  expect(mind2web.sniff('/d/train_0.json', head)).toBe(true);
  expect(mtMind2web.sniff('/d/train_0.json', head)).toBe(false);
  // MT: the turns key comes before any actions, whatever the key order of the copy.
  const mtHead = '[{"turns": [{"annotation_id": "a", "actions": [{"action_uid": "u", "raw_html": "<html';
  expect(mtMind2web.sniff('/d/train_0.json', mtHead)).toBe(true);
  expect(mind2web.sniff('/d/train_0.json', mtHead)).toBe(false);
  // A broken first record still shows its keys.
  expect(mind2web.sniff('/d/x.json', '[\n{"annotation_id": "a", "confirmed_task": NaN, "actions": [ }]},\n{"annotation_id": "b"')).toBe(
    true,
  );
  expect(
    babyagi.sniff('/d/metadata_7.json', '[{"id": 1, "instruction": "x", "trajectory": [{"image_id": "a", "action_options": [,]}]}'),
  ).toBe(true);
  // baby-agi's file name vouches for a first record that lost its trajectory keys, not any name.
  const vague = '[{"id": "t1", "instruction": "Open the deals page"}, {"id": "t2", "instruc';
  expect(babyagi.sniff('/d/metadata_0.json', vague)).toBe(true);
  expect(babyagi.sniff('/d/other.json', vague)).toBe(false);
  // A key inside a string value (escaped quotes) is not a key.
  expect(mind2web.sniff('/d/x.json', '[{"note": "see \\"raw_html\\": here", "id": 1}]')).toBe(false);
});

test("not each other's files, not rpaweb rows, not other JSON", () => {
  const rpawebRow = JSON.stringify(row('A', 1, code.openPage));
  for (const f of ours) {
    expect(f.sniff('/d/rows.jsonl', rpawebRow)).toBe(false);
    expect(f.sniff('/d/flow.json', '{"title": "Recording", "steps": [{"type": "navigate", "url": "https://x"}]}')).toBe(false);
    expect(f.sniff('/d/notes.json', 'plain text "action_uid": 1')).toBe(false);
    expect(f.sniff('/d/empty.json', '')).toBe(false);
  }
  // A Mind2Web-shaped row that also carries rpaweb fields is left to rpaweb.
  expect(mind2web.sniff('/d/rows.jsonl', '{"id": 1, "action_uid": "u", "raw_html": "", "json_data": {}}')).toBe(false);
});

test('a dataset folder is split between the formats', async () => {
  const root = makeDataset({
    'rows.jsonl': jsonl(row('A', 1, code.openPage)),
    'm2w/train_0.json': '[{"annotation_id": "a", "confirmed_task": "t", "action_reprs": [], "actions": []}]',
    'mt/train_0.json': '[{"task_id": "c", "turns": [{"annotation_id": "a", "confirmed_task": "t", "actions": []}]}]',
    'agi/metadata_0.json': '[{"id": "x", "instruction": "y", "trajectory": []}]',
    'agi/images/x.json': '{"not": "data"}',
  });
  const found = await findDatasetFiles(root);
  expect(found.map((f) => [f.file.slice(root.length + 1), f.format.name])).toEqual([
    ['agi/metadata_0.json', 'babyagi'],
    ['m2w/train_0.json', 'mind2web'],
    ['mt/train_0.json', 'mt-mind2web'],
    ['rows.jsonl', 'rpaweb'],
  ]);
});
