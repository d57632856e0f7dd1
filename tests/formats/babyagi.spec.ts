import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { babyagi, BABYAGI_SCREEN, type BabyAgiDecodeOptions } from '../../src/formats/babyagi.js';
import type { Decoded } from '../../src/formats/format.js';
import { makeDataset } from './helpers.js';

const DATA = resolve('tests/formats/data/babyagi');
const META = join(DATA, 'metadata_0.json');
const PNG = readFileSync(resolve('tests/formats/data/blank.png'));
const SCREEN = { width: 2036, height: 1144 };
/** The window model (issue 15): 1280×719 CSS px at device scale 1.590625; boxes in its CSS px. */
const WINDOW = { viewport: { width: 1280, height: 719 }, deviceScaleFactor: 1.590625 };
const css = (b: { x: number; y: number; width: number; height: number }) => {
  const r = (n: number) => Math.round((n / 1.590625) * 100) / 100;
  return { x: r(b.x), y: r(b.y), width: r(b.width), height: r(b.height) };
};

/** The 1-based line a trajectory (`"id": …`) starts on: the `{` just above its id. */
function lineOf(text: string, id: string): number {
  return text.split('\n').findIndex((l) => l.includes(`"id": "${id}"`));
}

async function decode(root: string, name = 'metadata_0.json', more: Partial<BabyAgiDecodeOptions> = {}): Promise<Decoded> {
  return babyagi.decodeFile(join(root, name), { datasetRoot: root, ...more } as BabyAgiDecodeOptions);
}

test('click, type and scroll steps, with screenshots and the recorded screen size', async () => {
  const out = await decode(DATA);
  const text = readFileSync(META, 'utf8');
  expect(BABYAGI_SCREEN).toEqual(SCREEN);
  expect(out.recordsRead).toBe(2);
  expect(out.rejected).toEqual([]);
  expect(out.episodes.map((e) => [e.id, e.format, e.instruction, e.source])).toEqual([
    ['traj-0001', 'babyagi', 'Find a pickup restaurant in Boston on exploretock', { file: META, line: 2, record: '[0]' }],
    ['traj-0002', 'babyagi', 'Open the deals page on united', { file: META, line: lineOf(text, 'traj-0002'), record: '[1]' }],
  ]);
  const [find, deals] = out.episodes;
  expect(find!.steps).toStrictEqual([
    {
      index: 0,
      page: 'page',
      // The centre of option 1 ((611,966)–(1279,1090)), in screenshot pixels; `viewport` makes
      // the replayer scale it: at 1280×720 this is (594.1, 647.1).
      action: { type: 'clickPoint', point: { x: 945, y: 1028, units: 'px', viewport: SCREEN }, button: 'left', clickCount: 1 },
      expect: [],
      before: { screenshot: join(DATA, 'images/f3a1c9e0.png'), ...WINDOW, targetBox: css({ x: 611, y: 966, width: 668, height: 124 }) },
      source: { file: META, line: 2, record: '[0].trajectory[0]' },
    },
    {
      index: 1,
      page: 'page',
      action: { type: 'type', text: 'Boston' },
      expect: [],
      before: { screenshot: join(DATA, 'images/f3a1c9e1.jpg'), ...WINDOW, targetBox: css({ x: 611, y: 966, width: 668, height: 124 }) },
      source: { file: META, line: 2, record: '[0].trajectory[1]' },
    },
    {
      index: 2,
      page: 'page',
      action: { type: 'scroll', dx: 0, dy: 200, unit: 'px' },
      expect: [],
      before: { screenshot: join(DATA, 'images/f3a1c9e2.png'), ...WINDOW },
      source: { file: META, line: 2, record: '[0].trajectory[2]' },
    },
    {
      index: 3,
      page: 'page',
      action: { type: 'scroll', dx: 0, dy: -200, unit: 'px' },
      expect: [],
      before: { screenshot: join(DATA, 'images/f3a1c9e2.png'), ...WINDOW },
      source: { file: META, line: 2, record: '[0].trajectory[3]' },
    },
  ]);
  expect(find!.viewportCandidates).toEqual([
    { width: 1280, height: 719, deviceScaleFactor: 1.590625 },
    { ...SCREEN, deviceScaleFactor: 1 },
  ]);
  expect(find!.meta).toStrictEqual({
    steps: [{ image_id: 'f3a1c9e0' }, { image_id: 'f3a1c9e1' }, { image_id: 'f3a1c9e2' }, { image_id: 'f3a1c9e2' }],
  });
  // A missing screenshot loses evidence, not the step.
  expect(deals!.steps.map((s) => [s.action, s.before])).toEqual([
    [
      { type: 'clickPoint', point: { x: 223, y: 184, units: 'px', viewport: SCREEN }, button: 'left', clickCount: 1 },
      { ...WINDOW, targetBox: css({ x: 64, y: 160, width: 318, height: 48 }) },
    ],
  ]);
  expect(out.problems).toEqual([
    {
      file: META,
      line: lineOf(text, 'traj-0002'),
      record: '[1].trajectory[0]',
      field: 'image_id',
      episode: 'traj-0002',
      severity: 'warning',
      message: `screenshot dropped: no "f3a1c9e9.png" (or .jpg, .jpeg, .webp, no extension) in ${join(DATA, 'images')}`,
    },
  ]);
});

/** One trajectory step; `taken` and `more` override. */
function step(imageId: string, taken: Record<string, unknown>, more: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    image_id: imageId,
    action_options: [
      { index: 0, top_left: [100, 200], bottom_right: [300, 260] },
      { index: 5, top_left: { x: 0, y: 0 }, bottom_right: { x: 2036, y: 100 } },
    ],
    action_taken: { type: 'click', value: '', action_option_index: 0, ...taken },
    ...more,
  };
}

test('an image path leaving the root, an unknown action type and bad values reject their trajectory only', async () => {
  const trajectories = [
    { id: 'escape', instruction: 'x', trajectory: [step('../../outside', {})] },
    { id: 'drag', instruction: 'x', trajectory: [step('a', {}), step('a', { type: 'drag' })] },
    { id: 'scroll', instruction: 'x', trajectory: [step('a', { type: 'scroll', value: 'sideways', action_option_index: null })] },
    { id: 'option', instruction: 'x', trajectory: [step('a', { action_option_index: 9 }), step('a', { type: 'type', value: 7 })] },
    {
      id: 7,
      instruction: 'numeric ids are read as text',
      trajectory: [step('a', { action_option_index: 5 }), step('a', { type: 'scroll', value: ' UP ', action_option_index: null })],
    },
  ];
  const root = makeDataset({ 'metadata_3.json': JSON.stringify(trajectories), 'images/a.jpeg': PNG, 'outside.png': PNG });
  const file = join(root, 'metadata_3.json');
  const out = await decode(root, 'metadata_3.json');
  expect(out.episodes.map((e) => e.id)).toEqual(['7']);
  expect(out.episodes[0]!.steps.map((s) => [s.action, s.before?.screenshot])).toEqual([
    [
      { type: 'clickPoint', point: { x: 1018, y: 50, units: 'px', viewport: SCREEN }, button: 'left', clickCount: 1 },
      join(root, 'images/a.jpeg'),
    ],
    [{ type: 'scroll', dx: 0, dy: -200, unit: 'px' }, join(root, 'images/a.jpeg')],
  ]);
  expect(out.rejected.map((r) => r.id)).toEqual(['escape', 'drag', 'scroll', 'option']);
  expect(out.problems.map((p) => [p.record, p.field, p.episode, p.severity])).toEqual([
    ['[0].trajectory[0]', 'image_id', 'escape', 'error'],
    ['[1].trajectory[1]', 'action_taken.type', 'drag', 'error'],
    ['[2].trajectory[0]', 'action_taken.value', 'scroll', 'error'],
    ['[3].trajectory[0]', 'action_taken.action_option_index', 'option', 'error'],
    ['[3].trajectory[1]', 'action_taken.value', 'option', 'error'],
  ]);
  expect(out.problems.every((p) => p.file === file && p.line === 1)).toBe(true);
  expect(out.problems.map((p) => p.message)).toEqual([
    expect.stringMatching(/^refused: "\.\.\/\.\.\/outside\.png" resolves to .*outside\.png, outside the dataset root /),
    'unknown action type "drag" (expected click, type or scroll)',
    'expected "up" or "down" for a scroll, got "sideways"',
    '9 is the index of no usable action_options entry (usable: 0, 5)',
    'expected the typed text, got number',
  ]);
});

test('imagesDir: a configured screenshots folder, which image ids cannot leave', async () => {
  const trajectories = [
    { id: 't1', instruction: 'x', trajectory: [step('f1', {}), step('sub/f2.png', { type: 'type', value: 'hi' })] },
    { id: 't2', instruction: 'x', trajectory: [step('../images/f1', {})] },
  ];
  const root = makeDataset({
    'data/metadata_0.json': JSON.stringify(trajectories),
    'shots/f1.webp': PNG,
    'shots/sub/f2.png': PNG,
    'images/f1.png': PNG,
  });
  const out = await babyagi.decodeFile(join(root, 'data/metadata_0.json'), {
    datasetRoot: root,
    imagesDir: 'shots',
  } as BabyAgiDecodeOptions);
  expect(out.episodes.map((e) => [e.id, e.steps.map((s) => s.before?.screenshot)])).toEqual([
    ['t1', [join(root, 'shots/f1.webp'), join(root, 'shots/sub/f2.png')]],
  ]);
  expect(out.rejected.map((r) => r.id)).toEqual(['t2']);
  expect(out.problems.map((p) => [p.episode, p.field, p.message])).toEqual([
    ['t2', 'image_id', expect.stringMatching(/^refused: "\.\.\/images\/f1\.png" resolves to .*, outside the dataset root .*shots$/)],
  ]);
});

test('malformed option boxes are ignored with a warning; a click on one is an error', async () => {
  const options = [
    { index: 0, top_left: [300, 200], bottom_right: [100, 260] },
    { index: 1, top_left: [10], bottom_right: [20, 20] },
    { index: 2, top_left: [0, 0], bottom_right: [20, 20] },
    { index: 2, top_left: [50, 50], bottom_right: [60, 60] },
  ];
  const trajectories = [
    { id: 'ok', instruction: 'x', trajectory: [step('a', { action_option_index: 2 }, { action_options: options })] },
    { id: 'bad', instruction: 'x', trajectory: [step('a', { action_option_index: 0 }, { action_options: options })] },
  ];
  const root = makeDataset({ 'metadata_0.json': JSON.stringify(trajectories), 'images/a.png': PNG });
  const out = await decode(root);
  expect(out.episodes.map((e) => [e.id, e.steps[0]!.action])).toEqual([
    ['ok', { type: 'clickPoint', point: { x: 10, y: 10, units: 'px', viewport: SCREEN }, button: 'left', clickCount: 1 }],
  ]);
  expect(out.rejected.map((r) => r.id)).toEqual(['bad']);
  const ok = out.problems.filter((p) => p.episode === 'ok').map((p) => [p.field, p.severity, p.message]);
  expect(ok).toEqual([
    ['action_options[0]', 'warning', 'bottom_right (100, 260) is above or left of top_left (300, 200); this option is ignored'],
    ['action_options[1].top_left', 'warning', expect.stringMatching(/; this option is ignored$/)],
    ['action_options[3].index', 'warning', 'index 2 is used by an earlier option; this option is ignored'],
  ]);
  expect(out.problems.filter((p) => p.episode === 'bad' && p.severity === 'error').map((p) => [p.field, p.message])).toEqual([
    ['action_taken.action_option_index', '0 is the index of no usable action_options entry (usable: 2)'],
  ]);
});

test('a trajectory that is not JSON is charged to its id; the others decode', async () => {
  const good = JSON.stringify({
    id: 'good',
    instruction: 'x',
    trajectory: [step('a', { type: 'scroll', value: 'down', action_option_index: null })],
  });
  const root = makeDataset({
    'metadata_0.json': `[\n{"id": "torn", "instruction": "x", "trajectory": [{"image_id": "a",, }]},\n${good}\n]`,
    'images/a.png': PNG,
  });
  const file = join(root, 'metadata_0.json');
  const out = await decode(root);
  expect(out.episodes.map((e) => e.id)).toEqual(['good']);
  expect(out.rejected.map((r) => [r.id, r.source])).toEqual([['torn', { file, line: 2, record: '[0]' }]]);
  expect(out.problems).toEqual([
    { file, line: 2, record: '[0]', episode: 'torn', severity: 'error', message: expect.stringMatching(/^invalid JSON: /) },
  ]);
});
