import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { expect, test } from '@playwright/test';
import { mind2web, parseActionRepr, readJsonRecords, type JsonRecord } from '../../src/formats/mind2web.js';
import type { Decoded } from '../../src/formats/format.js';
import type { Step } from '../../src/ir/episode.js';
import { makeDataset } from './helpers.js';
import { sharedSample } from '../support/shared-samples.js';

const DATA = resolve('tests/formats/data/mind2web');
const SHARD = join(DATA, 'train_sample.json');
const ROWS = join(DATA, 'multimodal_rows.jsonl');
const REAL_SAMPLE = sharedSample('mind2web/mind2web_example.json');
const VIEWPORT = { width: 1280, height: 1080 };

interface Fixture {
  annotation_id: string;
  action_reprs: string[];
  actions: { action_uid: string; raw_html: string; pos_candidates: unknown[] }[];
}
const fixture = JSON.parse(readFileSync(SHARD, 'utf8')) as Fixture[];
const tock = fixture[0]!;

async function decode(file: string, root = DATA): Promise<Decoded> {
  return mind2web.decodeFile(file, { datasetRoot: root });
}

const buckeye = (uid: string) => [
  { kind: 'css', css: `[data_pw_testid_buckeye="${uid}"]` },
  { kind: 'css', css: `[data-pw-testid-buckeye="${uid}"]` },
];

test.describe('Mind2Web tasks', () => {
  test('a shard decodes into one episode per task, every operation mapped', async () => {
    const out = await decode(SHARD);
    expect(out.problems).toEqual([]);
    expect(out.rejected).toEqual([]);
    expect(out.recordsRead).toBe(3);
    expect(out.episodes.map((e) => [e.id, e.format, e.instruction])).toEqual([
      [
        '3f7e1b2a-6c4d-4e8f-9a0b-1c2d3e4f5a6b',
        'mind2web',
        'Check for pickup restaurant available in Boston, NY on March 18, 5pm with just one guest',
      ],
      ['c0eeead1-f8ea-4819-a6da-ef0108b40c89', 'mind2web', 'Sign up for the Enterprise commuter newsletter as Allan'],
      ['7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e', 'mind2web', 'Look for deals on flights from Boston to New York'],
    ]);
    const [ep] = out.episodes;
    expect(ep!.source).toEqual({ file: SHARD, line: 2, record: '[0]' });
    expect(ep!.meta).toStrictEqual({
      website: 'exploretock',
      domain: 'Travel',
      subdomain: 'Restaurant',
      steps: tock.actions.map((a) => ({ action_uid: a.action_uid })),
    });
    // SELECT: the real Llama2D/Mind2Web positive candidate (select #reservations-city-search-type).
    expect(ep!.steps[0]).toStrictEqual({
      index: 0,
      page: 'page',
      action: {
        type: 'select',
        target: {
          locate: [
            ...buckeye('961c3a5e-f8ce-4c71-a917-aa546dcea7fb'),
            { kind: 'backendNodeId', backendNodeId: '136' },
            { kind: 'fingerprint', tag: 'select', id: 'reservations-city-search-type', name: 'type', text: 'Dine in Pickup Delivery' },
            { kind: 'box', box: { x: 110, y: 607.390625, width: 264, height: 78 }, viewport: VIEWPORT },
          ],
          description: 'combobox "Reservation type"',
        },
        options: ['Pickup'],
        by: 'label',
      },
      expect: [],
      before: { html: tock.actions[0]!.raw_html, htmlForm: 'dom-xml', viewport: VIEWPORT },
      note: '[combobox]  Reservation type -> SELECT: Pickup',
      source: { file: SHARD, line: 2, record: '[0].actions[0]' },
    });
    const uid = (i: number) => tock.actions[i]!.action_uid;
    const actions = ep!.steps.map((s) => s.action);
    // TYPE → fill with the value.
    expect(actions[1]).toStrictEqual({
      type: 'fill',
      target: {
        locate: [
          ...buckeye(uid(1)),
          { kind: 'backendNodeId', backendNodeId: '152' },
          { kind: 'fingerprint', tag: 'input', role: 'combobox', ariaLabel: 'City', placeholder: 'Search for a city' },
          { kind: 'box', box: { x: 396, y: 620, width: 380, height: 52 }, viewport: VIEWPORT },
        ],
        description: 'combobox "Search for a city"',
      },
      text: 'Boston',
    });
    // CLICK on a span inside its clickable button: the marked node first, then the top-level target.
    expect(actions[2]).toStrictEqual({
      type: 'click',
      target: {
        locate: [
          ...buckeye(uid(2)),
          { kind: 'backendNodeId', backendNodeId: '161' },
          { kind: 'backendNodeId', backendNodeId: '160' },
          { kind: 'fingerprint', tag: 'span' },
          { kind: 'box', box: { x: 850, y: 630, width: 60, height: 30 }, viewport: VIEWPORT },
        ],
        description: 'span',
      },
      button: 'left',
      modifiers: [],
      clickCount: 1,
    });
    // original_op HOVER (op CLICK) → hover; ENTER (op CLICK) → press Enter on the element.
    expect(actions[3]).toMatchObject({ type: 'hover', target: { description: 'link "Restaurants"' } });
    expect(actions[3]!.type === 'hover' && actions[3]!.target.locate[3]).toStrictEqual({
      kind: 'fingerprint',
      tag: 'a',
      role: 'link',
      text: 'Restaurants',
    });
    expect(actions[4]).toStrictEqual({
      type: 'press',
      target: {
        locate: [
          ...buckeye(uid(4)),
          { kind: 'backendNodeId', backendNodeId: '170' },
          { kind: 'fingerprint', tag: 'input', name: 'q', placeholder: 'Search restaurants' },
          { kind: 'box', box: { x: 500, y: 100, width: 300, height: 40 }, viewport: VIEWPORT },
        ],
        description: 'searchbox "Search restaurants"',
      },
      key: 'Enter',
      modifiers: [],
    });
    expect(ep!.steps.map((s) => s.note)).toEqual(tock.action_reprs);
  });

  test('empty pos_candidates: the target is still the marked node of raw_html, but no node id counts as positive', async () => {
    const out = await decode(SHARD);
    const enterprise = out.episodes[1]!;
    expect(enterprise.steps.map((s) => s.action.type)).toEqual(['click', 'fill', 'click']);
    const first = enterprise.steps[0]!.action;
    expect(first.type === 'click' && first.target).toStrictEqual({
      locate: [
        ...buckeye('c1d2e3f4-0a1b-4c2d-8e3f-4a5b6c7d8e9f'),
        { kind: 'fingerprint', tag: 'a' },
        { kind: 'box', box: { x: 20, y: 20, width: 40, height: 40 }, viewport: VIEWPORT },
      ],
      description: 'a',
    });
    // Later snapshots keep earlier targets' markers: each step finds its own.
    const submit = enterprise.steps[2]!.action;
    expect(submit.type === 'click' && submit.target.locate.filter((l) => l.kind !== 'css')).toStrictEqual([
      { kind: 'backendNodeId', backendNodeId: '320' },
      { kind: 'backendNodeId', backendNodeId: '321' },
      { kind: 'fingerprint', tag: 'button', text: 'Submit' },
      { kind: 'box', box: { x: 120, y: 500, width: 120, height: 44 }, viewport: VIEWPORT },
    ]);
    const fill = enterprise.steps[1]!.action;
    expect(fill).toMatchObject({ type: 'fill', text: 'Allan', target: { description: 'textbox "First Name (required)"' } });
  });

  test('" -> " inside the element name and inside the typed value', async () => {
    const united = (await decode(SHARD)).episodes[2]!;
    const [deals, route] = united.steps.map((s) => s.action);
    expect(deals).toMatchObject({ type: 'click', target: { description: 'link "Flights -> Deals"' } });
    expect(deals!.type === 'click' && deals!.target.locate[3]).toStrictEqual({
      kind: 'fingerprint',
      tag: 'a',
      id: 'deals-link',
      text: 'Flights -> Deals',
    });
    expect(route).toMatchObject({ type: 'fill', text: 'BOS -> NYC', target: { description: 'textbox "Route"' } });
  });

  test('the fixture carries the real Mind2Web positive candidate byte for byte', () => {
    test.skip(!existsSync(REAL_SAMPLE), 'shared sample not present');
    const real = JSON.parse(readFileSync(REAL_SAMPLE, 'utf8')) as { pos_candidates: unknown[] };
    expect(tock.actions[0]!.pos_candidates).toStrictEqual(real.pos_candidates);
  });
});

test.describe('action_reprs', () => {
  test('role, name, op and value', () => {
    expect(parseActionRepr('[combobox]  Reservation type -> SELECT: Pickup')).toStrictEqual({
      role: 'combobox',
      name: 'Reservation type',
      op: 'SELECT',
      value: 'Pickup',
    });
    expect(parseActionRepr('[combobox]  Enter your departing city, airport name, or airpor... -> TYPE: SPRINGFIELD')).toStrictEqual({
      role: 'combobox',
      name: 'Enter your departing city, airport name, or airpor...',
      op: 'TYPE',
      value: 'SPRINGFIELD',
    });
    expect(parseActionRepr('[button]  Submit -> CLICK')).toStrictEqual({ role: 'button', name: 'Submit', op: 'CLICK' });
    expect(parseActionRepr('[link]  Restaurants -> HOVER')).toStrictEqual({ role: 'link', name: 'Restaurants', op: 'HOVER' });
    expect(parseActionRepr('[searchbox]  Search -> ENTER')).toStrictEqual({ role: 'searchbox', name: 'Search', op: 'ENTER' });
  });

  test('an empty name (three spaces) and an empty typed value', () => {
    expect(parseActionRepr('[span]   -> CLICK')).toStrictEqual({ role: 'span', name: '', op: 'CLICK' });
    expect(parseActionRepr('[svg]   -> CLICK')).toStrictEqual({ role: 'svg', name: '', op: 'CLICK' });
    expect(parseActionRepr('[textbox]  Notes -> TYPE: ')).toStrictEqual({ role: 'textbox', name: 'Notes', op: 'TYPE', value: '' });
  });

  test('the last " -> " splits; the operation decides when the value has one too', () => {
    expect(parseActionRepr('[link]  Flights -> Deals -> CLICK')).toStrictEqual({ role: 'link', name: 'Flights -> Deals', op: 'CLICK' });
    // Without a hint the rightmost split that parses wins; "NYC" is no op, so it is the one before.
    expect(parseActionRepr('[textbox]  Route -> TYPE: BOS -> NYC')).toStrictEqual({
      role: 'textbox',
      name: 'Route',
      op: 'TYPE',
      value: 'BOS -> NYC',
    });
    const tricky = '[textbox]  Note -> TYPE: see -> CLICK';
    expect(parseActionRepr(tricky)).toStrictEqual({ role: 'textbox', name: 'Note -> TYPE: see', op: 'CLICK' });
    expect(parseActionRepr(tricky, { op: 'TYPE', value: 'see -> CLICK' })).toStrictEqual({
      role: 'textbox',
      name: 'Note',
      op: 'TYPE',
      value: 'see -> CLICK',
    });
  });

  test('not a repr', () => {
    expect(parseActionRepr('click the button')).toBeUndefined();
    expect(parseActionRepr('[a]  x -> DRAG')).toBeUndefined();
    expect(parseActionRepr('a]  x -> CLICK')).toBeUndefined();
  });
});

/** A small valid task; `more` overrides fields. */
function task(id: string, more: Record<string, unknown> = {}, action: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    annotation_id: id,
    website: 'united',
    domain: 'Travel',
    subdomain: 'Airlines',
    confirmed_task: `task ${id}`,
    action_reprs: ['[button]  Search -> CLICK'],
    actions: [
      {
        action_uid: `uid-${id}`,
        raw_html: `<html backend_node_id="1" bounding_box_rect="0,0,1280,900"><button backend_node_id="7" bounding_box_rect="10,20,30,40" data_pw_testid_buckeye="uid-${id}"><text backend_node_id="8" bounding_box_rect="10,20,30,40">Search</text></button></html>`,
        cleaned_html: '<html backend_node_id="1"><button backend_node_id="7"><text backend_node_id="8">Search</text></button></html>',
        operation: { op: 'CLICK', original_op: 'CLICK', value: '' },
        pos_candidates: [
          {
            tag: 'button',
            backend_node_id: '7',
            attributes: '{"backend_node_id": "7", "bounding_box_rect": "10,20,30,40", "data_pw_testid_buckeye_candidate": "1"}',
            is_original_target: true,
            is_top_level_target: true,
          },
        ],
        neg_candidates: [],
        ...action,
      },
    ],
    ...more,
  };
}

test.describe('streamed shards', () => {
  test('a bad element rejects only its task, named by file, record and field', async () => {
    const badOp = task('C', {}, { operation: { op: 'DRAG', original_op: 'DRAG', value: '' } });
    const badCandidate = task('E', {}, { pos_candidates: ['{"tag": "button", "backend_node_id": "7", "attributes": "{not json"}'] });
    const text = [
      '[',
      `${JSON.stringify(task('A'))},`,
      // Not JSON (NaN), but its brackets balance: only this record is lost, and it is still charged to B.
      `${JSON.stringify(task('B')).replace('"value":""', '"value":NaN')},`,
      `${JSON.stringify(badOp)},`,
      `${JSON.stringify({ ...task('D'), confirmed_task: 42 })},`,
      `${JSON.stringify(badCandidate)},`,
      `${JSON.stringify(task('F'))}`,
      ']',
    ].join('\n');
    const root = makeDataset({ 'train_0.json': text });
    const file = join(root, 'train_0.json');
    const out = await decode(file, root);
    expect(out.recordsRead).toBe(6);
    expect(out.episodes.map((e) => e.id)).toEqual(['A', 'F']);
    expect(out.episodes[1]!.source).toEqual({ file, line: 7, record: '[5]' });
    expect(out.rejected.map((r) => [r.id, r.format, r.source])).toEqual([
      ['B', 'mind2web', { file, line: 3, record: '[1]' }],
      ['C', 'mind2web', { file, line: 4, record: '[2]' }],
      ['D', 'mind2web', { file, line: 5, record: '[3]' }],
      ['E', 'mind2web', { file, line: 6, record: '[4]' }],
    ]);
    expect(out.problems.map((p) => [p.line, p.record, p.field, p.episode, p.severity])).toEqual([
      [3, '[1]', undefined, 'B', 'error'],
      [4, '[2].actions[0]', 'operation.op', 'C', 'error'],
      [4, '[2].actions[0]', 'operation.original_op', 'C', 'error'],
      [5, '[3]', 'confirmed_task', 'D', 'error'],
      [6, '[4].actions[0]', 'pos_candidates[0].attributes', 'E', 'error'],
    ]);
    expect(out.problems.every((p) => p.file === file)).toBe(true);
    expect(out.problems[0]!.message).toMatch(/^invalid JSON: Unexpected token 'N'/);
    expect(out.problems[1]!.message).toBe('"DRAG" is not one of "CLICK", "TYPE", "SELECT"');
    expect(out.problems[2]!.message).toBe('"DRAG" is not one of "CLICK", "TYPE", "SELECT", "HOVER", "ENTER"');
    expect(out.problems[3]!.message).toBe('Invalid input: expected string, received number');
    expect(out.problems[4]!.message).toMatch(/^not valid JSON text of an attribute object: /);
    expect(out.rejected[1]!.problems).toEqual([out.problems[1], out.problems[2]]);
  });

  test('a broken array: missing comma, trailing comma, truncation — every whole record still decodes', async () => {
    const root = makeDataset({
      'a.json': `[${JSON.stringify(task('A'))}\n${JSON.stringify(task('B'))},\n]`,
      'b.json': `[${JSON.stringify(task('A'))},\n${JSON.stringify(task('B')).slice(0, 200)}`,
      'c.json': '',
      'd.json': `${JSON.stringify(task('solo'))}\n`,
    });
    const a = await decode(join(root, 'a.json'), root);
    expect(a.episodes.map((e) => e.id)).toEqual(['A', 'B']);
    expect(a.problems).toEqual([
      { file: join(root, 'a.json'), line: 2, message: 'missing "," between records [0] and [1]', severity: 'error' },
      { file: join(root, 'a.json'), line: 2, message: 'a "," after the last record [1] (not JSON)', severity: 'error' },
    ]);
    const b = await decode(join(root, 'b.json'), root);
    expect(b.episodes.map((e) => e.id)).toEqual(['A']);
    expect(b.rejected.map((r) => [r.id, r.source.record])).toEqual([['B', '[1]']]);
    expect(b.problems.map((p) => [p.line, p.record, p.episode, p.message])).toEqual([
      [2, '[1]', 'B', 'the file ends inside this record (in a string): truncated?'],
      [2, undefined, undefined, 'the top-level array is not closed with "]": truncated?'],
    ]);
    const c = await decode(join(root, 'c.json'), root);
    expect(c).toEqual({
      episodes: [],
      rejected: [],
      recordsRead: 0,
      problems: [{ file: join(root, 'c.json'), message: 'the file is empty: expected a JSON array or object', severity: 'error' }],
    });
    // One task on its own (not in an array): record paths start at the task.
    const d = await decode(join(root, 'd.json'), root);
    expect(d.problems).toEqual([]);
    expect(d.episodes[0]!.source).toEqual({ file: join(root, 'd.json'), line: 1 });
    expect(d.episodes[0]!.steps[0]!.source).toEqual({ file: join(root, 'd.json'), line: 1, record: 'actions[0]' });
  });

  test('record boundaries survive any chunking: escapes, quotes and brackets split across reads', async () => {
    const values = [
      { s: 'a\\"b\\\\', t: '}]["\\', u: '\u00e9\u20ac\ud83d\ude00' },
      'just a string with \\" and ]',
      [1, [2, { x: '}' }]],
      12.5e3,
      true,
      null,
      { nested: { deeper: [{ q: '"' }, '\\\\\\"'] } },
    ];
    const text = `\uFEFF [ ${values.map((v) => JSON.stringify(v)).join(' ,\n\t')} ] \n`;
    const root = makeDataset({ 'x.json': text });
    for (const chunkBytes of [1, 2, 3, 5, 7, 64, 1 << 16]) {
      const got: JsonRecord[] = [];
      for await (const r of readJsonRecords(join(root, 'x.json'), { chunkBytes })) got.push(r);
      expect(
        got.map((r) => (r.kind === 'value' ? [r.record, r.line, r.value] : r)),
        `chunkBytes ${chunkBytes}`,
      ).toEqual(values.map((v, i) => [`[${i}]`, i === 0 ? 1 : i + 1, v]));
    }
  });

  test('a record longer than the limit is skipped with a problem; the next one decodes', async () => {
    const big = task('BIG', {}, { cleaned_html: 'x'.repeat(5000) });
    const root = makeDataset({ 'train_1.json': `[${JSON.stringify(big)},${JSON.stringify(task('small'))}]` });
    const file = join(root, 'train_1.json');
    const out = await mind2web.decodeFile(file, { datasetRoot: root, stream: { maxRecordBytes: 4096, chunkBytes: 1000 } } as Parameters<
      typeof mind2web.decodeFile
    >[1]);
    expect(out.episodes.map((e) => e.id)).toEqual(['small']);
    expect(out.rejected.map((r) => r.id)).toEqual(['train_1.json[0]']);
    expect(out.problems).toEqual([
      {
        file,
        line: 1,
        record: '[0]',
        episode: 'train_1.json[0]',
        severity: 'error',
        message: `this record is ${JSON.stringify(big).length} bytes, more than the 4096 one record may have (the longest string V8 can parse); skipped`,
      },
    ]);
  });

  test('a shard of many megabytes decodes with memory bounded by one record', async () => {
    // Mind2Web shards are up to 0.65 GB: the decoder must never hold the file as one string.
    // This 48 MB shard is mostly cleaned_html and negative candidates, which the decoder does
    // not keep, so what stays alive at any moment is the episodes so far plus one record.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const file = test.info().outputPath('train_big.json');
    const negatives = Array.from({ length: 300 }, (_, k) =>
      JSON.stringify({
        tag: 'div',
        backend_node_id: String(1000 + k),
        attributes: JSON.stringify({ backend_node_id: String(1000 + k), bounding_box_rect: `0,${k},10,10`, class: 'filler '.repeat(40) }),
      }),
    );
    const out = createWriteStream(file);
    const tasks = 48;
    out.write('[\n');
    for (let t = 0; t < tasks; t++) {
      const record = task(
        `big-${t}`,
        {},
        {
          cleaned_html: `<html backend_node_id="1">${'<div backend_node_id="2"><text backend_node_id="3">filler text</text></div>'.repeat(11000)}</html>`,
          neg_candidates: negatives.map((n) => JSON.parse(n) as unknown),
        },
      );
      out.write(`${t ? ',\n' : ''}${JSON.stringify(record)}`);
    }
    out.write('\n]\n');
    await new Promise<void>((done) => out.end(done));
    const size = out.bytesWritten;
    expect(size).toBeGreaterThan(40 * 1024 * 1024);

    const live = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    // Buffers are freed a tick after the collection that finds them dead: settle before measuring.
    for (let k = 0; k < 3; k++) {
      gc();
      await new Promise((tick) => setImmediate(tick));
    }
    const base = live();
    let peak = 0;
    let sampling = true;
    let samples = 0;
    const sample = () => {
      if (!sampling) return;
      gc();
      peak = Math.max(peak, live() - base);
      samples++;
      setImmediate(sample);
    };
    setImmediate(sample);
    const decoded = await mind2web.decodeFile(file, { datasetRoot: test.info().outputPath() });
    sampling = false;
    expect(decoded.problems).toEqual([]);
    expect(decoded.episodes.map((e) => e.id)).toEqual(Array.from({ length: tasks }, (_, t) => `big-${t}`));
    expect(decoded.episodes[47]!.source).toEqual({ file, line: 49, record: '[47]' });
    // One record is ~1 MB; reading the file whole would take > 2 × 48 MB (bytes, then the string).
    expect(samples).toBeGreaterThan(10); // memory was looked at while the file streamed by
    expect(peak).toBeLessThan(size / 4);
  });
});

test.describe('Multimodal-Mind2Web rows', () => {
  test('rows (operation and candidates as JSON text) are grouped by task and ordered by target_action_index', async () => {
    const out = await decode(ROWS);
    expect(out.recordsRead).toBe(3);
    expect(out.rejected).toEqual([]);
    expect(out.episodes.map((e) => [e.id, e.steps.map((s) => [s.recordedStep, s.action.type, s.source.line])])).toEqual([
      [
        '3f7e1b2a-6c4d-4e8f-9a0b-1c2d3e4f5a6b',
        [
          [0, 'select', 3],
          [1, 'fill', 1],
        ],
      ],
      ['c0eeead1-f8ea-4819-a6da-ef0108b40c89', [[0, 'click', 2]]],
    ]);
    const [tockRows, enterpriseRows] = out.episodes;
    expect(tockRows!.source).toEqual({ file: ROWS, line: 1 });
    expect(tockRows!.instruction).toBe('Check for pickup restaurant available in Boston, NY on March 18, 5pm with just one guest');
    // The same action as in the task shard: same target, plus the row's screenshot.
    const shard = (await decode(SHARD)).episodes[0]!;
    expect(tockRows!.steps[0]!.action).toStrictEqual(shard.steps[0]!.action);
    expect(tockRows!.steps[1]!.action).toStrictEqual(shard.steps[1]!.action);
    expect(tockRows!.steps[1]!.note).toBe('[combobox]  Search for a city -> TYPE: Boston');
    expect(tockRows!.steps.map((s: Step) => s.before?.screenshot)).toEqual([undefined, join(DATA, 'screenshots/tock-1.png')]);
    expect(tockRows!.steps[0]!.before?.html?.startsWith('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN"')).toBe(true);
    expect(enterpriseRows!.steps[0]!.before?.screenshot).toBe(join(DATA, 'screenshots/ent-0.png'));
    expect(tockRows!.meta).toStrictEqual({
      website: 'exploretock',
      domain: 'Travel',
      subdomain: 'Restaurant',
      steps: [{ action_uid: tock.actions[0]!.action_uid }, { action_uid: tock.actions[1]!.action_uid }],
    });
    // The sample holds only some actions of each task: said, not hidden.
    expect(out.problems).toEqual([
      {
        file: ROWS,
        line: 1,
        episode: tockRows!.id,
        severity: 'warning',
        message: 'no row for actions 2, 3, 4 of 5 (action_reprs): the replay skips them',
      },
      {
        file: ROWS,
        line: 2,
        episode: enterpriseRows!.id,
        severity: 'warning',
        message: 'no row for actions 1, 2 of 3 (action_reprs): the replay skips them',
      },
    ]);
  });

  test('a duplicate position, a screenshot outside the root and a broken row reject their task only', async () => {
    const lines = readFileSync(ROWS, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const [tock1, ent0, tock0] = lines;
    const root = makeDataset({
      'rows.jsonl': [
        JSON.stringify({ ...tock1, screenshot: null }),
        JSON.stringify({ ...tock0, screenshot: null }),
        JSON.stringify({ ...tock0, screenshot: null, action_uid: 'other' }),
        JSON.stringify({ ...ent0, screenshot: '../../outside.png' }),
        `{"annotation_id": "broken-task", "action_uid": "x", "operation": "{\\"op\\": \\"CLICK\\"}", "target_action_index": "0",`,
        JSON.stringify({ ...ent0, annotation_id: 'fine', screenshot: null, action_reprs: ['[a]   -> CLICK'] }),
      ].join('\n'),
    });
    const file = join(root, 'rows.jsonl');
    const out = await decode(file, root);
    expect(out.recordsRead).toBe(6);
    expect(out.episodes.map((e) => e.id)).toEqual(['fine']);
    expect(out.rejected.map((r) => r.id)).toEqual([
      '3f7e1b2a-6c4d-4e8f-9a0b-1c2d3e4f5a6b',
      'c0eeead1-f8ea-4819-a6da-ef0108b40c89',
      'broken-task',
    ]);
    const errors = out.problems.filter((p) => p.severity === 'error').map((p) => [p.line, p.field, p.episode]);
    expect(errors).toEqual([
      [3, 'target_action_index', '3f7e1b2a-6c4d-4e8f-9a0b-1c2d3e4f5a6b'],
      [4, 'screenshot', 'c0eeead1-f8ea-4819-a6da-ef0108b40c89'],
      [5, undefined, 'broken-task'],
    ]);
    expect(out.problems.find((p) => p.line === 3 && p.severity === 'error')!.message).toBe(
      'action 0 of task "3f7e1b2a-6c4d-4e8f-9a0b-1c2d3e4f5a6b" appears twice: line 2 and line 3',
    );
    expect(out.problems.find((p) => p.line === 4)!.message).toMatch(
      /^refused: "\.\.\/\.\.\/outside\.png" resolves to .*, outside the dataset root /,
    );
  });
});

test.describe('Mind2Web decoding details', () => {
  test('warnings: no marker in raw_html, no positives, op and repr disagreeing, a box that is not one', async () => {
    const noMarker = task(
      'M',
      {},
      { raw_html: '<html backend_node_id="1"><button backend_node_id="7" bounding_box_rect="10,20,30,40"/></html>' },
    );
    const nothing = task(
      'N',
      { action_reprs: ['[button]  Search -> TYPE: x'] },
      { raw_html: '<html/>', pos_candidates: [], operation: { op: 'TYPE', original_op: 'CLICK', value: '' } },
    );
    const badBox = task(
      'R',
      {},
      {
        pos_candidates: [{ tag: 'button', backend_node_id: 7, attributes: { backend_node_id: '7', bounding_box_rect: '10,20,wide' } }],
        raw_html: '',
      },
    );
    const root = makeDataset({ 'test_task_0.json': JSON.stringify([noMarker, nothing, badBox]) });
    const file = join(root, 'test_task_0.json');
    const out = await decode(file, root);
    expect(out.rejected).toEqual([]);
    expect(out.problems.map((p) => [p.record, p.field, p.episode, p.message])).toEqual([
      [
        '[0].actions[0]',
        'raw_html',
        'M',
        'no element carries data_pw_testid_buckeye="uid-M": the target is known from its candidates only',
      ],
      ['[1].actions[0]', 'operation.op', 'N', 'TYPE does not go with original_op CLICK (expected CLICK); the step follows original_op'],
      [
        '[1].actions[0]',
        'raw_html',
        'N',
        'no element carries data_pw_testid_buckeye="uid-N": the target is known from its candidates only',
      ],
      [
        '[1].actions[0]',
        'pos_candidates',
        'N',
        "empty, and the recorded HTML has no marked target: Mind2Web filtered out this step's ground truth, so no recorded element can be checked",
      ],
      ['[1]', 'action_reprs[0]', 'N', 'says TYPE but the operation is CLICK; the step follows the operation'],
      ['[2].actions[0]', 'raw_html', 'R', 'missing or empty: the step has no recorded HTML'],
      ['[2].actions[0]', 'pos_candidates', 'R', 'bounding_box_rect "10,20,wide" is not "x,y,width,height"; the box is dropped'],
    ]);
    const [m, n, r] = out.episodes.map((e) => e.steps[0]!.action);
    expect(m!.type === 'click' && m!.target.locate).toStrictEqual([
      { kind: 'css', css: '[data-pw-testid-buckeye="uid-M"]' },
      { kind: 'backendNodeId', backendNodeId: '7' },
      { kind: 'fingerprint', tag: 'button' },
      { kind: 'box', box: { x: 10, y: 20, width: 30, height: 40 }, viewport: VIEWPORT },
    ]);
    expect(n!.type === 'click' && n!.target).toStrictEqual({
      locate: [{ kind: 'css', css: '[data-pw-testid-buckeye="uid-N"]' }],
      description: 'button "Search"',
    });
    expect(r!.type === 'click' && r!.target.locate.map((l) => l.kind)).toEqual(['css', 'backendNodeId', 'fingerprint']);
    expect(out.episodes[2]!.steps[0]!.before).toStrictEqual({ viewport: VIEWPORT });
  });

  test('an MT-Mind2Web conversation or a foreign object in a Mind2Web file is refused, not guessed', async () => {
    const root = makeDataset({ 'train_2.json': JSON.stringify([{ task_id: 'conv', turns: [] }, { hello: 'world' }, 7, task('ok')]) });
    const file = join(root, 'train_2.json');
    const out = await decode(file, root);
    expect(out.episodes.map((e) => e.id)).toEqual(['ok']);
    expect(out.rejected.map((r) => r.id)).toEqual(['conv', 'train_2.json[1]', 'train_2.json[2]']);
    expect(out.problems.map((p) => p.message)).toEqual([
      'an MT-Mind2Web conversation (it has turns): decode this file with --format mt-mind2web',
      'neither a Mind2Web task (no "actions") nor a Multimodal-Mind2Web row (no "action_uid")',
      'expected a task or row object, got number',
    ]);
  });

  test('an operation without op says it is missing, not that "undefined" is an invalid option', async () => {
    const root = makeDataset({ 'train_4.json': JSON.stringify([task('noop', {}, { operation: { original_op: 'HOVER', value: '' } })]) });
    const out = await decode(join(root, 'train_4.json'), root);
    expect(out.problems.map((p) => [p.record, p.field, p.severity, p.message])).toEqual([
      ['[0].actions[0]', 'operation.op', 'error', 'missing (expected one of "CLICK", "TYPE", "SELECT")'],
    ]);
  });

  test('two tasks with one annotation_id: the second is refused, under an id of its own', async () => {
    const root = makeDataset({ 'train_3.json': JSON.stringify([task('same'), task('same')]) });
    const out = await decode(join(root, 'train_3.json'), root);
    expect(out.episodes.map((e) => e.id)).toEqual(['same']);
    // Not 'same': its error line would replace the real task's result wherever the last line per id wins (merge, --resume).
    expect(out.rejected.map((r) => [r.id, r.source.record])).toEqual([['same (duplicate: train_3.json:1:[1])', '[1]']]);
    expect(out.problems.map((p) => [p.record, p.field, p.message])).toEqual([
      ['[1]', 'annotation_id', '"same" is also the id of record [0]'],
    ]);
  });

  test('a file that cannot be read is a problem, not a crash', async () => {
    const root = makeDataset({ 'x/keep.txt': '' });
    const out = await decode(join(root, 'missing.json'), root);
    expect(out).toEqual({
      episodes: [],
      rejected: [],
      recordsRead: 0,
      problems: [{ file: join(root, 'missing.json'), severity: 'error', message: expect.stringMatching(/^cannot read the file: ENOENT/) }],
    });
  });
});
