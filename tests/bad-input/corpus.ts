import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FormatName } from '../../src/ir/index.js';

/**
 * The bad-input corpus: for every decoder, the ways a dataset file goes wrong in the wild. Each
 * case is a small dataset (files by path, written at test time) holding one good episode next to
 * the bad one wherever the format allows several, and says where its problem must be pinned.
 * Nothing here is committed as data: the cases are built from the checked-in format samples.
 */
export interface BadCase {
  format: FormatName;
  name: string;
  /** Files relative to the dataset root (a thunk builds content too big to hold for long, e.g. the > 50 MB lines). */
  files: Record<string, FileContent>;
  /** The file the problem must name (relative to the root). */
  file: string;
  /** false: nothing in it can be read (`run` exits 2). */
  readable: boolean;
  /** The problem: must name file and line/record, and this field when given. */
  field?: string | RegExp;
  /** Severity the pinned problem has (default: any). */
  severity?: 'error' | 'warning';
  /** The problem is about the whole file (an episode with no steps): no line/record to name. */
  fileLevel?: boolean;
  /** Nothing to report (an extra field, a huge but valid line): only decoding matters. */
  quiet?: boolean;
  /** Load the bad file itself with `--format` (a file no sniffer can claim). */
  forced?: boolean;
  /** Episodes that must still decode. */
  good: string[];
  /** Episodes that must be rejected (reported as `error`, never dropped). */
  rejected?: string[];
  /** Episodes that decode with a step marked unreplayable (the step, not the episode, is bad). */
  unreplayable?: string[];
}

/** A file's bytes, a symlink, or a thunk for content too big to build before it is needed. */
export type FileContent = string | Buffer | { symlink: string } | (() => string | Buffer);

const DATA = resolve('tests/formats/data');
const PNG = readFileSync(resolve(DATA, 'blank.png'));
/** Over 50 MB of HTML: a line no reader may choke on. */
export const HUGE_BYTES = 50 * 1024 * 1024 + 17;
export const hugeHtml = (): string => `<html><body>${'<p>lorem ipsum dolor</p>'.repeat(Math.ceil(HUGE_BYTES / 23))}</body></html>`;

const lines = (...xs: unknown[]) => xs.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('\n') + '\n';
const clone = <T>(x: T): T => structuredClone(x);
/** A JSON text cut in the middle of its last record. */
const replaceLast = (text: string, from: string, to: string) => {
  const i = text.lastIndexOf(from);
  if (i < 0) throw new Error(`no ${from}`);
  return text.slice(0, i) + to + text.slice(i + from.length);
};
const cut = (text: string, at = 0.8) => text.slice(0, Math.floor(text.length * at));
/** Bytes that are not UTF-8, put inside a JSON string. */
const latin1Inside = (text: string, marker: string) => {
  const i = text.indexOf(marker);
  if (i < 0) throw new Error(`no ${marker}`);
  return Buffer.concat([Buffer.from(text.slice(0, i + 1)), Buffer.from([0xff, 0xfe, 0xe9]), Buffer.from(text.slice(i + 1))]);
};
/** Where a file reference may point outside the root: `../`, absolute, a symlink. */
const ESCAPES = [
  { name: '../ path', ref: '../../../../etc/passwd', extra: {} },
  { name: 'absolute path', ref: '/etc/passwd', extra: {} },
  { name: 'symlink out of the root', ref: 'shots/evil.png', extra: { 'shots/evil.png': { symlink: '/etc/passwd' } } },
] as const;

// ---------- rpaweb rows ----------
const code = {
  openPage: { name: 'openPage', url: 'about:blank', signals: [], pageAlias: 'page' },
  navigate: (url: string) => ({ name: 'navigate', url, signals: [], pageAlias: 'page' }),
  closePage: { name: 'closePage', signals: [], pageAlias: 'page' },
};
function row(id: string, step: number | string, browserCode: unknown, more: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    language: 'ca',
    intent: `intent ${id}`,
    step,
    input: '',
    requirements: '',
    outputs: '',
    anonymized_data: false,
    png_file: null,
    json_data: { browserCode },
    html_data: `<html>${id}:${step}</html>`,
    ...more,
  };
}
const goodRows = () => [
  row('good', 1, code.openPage),
  row('good', 2, code.navigate('http://127.0.0.1:1/')),
  row('good', 3, code.closePage),
];

function rpawebCases(): BadCase[] {
  const f = 'rows.jsonl';
  const c = (name: string, text: FileContent, more: Partial<BadCase> & { extra?: BadCase['files'] } = {}): BadCase => ({
    format: 'rpaweb',
    name,
    file: f,
    files: { [f]: text, ...more.extra },
    readable: true,
    good: ['good'],
    ...more,
  });
  return [
    c('truncated file', cut(lines(...goodRows(), row('bad', 1, code.openPage)), 0.9), { rejected: ['bad'] }),
    c('invalid JSON line', lines(...goodRows(), '{"id": "bad", "step": 1, "json_data": {nope}}'), { rejected: ['bad'] }),
    c('wrong types', lines(...goodRows(), row('bad', { n: 1 } as never, code.openPage)), { field: 'step', rejected: ['bad'] }),
    c('unknown action name', lines(...goodRows(), row('bad', 1, { ...code.openPage, name: 'teleport' })), {
      field: /browserCode\.name$/,
      rejected: ['bad'],
    }),
    c('missing field', lines(...goodRows(), (({ step: _s, ...r }) => r)(row('bad', 1, code.openPage))), {
      field: 'step',
      rejected: ['bad'],
    }),
    c('extra field', lines(...goodRows(), row('extra', 1, code.openPage, { surprise: { a: 1 } })), {
      quiet: true,
      good: ['good', 'extra'],
      field: undefined,
      severity: 'warning',
      readable: true,
    }),
    c('empty file', '', { readable: false, good: [] }),
    c('huge line (> 50 MB of HTML)', () => lines(...goodRows(), row('huge', 1, code.openPage, { html_data: hugeHtml() })), {
      quiet: true,
      good: ['good', 'huge'],
    }),
    c('duplicate step numbers', lines(...goodRows(), row('bad', 1, code.openPage), row('bad', 1, code.closePage)), {
      field: 'step',
      rejected: ['bad'],
    }),
    c('non-UTF-8 bytes', latin1Inside(lines(...goodRows(), row('latin', 1, code.openPage, { intent: 'caf' })), 'caf'), {
      good: ['good', 'latin'],
      severity: 'warning',
    }),
    ...ESCAPES.map((e) =>
      c(`file reference: ${e.name}`, lines(...goodRows(), row('bad', 1, code.openPage, { png_file: e.ref })), {
        field: 'png_file',
        extra: e.extra,
        rejected: ['bad'],
      }),
    ),
  ];
}

// ---------- codegen JSONL (the rpaweb decoder, one episode a file) ----------
function codegenCases(): BadCase[] {
  const header = { browserName: 'chromium', launchOptions: { headless: false }, contextOptions: {} };
  const good = lines(header, code.openPage, code.navigate('http://127.0.0.1:1/'), code.closePage);
  const c = (name: string, text: FileContent, more: Partial<BadCase> & { extra?: BadCase['files'] } = {}): BadCase => ({
    format: 'rpaweb',
    name: `codegen: ${name}`,
    file: 'bad.jsonl',
    files: { 'good.jsonl': good, 'bad.jsonl': text, ...more.extra },
    readable: true,
    good: ['good'],
    rejected: ['bad'],
    ...more,
  });
  const body = (...xs: unknown[]) => lines(header, code.openPage, ...xs);
  return [
    c('truncated file', cut(body(code.navigate('http://127.0.0.1:1/'), code.closePage), 0.93)),
    c('invalid JSON line', body('{"name": "click", selector: }', code.closePage)),
    c('wrong types', body({ name: 'click', selector: 42, signals: [], pageAlias: 'page' }), { field: 'selector' }),
    c('unknown action name', body({ name: 'teleport', signals: [], pageAlias: 'page' }), { field: 'name' }),
    c('missing field', body({ name: 'fill', selector: 'input', signals: [], pageAlias: 'page' }), { field: 'text' }),
    c('extra field', body({ ...code.closePage, surprise: true }), {
      quiet: true,
      good: ['good', 'bad'],
      rejected: [],
      severity: undefined,
      field: undefined,
    }),
    c('header only (empty episode)', lines(header), { rejected: [], severity: 'warning' }),
    c('non-UTF-8 bytes', latin1Inside(body({ name: 'fill', selector: 'input', text: 'caf', signals: [], pageAlias: 'page' }), 'caf'), {
      good: ['good', 'bad'],
      rejected: [],
      severity: 'warning',
    }),
    c('huge line', () => body({ name: 'fill', selector: 'textarea', text: hugeHtml(), signals: [], pageAlias: 'page' }), {
      quiet: true,
      good: ['good', 'bad'],
      rejected: [],
    }),
  ];
}

// ---------- Mind2Web tasks, and Multimodal rows ----------
const m2wTasks = () => JSON.parse(readFileSync(resolve(DATA, 'mind2web/train_sample.json'), 'utf8')) as Record<string, any>[];
const m2wRows = () =>
  readFileSync(resolve(DATA, 'mind2web/multimodal_rows.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, any>);

function mind2webCases(): BadCase[] {
  const [good, second] = m2wTasks();
  const goodId = good!.annotation_id as string;
  const badOf = (mut: (t: Record<string, any>) => void) => {
    const t = clone(second!);
    t.annotation_id = 'bad';
    mut(t);
    return t;
  };
  const f = 'train_0.json';
  const c = (name: string, text: FileContent, more: Partial<BadCase> & { extra?: BadCase['files'] } = {}): BadCase => ({
    format: 'mind2web',
    name,
    file: f,
    files: { [f]: text, ...more.extra },
    readable: true,
    good: [goodId],
    rejected: ['bad'],
    ...more,
  });
  const arr = (...tasks: unknown[]) => JSON.stringify(tasks, null, 1);
  const rowsFile = 'rows.jsonl';
  const rows = m2wRows();
  const rowTask = rows[0]!.annotation_id as string;
  const badRows = (mut: (r: Record<string, any>) => void) =>
    rows
      .filter((r) => r.annotation_id === rowTask)
      .map((r) => {
        const x = clone(r);
        x.annotation_id = 'bad';
        mut(x);
        return x;
      });
  const r = (name: string, text: string, more: Partial<BadCase> & { extra?: BadCase['files'] } = {}): BadCase => ({
    format: 'mind2web',
    name: `multimodal rows: ${name}`,
    file: rowsFile,
    files: { [rowsFile]: text, 'screenshots/tock-1.png': PNG, 'screenshots/ent-0.png': PNG, ...more.extra },
    readable: true,
    good: [rowTask],
    rejected: ['bad'],
    ...more,
  });
  return [
    c(
      'truncated file',
      cut(
        arr(
          good,
          badOf(() => undefined),
        ),
        0.95,
      ),
    ),
    c(
      'invalid JSON record',
      replaceLast(
        arr(
          good,
          badOf(() => undefined),
        ),
        '"confirmed_task":',
        '"confirmed_task": ,',
      ),
    ),
    c(
      'wrong types',
      arr(
        good,
        badOf((t) => (t.actions[0].operation = 'CLICK')),
      ),
      { field: /actions\[0\]\.operation/ },
    ),
    c(
      'unknown operation',
      arr(
        good,
        badOf((t) => (t.actions[0].operation.op = 'TELEPORT')),
      ),
      { field: /actions\[0\]\.operation\.op/ },
    ),
    // No field to name: without "actions" the record is neither a task nor a row, and says both.
    c(
      'missing field',
      arr(
        good,
        badOf((t) => delete t.actions),
      ),
    ),
    c(
      'extra field',
      arr(
        good,
        badOf((t) => (t.surprise = [1, 2])),
      ),
      { quiet: true, good: [goodId, 'bad'], rejected: [] },
    ),
    c(
      'empty episode',
      arr(
        good,
        badOf((t) => ((t.actions = []), (t.action_reprs = []))),
      ),
      { rejected: [], severity: 'warning' },
    ),
    c(
      'duplicate ids',
      arr(
        good,
        badOf((t) => (t.annotation_id = goodId)),
      ),
      { field: 'annotation_id', rejected: [] },
    ),
    c(
      'non-UTF-8 bytes',
      latin1Inside(
        arr(
          good,
          badOf((t) => (t.confirmed_task = 'caf')),
        ),
        'caf',
      ),
      { good: [goodId, 'bad'], rejected: [] },
    ),
    c(
      'huge record',
      () =>
        arr(
          good,
          badOf((t) => (t.actions[0].raw_html = hugeHtml())),
        ),
      { quiet: true, good: [goodId, 'bad'], rejected: [] },
    ),
    r('duplicate step numbers', lines(...rows, ...badRows((x) => (x.target_action_index = '0'))), { field: /target_action_index/ }),
    ...ESCAPES.map((e) =>
      r(`file reference: ${e.name}`, lines(...rows, ...badRows((x) => (x.screenshot = e.ref))), { field: 'screenshot', extra: e.extra }),
    ),
  ];
}

// ---------- MT-Mind2Web conversations ----------
function mtCases(): BadCase[] {
  const convs = JSON.parse(readFileSync(resolve(DATA, 'mind2web/mt_train_0.json'), 'utf8')) as Record<string, any>[];
  const good = convs[0]!;
  const goodIds = (good.turns as unknown[]).map((_, i) => `${good.task_id}#${i}`);
  const badOf = (mut: (t: Record<string, any>) => void) => {
    const t = clone(convs[1]!);
    t.task_id = 'bad';
    mut(t);
    return t;
  };
  const f = 'mt_train_0.json';
  const arr = (...xs: unknown[]) => JSON.stringify(xs, null, 1);
  const c = (name: string, text: FileContent, more: Partial<BadCase> = {}): BadCase => ({
    format: 'mt-mind2web',
    name,
    file: f,
    files: { [f]: text },
    readable: true,
    good: goodIds,
    rejected: ['bad#0'],
    ...more,
  });
  return [
    c(
      'truncated file',
      cut(
        arr(
          good,
          badOf(() => undefined),
        ),
        0.95,
      ),
      { rejected: [] },
    ),
    c(
      'invalid JSON record',
      arr(
        good,
        badOf(() => undefined),
      ).replace('"task_id": "bad",', '"task_id": "bad",,'),
      { rejected: [] },
    ),
    c(
      'wrong types',
      arr(
        good,
        badOf((t) => (t.turns[0].actions[0].operation = 7)),
      ),
      { field: /turns\[0\]\.actions\[0\]\.operation/ },
    ),
    c(
      'unknown operation',
      arr(
        good,
        badOf((t) => (t.turns[0].actions[0].operation.op = 'TELEPORT')),
      ),
      { field: /operation\.op/ },
    ),
    c(
      'missing field',
      arr(
        good,
        badOf((t) => delete t.turns[0].actions),
      ),
      { field: /turns\[0\]\.actions/ },
    ),
    c(
      'extra field',
      arr(
        good,
        badOf((t) => (t.surprise = 1)),
      ),
      { quiet: true, good: [...goodIds, 'bad#0'], rejected: [] },
    ),
    c(
      'empty conversation',
      arr(
        good,
        badOf((t) => (t.turns = [])),
      ),
      { field: 'turns', rejected: [], severity: 'warning' },
    ),
    c(
      'duplicate ids',
      arr(
        good,
        badOf((t) => (t.task_id = good.task_id)),
      ),
      { field: 'task_id', rejected: [] },
    ),
    c(
      'non-UTF-8 bytes',
      latin1Inside(
        arr(
          good,
          badOf((t) => (t.turns[0].confirmed_task = 'caf')),
        ),
        'caf',
      ),
      { good: [...goodIds, 'bad#0'], rejected: [] },
    ),
    c(
      'huge record',
      () =>
        arr(
          good,
          badOf((t) => (t.turns[0].actions[0].raw_html = hugeHtml())),
        ),
      { quiet: true, good: [...goodIds, 'bad#0'], rejected: [] },
    ),
  ];
}

// ---------- baby-agi trajectories ----------
function babyagiCases(): BadCase[] {
  const trajs = JSON.parse(readFileSync(resolve(DATA, 'babyagi/metadata_0.json'), 'utf8')) as Record<string, any>[];
  const good = trajs[0]!;
  const badOf = (mut: (t: Record<string, any>) => void) => {
    const t = clone(good);
    t.id = 'bad';
    mut(t);
    return t;
  };
  const f = 'metadata_0.json';
  const images = { 'images/f3a1c9e0.png': PNG, 'images/f3a1c9e1.jpg': PNG, 'images/f3a1c9e2.png': PNG };
  const arr = (...xs: unknown[]) => JSON.stringify(xs, null, 1);
  const c = (name: string, text: FileContent, more: Partial<BadCase> & { extra?: BadCase['files'] } = {}): BadCase => ({
    format: 'babyagi',
    name,
    file: f,
    files: { [f]: text, ...images, ...more.extra },
    readable: true,
    good: ['traj-0001'],
    rejected: ['bad'],
    ...more,
  });
  return [
    c(
      'truncated file',
      cut(
        arr(
          good,
          badOf(() => undefined),
        ),
        0.9,
      ),
      { rejected: [] },
    ),
    c(
      'invalid JSON record',
      arr(
        good,
        badOf(() => undefined),
      ).replace('"id": "bad",', '"id": "bad", nope,'),
    ),
    c(
      'wrong types',
      arr(
        good,
        badOf((t) => (t.trajectory[0].action_options = 'none')),
      ),
      { field: /trajectory\[0\]\.action_options/ },
    ),
    c(
      'unknown action type',
      arr(
        good,
        badOf((t) => (t.trajectory[0].action_taken.type = 'teleport')),
      ),
      { field: /trajectory\[0\]\.action_taken\.type/ },
    ),
    c(
      'missing field',
      arr(
        good,
        badOf((t) => delete t.trajectory[0].action_taken),
      ),
      { field: /trajectory\[0\]\.action_taken/ },
    ),
    c(
      'extra field',
      arr(
        good,
        badOf((t) => (t.surprise = 1)),
      ),
      { quiet: true, good: ['traj-0001', 'bad'], rejected: [] },
    ),
    c(
      'empty episode',
      arr(
        good,
        badOf((t) => (t.trajectory = [])),
      ),
      { rejected: [], severity: 'warning' },
    ),
    c(
      'duplicate ids',
      arr(
        good,
        badOf((t) => (t.id = 'traj-0001')),
      ),
      { field: 'id', rejected: [] },
    ),
    c(
      'non-UTF-8 bytes',
      latin1Inside(
        arr(
          good,
          badOf((t) => (t.instruction = 'caf')),
        ),
        'caf',
      ),
      { good: ['traj-0001', 'bad'], rejected: [] },
    ),
    c(
      'huge record',
      () =>
        arr(
          good,
          badOf((t) => (t.instruction = hugeHtml())),
        ),
      { quiet: true, good: ['traj-0001', 'bad'], rejected: [] },
    ),
    // Screenshots are found by image id inside images/: the symlink is planted there.
    ...[
      ...ESCAPES.slice(0, 2),
      { name: 'symlink out of the root', ref: 'evil', extra: { 'images/evil.png': { symlink: '/etc/passwd' } } },
    ].map((e) =>
      c(
        `file reference: ${e.name}`,
        arr(
          good,
          badOf((t) => (t.trajectory[0].image_id = e.ref)),
        ),
        { field: /trajectory\[0\]\.image_id/, extra: e.extra },
      ),
    ),
  ];
}

// ---------- VisualWebArena (Recon-Act JSON: one episode a file) ----------
function vwaCases(): BadCase[] {
  const text = readFileSync(resolve(DATA, 'vwa/recon-act/classifieds_41.json'), 'utf8');
  const traj = JSON.parse(text) as Record<string, any>;
  const images = Object.fromEntries([0, 1, 2, 3, 4, 5].map((i) => [`images/${i}_ori.png`, PNG]));
  const mutated = (mut: (t: Record<string, any>) => void) => {
    const t = clone(traj);
    mut(t);
    return JSON.stringify(t, null, 1);
  };
  const c = (name: string, bad: FileContent, more: Partial<BadCase> & { extra?: BadCase['files'] } = {}): BadCase => ({
    format: 'visualwebarena',
    name,
    file: 'bad.json',
    files: { 'good.json': JSON.stringify(traj, null, 1), 'bad.json': bad, ...images, ...more.extra },
    readable: true,
    good: ['good'],
    rejected: ['bad'],
    ...more,
  });
  const pretty = JSON.stringify(traj, null, 1);
  // A malformed VWA step is that step's problem (VWA's own fail_error): the trajectory still
  // decodes, the step is reported invalid-input when replayed, and the rest of it runs.
  const stepOnly = { good: ['good', 'bad'], rejected: [], unreplayable: ['bad'] };
  return [
    c('truncated file', cut(pretty, 0.7)),
    c('invalid JSON', pretty.replace('"fail_error": ""', '"fail_error": "" "x"')),
    c(
      'wrong types',
      mutated((t) => (t['1'].action.action_type = 'six')),
      { field: /\["1"\]\.action\.action_type|1.*action_type/, ...stepOnly },
    ),
    c(
      'unknown ActionTypes value',
      mutated((t) => (t['1'].action.action_type = 99)),
      { field: /action_type/, ...stepOnly },
    ),
    c(
      'missing field',
      mutated((t) => delete t['1'].action.action_type),
      { field: /action_type/, ...stepOnly },
    ),
    c(
      'extra field',
      mutated((t) => (t['1'].action.surprise = 1)),
      { quiet: true, good: ['good', 'bad'], rejected: [] },
    ),
    c('empty episode', '<html><body><div class="state_obv"></div></body></html>', {
      name: 'empty episode (a render trace with no steps)',
      file: 'render_0.html',
      files: {
        'good.json': JSON.stringify(traj, null, 1),
        ...images,
        'render_0.html': '<html><body><div class="state_obv"></div></body></html>',
      },
      fileLevel: true,
      rejected: ['render_0'],
    }),
    c('duplicate step numbers', pretty.replace(/\n}\s*$/, `,\n "1": ${JSON.stringify(traj['2'])}\n}`), { field: /"?1"?/ }),
    c(
      'non-UTF-8 bytes',
      latin1Inside(
        mutated((t) => (t['0'].info.intent = 'caf')),
        'caf',
      ),
      { good: ['good', 'bad'], rejected: [], severity: 'warning' },
    ),
    c('huge record', () => mutated((t) => (t['0'].info.observation_metadata.text.html = hugeHtml())), {
      quiet: true,
      good: ['good', 'bad'],
      rejected: [],
    }),
    ...ESCAPES.map((e) =>
      c(
        `file reference: ${e.name}`,
        mutated((t) => (t['0'].info.ss_ori = e.ref)),
        { field: /ss_ori/, extra: e.extra },
      ),
    ),
  ];
}

// ---------- Chrome DevTools Recorder flows (one episode a file) ----------
function devtoolsCases(): BadCase[] {
  const flow = JSON.parse(readFileSync(resolve(DATA, 'devtools/checkout.json'), 'utf8')) as Record<string, any>;
  flow.title = 'good';
  const mutated = (mut: (t: Record<string, any>) => void) => {
    const t = clone(flow);
    t.title = 'bad';
    mut(t);
    return JSON.stringify(t, null, 2);
  };
  const c = (name: string, bad: FileContent, more: Partial<BadCase> = {}): BadCase => ({
    format: 'devtools-recorder',
    name,
    file: 'bad.json',
    files: { 'good.json': JSON.stringify(flow, null, 2), 'bad.json': bad },
    readable: true,
    good: ['good'],
    rejected: ['bad'],
    ...more,
  });
  const pretty = mutated(() => undefined);
  return [
    c('truncated file', cut(pretty, 0.6)),
    c('invalid JSON', pretty.replace('"type": "hover"', '"type": "hover",,')),
    c(
      'wrong types',
      mutated((t) => (t.steps[2].selectors = 'main')),
      { field: /steps\[2\]\.selectors/ },
    ),
    c(
      'unknown step type',
      mutated((t) => (t.steps[2].type = 'teleport')),
      { field: /steps\[2\]\.type/ },
    ),
    c(
      'missing field',
      mutated((t) => delete t.steps[1].url),
      { field: /steps\[1\]\.url/ },
    ),
    c(
      'extra field',
      mutated((t) => (t.steps[1].surprise = 1)),
      { quiet: true, good: ['good', 'bad'], rejected: [] },
    ),
    // `"steps": []` is claimed by a folder walk too, and rejected: the run lists it as an error episode.
    c(
      'empty episode',
      mutated((t) => (t.steps = [])),
      { field: 'steps', fileLevel: true, severity: 'error' },
    ),
    c(
      'non-UTF-8 bytes',
      latin1Inside(
        mutated((t) => (t.steps[6].value = 'caf')),
        'caf',
      ),
      { good: ['good', 'bad'], rejected: [], severity: 'warning' },
    ),
    c('huge record', () => mutated((t) => (t.steps[6].value = hugeHtml())), { quiet: true, good: ['good', 'bad'], rejected: [] }),
  ];
}

/** Every case, by decoder. Huge cases build a 50 MB string: build them only when used. */
export function corpus(): BadCase[] {
  return [...rpawebCases(), ...codegenCases(), ...mind2webCases(), ...mtCases(), ...babyagiCases(), ...vwaCases(), ...devtoolsCases()];
}
