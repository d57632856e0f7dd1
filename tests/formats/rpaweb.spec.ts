import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { rpaweb } from '../../src/formats/rpaweb.js';
import type { Decoded } from '../../src/formats/format.js';
import { code, jsonl, makeDataset, row } from './helpers.js';

const DATA = resolve('tests/formats/data');
const PNG = join(DATA, 'blank.png');

async function decode(root: string, name = 'rows.jsonl'): Promise<Decoded> {
  return rpaweb.decodeFile(join(root, name), { datasetRoot: root });
}

const submitAction = {
  type: 'click',
  target: {
    locate: [
      { kind: 'selector', selector: 'internal:role=button[name="Submit"i]' },
      { kind: 'role', role: 'button', name: 'Submit', exact: false },
    ],
    description: 'button "Submit"',
  },
  button: 'left',
  modifiers: [],
  clickCount: 1,
};

test.describe('rpaweb rows', () => {
  test('interleaved rows are grouped by id and ordered by step', async () => {
    const root = makeDataset({
      'rows.jsonl': jsonl(
        row('A', 2, code.submit, { input: 'press submit' }),
        row('B', 1, code.navigate('https://b.example/')),
        row('A', 1, code.navigate('https://a.example/')),
        row('B', 2, code.fill('a@b.c')),
        row('A', 3, code.closePage, { outputs: 'receipt.pdf' }),
      ),
    });
    const file = join(root, 'rows.jsonl');
    const out = await decode(root);
    expect(out.problems).toEqual([]);
    expect(out.rejected).toEqual([]);
    expect(out.recordsRead).toBe(5);
    expect(out.episodes.map((e) => e.id)).toEqual(['A', 'B']);
    expect(out.episodes[0]).toStrictEqual({
      id: 'A',
      format: 'rpaweb',
      instruction: 'intent A',
      steps: [
        {
          index: 0,
          recordedStep: 1,
          page: 'page',
          action: { type: 'navigate', url: 'https://a.example/' },
          expect: [],
          before: { html: '<html>A:1</html>' },
          source: { file, line: 3 },
        },
        {
          index: 1,
          recordedStep: 2,
          page: 'page',
          action: submitAction,
          expect: [{ kind: 'download', alias: '2' }],
          before: { html: '<html>A:2</html>' },
          note: 'press submit',
          source: { file, line: 1 },
        },
        {
          index: 2,
          recordedStep: 3,
          page: 'page',
          action: { type: 'closePage' },
          expect: [],
          before: { html: '<html>A:3</html>' },
          source: { file, line: 5 },
        },
      ],
      meta: {
        language: 'ca',
        requirements: '',
        outputs: '',
        anonymized_data: false,
        steps: [{ input: '' }, { input: 'press submit' }, { input: '', outputs: 'receipt.pdf' }],
      },
      source: { file, line: 1 },
    });
    expect(out.episodes[1]!.source).toEqual({ file, line: 2 });
    expect(out.episodes[1]!.steps.map((s) => [s.recordedStep, s.action.type, s.source.line])).toEqual([
      [1, 'navigate', 2],
      [2, 'fill', 4],
    ]);
  });

  test('json_data and browserCode as JSON text, numeric id, step as text', async () => {
    const jsonData = JSON.stringify({ browserCode: JSON.stringify(code.submit), extra: 'kept' });
    const root = makeDataset({
      'rows.jsonl': jsonl(row(7, '10', code.closePage), row(7, '9', null, { json_data: jsonData })),
    });
    const out = await decode(root);
    expect(out.problems).toEqual([]);
    const [ep] = out.episodes;
    expect(ep!.id).toBe('7');
    expect(ep!.steps.map((s) => s.recordedStep)).toEqual(['9', '10']);
    expect(ep!.steps[0]!.action).toStrictEqual(submitAction);
    expect(ep!.steps[0]!.expect).toStrictEqual([{ kind: 'download', alias: '2' }]);
    expect((ep!.meta.steps as object[])[0]).toStrictEqual({ input: '', json_data: { extra: 'kept' } });
  });

  test('user_feedback steps need input: param from `input` when it is a name, else step<N>', async () => {
    const root = makeDataset({
      'rows.jsonl': jsonl(
        row('F', 1, code.fill('***'), {
          input: 'password',
          requirements: 'Your password',
          json_data: { browserCode: code.fill('***'), subintent: 'user_feedback' },
        }),
        row('F', 2, code.fill('123'), { input: 'the SMS code', json_data: { browserCode: code.fill('123'), subintent: 'user_feedback' } }),
        row('F', 3, code.fill('x'), { input: 'user.name-2', subintent: 'user_feedback' }),
        row('F', 4, code.submit, { json_data: { browserCode: code.submit, subintent: 'click_submit' } }),
      ),
    });
    const out = await decode(root);
    expect(out.problems).toEqual([]);
    const steps = out.episodes[0]!.steps;
    expect(steps.map((s) => s.needsInput)).toStrictEqual([
      { param: 'password', prompt: 'Your password' },
      { param: 'step2', prompt: 'intent F' },
      { param: 'user.name-2', prompt: 'intent F' },
      undefined,
    ]);
    expect(steps.map((s) => s.note)).toEqual(['password', 'the SMS code', 'user.name-2', undefined]);
    expect((out.episodes[0]!.meta.steps as { subintent?: string }[]).map((s) => s.subintent)).toEqual([
      'user_feedback',
      'user_feedback',
      'user_feedback',
      'click_submit',
    ]);
  });

  test('screenshots resolve against the JSONL folder and stay inside the dataset root', async () => {
    const root = makeDataset({
      'png/a1.png': readFileSync(PNG),
      'png/link.png': { symlink: 'a1.png' },
      'sub/rows.jsonl': jsonl(
        row('A', 1, code.openPage, { png_file: '../png/a1.png' }),
        row('A', 2, code.openPage, { png_file: '../png/link.png' }),
        row('A', 3, code.openPage, { png_file: join('..', 'png', '..', 'png', 'a1.png') }),
      ),
    });
    const out = await decode(root, 'sub/rows.jsonl');
    expect(out.problems).toEqual([]);
    expect(out.episodes[0]!.steps.map((s) => s.before?.screenshot)).toEqual([
      join(root, 'png/a1.png'),
      join(root, 'png/a1.png'),
      join(root, 'png/a1.png'),
    ]);
  });

  test('bad rows are problems with file, line and field; good episodes in the same file still decode', async () => {
    const root = makeDataset({
      'png/g1.png': readFileSync(PNG),
      'png/gone.png': { symlink: '/nonexistent-outside/x.png' },
      'png/evil.png': { symlink: '/etc/passwd' },
      'rows.jsonl': jsonl(
        /* 1 */ row('G', 1, code.navigate('https://g.example/'), { png_file: 'png/g1.png' }),
        /* 2 */ '{"id": "X", "step": 1, "json_data": {',
        /* 3 */ 'not json at all',
        /* 4 */ row('U', 1, { name: 'teleport', selector: '#a' }),
        /* 5 */ row('M', 1, { name: 'click', signals: [], button: 'left', modifiers: 0, clickCount: 1, pageAlias: 'page' }),
        /* 6 */ row('W', 1, { name: 'fill', selector: '#a', signals: [], text: 5, pageAlias: 'page' }),
        /* 7 */ row('G', 2, code.submit, { png_file: 'png/missing.png' }),
        /* 8 */ { step: 1, json_data: { browserCode: code.openPage } },
        /* 9 */ row('P1', 1, code.openPage, { png_file: '../../etc/passwd' }),
        /* 10 */ row('P2', 1, code.openPage, { png_file: '/etc/passwd' }),
        /* 11 */ row('P3', 1, code.openPage, { png_file: 'png/evil.png' }),
        /* 12 */ row('D', 1, code.openPage),
        /* 13 */ row('D', 1, code.closePage),
        /* 14 */ row('S', 'first', code.openPage),
        /* 15 */ row('J', 1, null, { json_data: '{"browserCode": ' }),
        /* 16 */ row('N', 1, { name: 'click', selector: '#a', signals: [{ name: 'teleport' }] }),
        /* 17 */ '',
        /* 18 */ '[1, 2]',
        /* 19 */ row('Q', 1, code.openPage, { png_file: 'png/gone.png' }),
      ),
    });
    const file = join(root, 'rows.jsonl');
    const out = await decode(root);
    expect(out.recordsRead).toBe(18);

    expect(out.episodes.map((e) => e.id)).toEqual(['G']);
    const g = out.episodes[0]!;
    expect(g.steps.map((s) => s.before)).toStrictEqual([
      { html: '<html>G:1</html>', screenshot: join(root, 'png/g1.png') },
      { html: '<html>G:2</html>' },
    ]);

    expect(out.rejected.map((r) => [r.id, r.source.line])).toEqual([
      ['X', 2],
      ['U', 4],
      ['M', 5],
      ['W', 6],
      ['P1', 9],
      ['P2', 10],
      ['P3', 11],
      ['D', 12],
      ['S', 14],
      ['J', 15],
      ['N', 16],
      ['Q', 19],
    ]);
    for (const r of out.rejected) {
      expect(r.format).toBe('rpaweb');
      expect(r.source.file).toBe(file);
      expect(r.problems.length).toBeGreaterThan(0);
      expect(r.problems.every((p) => p.episode === r.id && p.file === file)).toBe(true);
    }

    const brief = out.problems.map((p) => [p.line, p.field, p.episode, p.severity]);
    expect(brief).toEqual([
      [2, undefined, 'X', 'error'],
      [3, undefined, undefined, 'error'],
      [4, 'json_data.browserCode.name', 'U', 'error'],
      [5, 'json_data.browserCode.selector', 'M', 'error'],
      [6, 'json_data.browserCode.text', 'W', 'error'],
      [7, 'png_file', 'G', 'warning'],
      [8, 'id', undefined, 'error'],
      [9, 'png_file', 'P1', 'error'],
      [10, 'png_file', 'P2', 'error'],
      [11, 'png_file', 'P3', 'error'],
      [13, 'step', 'D', 'error'],
      [14, 'step', 'S', 'error'],
      [15, 'json_data', 'J', 'error'],
      [16, 'json_data.browserCode.signals[0].name', 'N', 'error'],
      [18, undefined, undefined, 'error'],
      [19, 'png_file', 'Q', 'error'],
    ]);
    expect(out.problems.every((p) => p.file === file)).toBe(true);
    const at = (line: number) => out.problems.find((p) => p.line === line)!.message;
    expect(at(2)).toMatch(/^invalid JSON: /);
    expect(at(3)).toMatch(/^invalid JSON: Unexpected token/);
    expect(at(4)).toBe('unknown recorder action "teleport"');
    expect(at(5)).toBe('missing (expected string)');
    expect(at(6)).toBe('Invalid input: expected string, received number');
    expect(at(7)).toContain('screenshot dropped');
    expect(at(8)).toBe('missing (expected string or number)');
    expect(at(9)).toContain('outside the dataset root');
    expect(at(10)).toBe(`refused: "/etc/passwd" resolves to /etc/passwd, outside the dataset root ${root}`);
    expect(at(11)).toContain('resolves to /etc/passwd');
    expect(at(13)).toBe('step 1 appears twice in episode "D": lines 12 and 13');
    expect(at(14)).toBe('expected a number');
    expect(at(15)).toMatch(/^not valid JSON text: /);
    expect(at(18)).toBe('expected a JSON object (an rpaweb row)');
    // A dangling symlink is judged by where it points, not reported as merely missing.
    expect(at(19)).toBe(`refused: "png/gone.png" resolves to /nonexistent-outside/x.png, outside the dataset root ${root}`);
    // Rejected episodes carry every problem of theirs, the file-level ones belong to none.
    expect(out.rejected.find((r) => r.id === 'D')!.problems.map((p) => p.line)).toEqual([13]);
  });

  test('a line that is not UTF-8 still decodes, with a warning', async () => {
    const good = Buffer.from(jsonl(row('L', 1, code.fill('caf\u00e9'))));
    const latin1 = Buffer.from(jsonl(row('L', 2, code.fill('caf\u00e9'))), 'latin1');
    const root = makeDataset({ 'rows.jsonl': Buffer.concat([good, latin1]) });
    const out = await decode(root);
    expect(out.problems).toEqual([
      {
        file: join(root, 'rows.jsonl'),
        line: 2,
        episode: 'L',
        severity: 'warning',
        message: expect.stringMatching(/^not valid UTF-8 \(first bad byte at offset \d+\)/),
      },
    ]);
    expect(out.episodes[0]!.steps.map((s) => (s.action as { text: string }).text)).toEqual(['caf\u00e9', 'caf\uFFFD']);
  });

  test('an empty file reads nothing and says so', async () => {
    const root = makeDataset({ 'rows.jsonl': '\n\n' });
    expect(await decode(root)).toEqual({ episodes: [], rejected: [], problems: [], recordsRead: 0 });
  });
});

test.describe('plain codegen .jsonl', () => {
  test('real 1.40.1 lines with a header: one episode named after the file', async () => {
    const file = join(DATA, 'codegen-1.40.jsonl');
    const out = await rpaweb.decodeFile(file, { datasetRoot: DATA });
    expect(out.problems).toEqual([]);
    expect(out.recordsRead).toBe(8);
    const [ep] = out.episodes;
    expect(ep!.id).toBe('codegen-1.40');
    expect(ep!.source).toEqual({ file, line: 1 });
    expect(ep!.meta).toStrictEqual({
      browserName: 'chromium',
      launchOptions: { headless: false },
      contextOptions: { viewport: { width: 1280, height: 720 } },
    });
    expect(ep!.steps.map((s) => [s.index, s.page, s.action.type, s.source.line])).toEqual([
      [0, 'page', 'openPage', 2],
      [1, 'page', 'navigate', 3],
      [2, 'page', 'click', 4],
      [3, 'page1', 'closePage', 5],
      [4, 'page', 'fill', 6],
      [5, 'page', 'press', 7],
      [6, 'page', 'check', 8],
    ]);
    expect(ep!.steps.every((s) => s.before?.viewport?.width === 1280 && s.before.viewport.height === 720)).toBe(true);
    expect(ep!.steps[2]!.expect).toStrictEqual([
      { kind: 'popup', page: 'page1' },
      { kind: 'navigation', url: 'http://127.0.0.1:38101/p2' },
    ]);
    expect(ep!.steps[5]!.action).toMatchObject({ type: 'press', key: 'a', modifiers: ['Control'] });
    expect(ep!.steps[2]!.recordedStep).toBeUndefined();
  });

  test('without a header, and a bad line rejects the one episode', async () => {
    const root = makeDataset({
      'flow.jsonl': jsonl(code.openPage, code.navigate('https://x.example/')),
      'broken.jsonl': jsonl(
        { browserName: 'chromium', launchOptions: {}, contextOptions: { viewport: null } },
        code.openPage,
        { name: 'click', signals: [], pageAlias: 'page' },
        '{"name":',
      ),
    });
    const flow = await decode(root, 'flow.jsonl');
    expect(flow.problems).toEqual([]);
    expect(flow.episodes[0]!.steps.map((s) => s.action)).toStrictEqual([
      { type: 'openPage', url: 'about:blank' },
      { type: 'navigate', url: 'https://x.example/' },
    ]);
    expect(flow.episodes[0]!.meta).toStrictEqual({});
    expect(flow.episodes[0]!.steps[0]!.before).toBeUndefined();

    const broken = await decode(root, 'broken.jsonl');
    expect(broken.episodes).toEqual([]);
    expect(broken.rejected.map((r) => r.id)).toEqual(['broken']);
    expect(broken.problems.map((p) => [p.line, p.field, p.episode])).toEqual([
      [3, 'selector', 'broken'],
      [4, undefined, 'broken'],
    ]);
  });
});

test.describe('sniff', () => {
  const sniff = (file: string, head: string) => rpaweb.sniff(file, head);
  test('rpaweb rows, codegen headers and action lines, only in .jsonl files', () => {
    expect(sniff('a.jsonl', JSON.stringify(row('A', 1, code.openPage)) + '\n')).toBe(true);
    expect(sniff('a.JSONL', '\n\n{"browserName":"chromium","launchOptions":{"headless":false},"contextOptions":{}}\n')).toBe(true);
    expect(sniff('a.jsonl', JSON.stringify(code.openPage))).toBe(true);
    expect(sniff('a.json', JSON.stringify(code.openPage))).toBe(false);
    expect(sniff('a.jsonl', '{"task_id": 3, "actions": []}\n')).toBe(false);
    expect(sniff('a.jsonl', '{"id": 3, "name": "Alice"}\n')).toBe(false);
    expect(sniff('a.jsonl', 'hello\n')).toBe(false);
    expect(sniff('a.jsonl', '')).toBe(false);
  });
  test('a first row longer than the head is recognised by its opening', () => {
    const long = JSON.stringify(row('A', 1, code.openPage, { html_data: 'x'.repeat(100_000) }));
    expect(sniff('a.jsonl', long.slice(0, 65_536))).toBe(true);
    expect(sniff('a.jsonl', JSON.stringify({ name: 'fill', selector: '#a', text: 'y'.repeat(100_000) }).slice(0, 65_536))).toBe(true);
    expect(sniff('a.jsonl', '{"other": "' + 'z'.repeat(70_000))).toBe(false);
    expect(sniff('a.jsonl', '{"name": "Alice", "bio": "' + 'z'.repeat(70_000))).toBe(false);
  });
});

test('a file that cannot be read is a problem, not an exception', async () => {
  const root = makeDataset({ 'dir.jsonl/x': 'x' });
  const out = await decode(root, 'missing.jsonl');
  expect(out).toEqual({
    episodes: [],
    rejected: [],
    recordsRead: 0,
    problems: [{ file: join(root, 'missing.jsonl'), severity: 'error', message: expect.stringMatching(/^cannot read the file: ENOENT/) }],
  });
  const dir = await decode(root, 'dir.jsonl');
  expect(dir.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^cannot read the file: EISDIR/)]);
});

test('a locator that disagrees with its selector adds no alternative', async () => {
  const root = makeDataset({
    'rows.jsonl': jsonl(
      row('A', 1, { ...code.submit, locator: { kind: 'role', body: 'link', options: { attrs: [], exact: false, name: 'Submit' } } }),
    ),
  });
  const out = await decode(root);
  expect(out.episodes[0]!.steps[0]!.action).toMatchObject({
    target: { locate: [{ kind: 'selector', selector: 'internal:role=button[name="Submit"i]' }], description: 'button "Submit"' },
  });
  expect((out.episodes[0]!.steps[0]!.action as { target: { locate: unknown[] } }).target.locate).toHaveLength(1);
});

test('a row without json_data or browserCode says which is missing', async () => {
  const root = makeDataset({
    'rows.jsonl': jsonl(
      row('A', 1, code.openPage),
      { ...row('B', 1, null), json_data: undefined },
      row('C', 1, undefined),
      row('D', 1, null, { json_data: '[1]' }),
    ),
  });
  const out = await decode(root);
  expect(out.episodes.map((e) => e.id)).toEqual(['A']);
  expect(out.problems.map((p) => [p.line, p.field, p.message])).toEqual([
    [2, 'json_data', 'missing (expected string or object)'],
    [3, 'json_data.browserCode', 'missing (expected an object or JSON text of one)'],
    [4, 'json_data', 'expected an object, got an array'],
  ]);
});

test('rows are filed under the id JSON.parse reads, however the row is written (the streamed read finds them by id first)', async () => {
  const { id: _a, ...restOf } = row('X', 1, code.openPage);
  const rows = [
    row('A', 1, code.navigate('https://a.example/')),
    JSON.stringify({ step: 1, ...restOf, id: 'B' }), // id not first
    `{"id":"C",${JSON.stringify(row('B', 2, code.fill('x'))).slice(1)}`, // a second "id": the last one counts (B)
    row(7, 1, code.navigate('https://seven.example/')), // a number
    row('Ä', 1, code.navigate('https://ae.example/')), // not ASCII
    row('A', 2, code.fill('y')),
    '{"id":"A","step":3, broken', // not JSON: charged to its leading id
    row(7, 2, code.fill('z')),
    row('', 1, code.openPage), // no usable id: a problem of the file
    row('Ä', 2, code.fill('w')),
  ];
  const root = makeDataset({ 'rows.jsonl': jsonl(...rows) });
  const out = await decode(root);
  expect(out.recordsRead).toBe(rows.length);
  expect(out.episodes.map((e) => [e.id, e.steps.map((s) => s.source.line)])).toEqual([
    ['B', [2, 3]],
    ['7', [4, 8]],
    ['Ä', [5, 10]],
  ]);
  expect(out.rejected.map((r) => r.id)).toEqual(['A']);
  expect(out.problems.map((p) => [p.line, p.episode, p.severity])).toEqual([
    [7, 'A', 'error'],
    [9, undefined, 'error'],
  ]);
});

test('ids the first read cannot take from the bytes go to the parse and are filed the same', async () => {
  const body = (step: number, c: object) => JSON.stringify(row('_', step, c)).slice('{"id":"_",'.length);
  const rows = [
    `  { "id" : "spaced" , ${body(1, code.openPage)}`, // white space around the key
    `{"id":"es\\"c",${body(1, code.openPage)}`, // an escape
    `{"id":-7,${body(1, code.openPage)}`, // a negative number
    `{"id":"nested",${body(1, code.openPage).slice(0, -1)},"x":{"id":"inner"}}`, // "id" again, inside
    `{"id":007,${body(1, code.openPage)}`, // a leading zero: not JSON
    `{"id":9007199254740993,${body(1, code.openPage)}`, // beyond a safe integer
  ];
  const root = makeDataset({ 'rows.jsonl': jsonl(...rows) });
  const out = await decode(root);
  expect(out.episodes.map((e) => e.id)).toEqual(['spaced', 'es"c', '-7', 'nested']);
  expect(out.problems.map((p) => [p.line, p.severity])).toEqual([
    [5, 'error'],
    [6, 'error'],
  ]);
});
