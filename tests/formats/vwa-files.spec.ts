import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Decoded } from '../../src/formats/format.js';
import { detectFormat, findDatasetFiles } from '../../src/formats/index.js';
import { loadDataset } from '../../src/formats/load-dataset.js';
import { createVisualWebArenaFormat, visualwebarena } from '../../src/formats/visualwebarena.js';
import { devtoolsRecorder } from '../../src/formats/devtools-recorder.js';
import { makeDataset } from './helpers.js';
import { sharedSample } from '../support/shared-samples.js';

const DATA = resolve('tests/formats/data/vwa');
const RECON = join(DATA, 'recon-act/classifieds_41.json');
const OPENTABLE = join(DATA, 'opentable');

async function decode(file: string, root: string, format = visualwebarena): Promise<Decoded> {
  return format.decodeFile(file, { datasetRoot: root });
}

/** A VWA action dict with the defaults agent runs store. */
function act(action: Record<string, unknown>): Record<string, unknown> {
  return {
    action_type: 0,
    coords: [0, 0],
    element_role: 0,
    element_name: '',
    text: [],
    page_number: 0,
    url: '',
    nth: 0,
    pw_code: '',
    element_id: '',
    key_comb: '',
    direction: '',
    answer: '',
    raw_prediction: '',
    ...action,
  };
}

/** A Recon-Act step entry. */
function entry(action: Record<string, unknown> | undefined, info: Record<string, unknown> = {}): Record<string, unknown> {
  const e: Record<string, unknown> = {
    info: {
      fail_error: '',
      observation_metadata: {
        text: { url: 'http://shop.test/', obs_nodes_info: {}, tabs: ['Tab 0 (current): Shop'] },
        image: { obs_nodes_info: {} },
      },
      intent: 'Buy the cheapest mug',
      ...info,
    },
  };
  if (action) e.action = act(action);
  return e;
}

test.describe('Recon-Act (aworld_visualwebarena) trajectories', () => {
  test('the classifieds trajectory decodes step by step', async () => {
    const out = await decode(RECON, DATA);
    expect(out.problems).toEqual([]);
    expect(out.rejected).toEqual([]);
    expect(out.recordsRead).toBe(6);
    const [ep] = out.episodes;
    const shot = (i: number) => join(DATA, `recon-act/images/${i}_ori.png`);
    const viewport = { width: 1280, height: 720 };
    const search = 'http://127.0.0.1:9980/index.php?page=search&sPattern=blue+honda+civic';
    const item = 'http://127.0.0.1:9980/index.php?page=item&id=41736';
    const src = (k: number) => ({ file: RECON, record: `["${k}"]` });
    expect(ep!.id).toBe('classifieds_41');
    expect(ep!.format).toBe('visualwebarena');
    expect(ep!.instruction).toBe('Find the cheapest blue Honda Civic listed in Pittsburgh and tell me its price.');
    expect(ep!.source).toEqual({ file: RECON });
    expect(ep!.meta.somBoxes).toBe('topLeft'); // told from ids whose SoM box equals their union_bound
    expect(ep!.steps).toStrictEqual([
      {
        index: 0,
        page: 'page',
        action: { type: 'openPage', url: 'http://127.0.0.1:9980/' },
        expect: [],
        note: 'open the page the recording started on',
        source: src(0),
      },
      {
        index: 1,
        recordedStep: 0,
        page: 'page',
        action: {
          type: 'type',
          target: {
            locate: [
              { kind: 'role', role: 'searchbox', name: 'Search for anything', exact: true },
              { kind: 'box', box: { x: 440, y: 180.5, width: 400, height: 36 }, viewport },
              { kind: 'fingerprint', role: 'searchbox', text: 'Search for anything' },
            ],
            atPoint: true,
            description: 'searchbox "Search for anything"',
          },
          text: 'blue honda civic\n',
        },
        expect: [],
        before: { url: 'http://127.0.0.1:9980/', screenshot: shot(0), viewport, targetBox: { x: 440, y: 180.5, width: 400, height: 36 } },
        source: src(0),
      },
      {
        index: 2,
        recordedStep: 1,
        page: 'page',
        action: { type: 'scroll', dx: 0, dy: 1, unit: 'viewport' },
        expect: [],
        before: { url: search, screenshot: shot(1), viewport },
        source: src(1),
      },
      {
        index: 3,
        recordedStep: 2,
        page: 'page',
        action: {
          type: 'click',
          target: {
            locate: [
              { kind: 'role', role: 'link', name: "Honda Civic 2012 – blue, 'like new'", exact: true },
              { kind: 'box', box: { x: 312, y: 402.25, width: 268, height: 22 }, viewport },
              { kind: 'fingerprint', role: 'link', text: "Honda Civic 2012 – blue, 'like new'" },
            ],
            atPoint: true,
            description: 'link "Honda Civic 2012 – blue, \'like new\'"',
          },
          button: 'left',
          modifiers: [],
          clickCount: 1,
        },
        // The next observation lists two tabs: the click opened one, and VWA moved to it.
        expect: [{ kind: 'popup', page: 'page1' }],
        before: { url: search, screenshot: shot(2), viewport, targetBox: { x: 312, y: 402.25, width: 268, height: 22 } },
        source: src(2),
      },
      {
        index: 4,
        recordedStep: 3,
        page: 'page1',
        action: { type: 'press', key: 'c', modifiers: ['Control'] },
        expect: [],
        before: { url: item, screenshot: shot(3), viewport },
        note: 'recorded key_comb "Meta+c": VWA presses Meta as Control off macOS, as this replay does',
        source: src(3),
      },
      {
        index: 5,
        recordedStep: 4,
        page: 'page1',
        action: { type: 'closePage' },
        expect: [],
        before: { url: item, screenshot: shot(4), viewport },
        source: src(4),
      },
      {
        index: 6,
        recordedStep: 5,
        page: 'page',
        action: { type: 'stop', answer: '$3,900' },
        expect: [],
        before: { url: search, screenshot: shot(5), viewport },
        source: src(5),
      },
    ]);
    const steps = ep!.meta.steps as Record<string, unknown>[];
    expect(steps).toHaveLength(7);
    expect(steps[0]).toEqual({ synthetic: true });
    expect(steps[1]).toMatchObject({
      input_images: [],
      ss_som: 'images/0_som.png',
      action: { action_type: 7, element_id: '38', raw_prediction: '```type [38] [blue honda civic] [1]```' },
    });
  });

  test('a bad action makes only its step unreplayable, naming file, record and field', async () => {
    const root = makeDataset({
      'bad.json': JSON.stringify({
        '0': entry({ action_type: 13, url: 'http://shop.test/mugs' }),
        '1': entry({ action_type: 99 }),
        '2': entry({ action_type: 6, element_id: '77' }),
      }),
      'good.json': JSON.stringify({ '0': entry({ action_type: 17, answer: 'N/A' }) }),
    });
    const bad = await decode(join(root, 'bad.json'), root);
    const file = join(root, 'bad.json');
    expect(bad.rejected).toEqual([]);
    expect(bad.episodes[0]!.steps.map((s) => [s.action.type, s.unreplayable])).toEqual([
      ['openPage', undefined],
      ['navigate', undefined],
      ['noop', `action.action_type: ${bad.problems[0]!.message}`],
      ['noop', `action.element_id: ${bad.problems[1]!.message}`],
    ]);
    expect(bad.problems).toEqual([
      {
        file,
        record: '["1"]',
        field: 'action.action_type',
        episode: 'bad',
        message:
          'unknown VWA action type 99 (known: 0–21, NONE, SCROLL, KEY_PRESS, MOUSE_CLICK, KEYBOARD_TYPE, MOUSE_HOVER, CLICK, TYPE, HOVER, PAGE_FOCUS, NEW_TAB, GO_BACK, GO_FORWARD, GOTO_URL, PAGE_CLOSE, CHECK, SELECT_OPTION, STOP, CLEAR, UPLOAD, WAIT, DRAG)',
        severity: 'error',
      },
      {
        file,
        record: '["2"]',
        field: 'action.element_id',
        episode: 'bad',
        message: 'element "77" is not in this step\'s observation (the step recorded none)',
        severity: 'error',
      },
    ]);
    const good = await decode(join(root, 'good.json'), root);
    expect(good.problems).toEqual([]);
    expect(good.episodes[0]!.steps.map((s) => s.action)).toEqual([
      { type: 'openPage', url: 'http://shop.test/' },
      { type: 'stop', answer: 'N/A' },
    ]);
  });

  test('screenshots: outside the dataset is refused, a missing one is dropped with a warning', async () => {
    const root = makeDataset({
      'shots/t.json': JSON.stringify({ '0': entry({ action_type: 11 }, { ss_ori: '../../outside.png' }) }),
      'shots/m.json': JSON.stringify({ '0': entry({ action_type: 11 }, { ss_ori: 'gone.png' }) }),
    });
    const outside = await decode(join(root, 'shots/t.json'), root);
    expect(outside.episodes).toEqual([]);
    expect(outside.problems).toHaveLength(1);
    expect(outside.problems[0]).toMatchObject({ record: '["0"]', field: 'info.ss_ori', severity: 'error' });
    expect(outside.problems[0]!.message).toMatch(/^refused: "\.\.\/\.\.\/outside\.png" resolves to .*, outside the dataset root/);
    const missing = await decode(join(root, 'shots/m.json'), root);
    expect(missing.episodes).toHaveLength(1);
    expect(missing.problems).toEqual([
      {
        file: join(root, 'shots/m.json'),
        record: '["0"]',
        field: 'info.ss_ori',
        episode: 'm',
        message: `screenshot dropped: "gone.png" does not exist or is not a file (${join(root, 'shots/gone.png')})`,
        severity: 'warning',
      },
    ]);
    expect(missing.episodes[0]!.steps[1]!.before).toEqual({ url: 'http://shop.test/' });
  });

  test('the last entry may be the final observation; fail_error is charged to the action before it', async () => {
    const root = makeDataset({
      't.json': JSON.stringify({
        '0': entry({ action_type: 13, url: 'http://shop.test/cart' }),
        '1': entry(undefined, {
          fail_error: 'Timeout 30000ms exceeded.',
          observation_metadata: { text: { url: 'http://shop.test/', obs_nodes_info: {} }, image: { obs_nodes_info: {} } },
        }),
      }),
    });
    const out = await decode(join(root, 't.json'), root);
    expect(out.problems).toEqual([]);
    const [ep] = out.episodes;
    expect(ep!.steps.map((s) => s.action.type)).toEqual(['openPage', 'navigate']);
    expect(ep!.after).toEqual({ url: 'http://shop.test/' });
    expect((ep!.meta.steps as object[])[1]).toMatchObject({ failedInRecording: 'Timeout 30000ms exceeded.' });

    const hole = makeDataset({ 'h.json': JSON.stringify({ '0': entry(undefined), '1': entry({ action_type: 17 }) }) });
    expect((await decode(join(hole, 'h.json'), hole)).problems).toEqual([
      {
        file: join(hole, 'h.json'),
        record: '["0"]',
        field: 'action',
        episode: 'h',
        message: 'missing (only the last entry may be an observation without an action)',
        severity: 'error',
      },
    ]);
  });

  test('SoM boxes: an undecidable Recon-Act file is read as VWA centre boxes, with a warning', async () => {
    const image = { '5': [200, 100, 40, 20] };
    const files = {
      't.json': JSON.stringify({
        '0': entry(
          { action_type: 6, element_id: '5' },
          { observation_metadata: { text: { url: 'http://shop.test/', obs_nodes_info: {} }, image: { obs_nodes_info: image } } },
        ),
      }),
    };
    const root = makeDataset(files);
    const out = await decode(join(root, 't.json'), root);
    expect(out.problems.map((p) => [p.field, p.severity])).toEqual([
      ['info.observation_metadata.image.obs_nodes_info', 'warning'],
      ['action.element_id', 'warning'],
    ]);
    expect(out.problems[0]!.message).toBe(
      "cannot tell whether SoM boxes are (centre x, centre y, w, h) as VWA writes them or top-left xywh as the Recon-Act card says; assumed VWA's form",
    );
    expect(out.episodes[0]!.steps[1]!.before!.targetBox).toEqual({ x: 180, y: 90, width: 40, height: 20 });
    const told = await decode(join(root, 't.json'), root, createVisualWebArenaFormat({ somBoxes: 'topLeft' }));
    expect(told.problems.map((p) => p.field)).toEqual(['action.element_id']);
    expect(told.episodes[0]!.steps[1]!.before!.targetBox).toEqual({ x: 200, y: 100, width: 40, height: 20 });
  });

  test('tabs: NEW_TAB names a new page, PAGE_FOCUS and PAGE_CLOSE move the current one', async () => {
    const root = makeDataset({
      'tabs.json': JSON.stringify([
        act({ action_type: 13, url: 'http://a.test/' }),
        act({ action_type: 10 }),
        act({ action_type: 13, url: 'http://b.test/' }),
        act({ action_type: 9, page_number: 0 }),
        act({ action_type: 20 }),
        act({ action_type: 9, page_number: 1 }),
        act({ action_type: 14 }),
        act({ action_type: 12 }),
        act({ action_type: 9, page_number: 3 }),
      ]),
    });
    const out = await decode(join(root, 'tabs.json'), root, createVisualWebArenaFormat({ waitMs: 500 }));
    expect(out.problems).toEqual([
      {
        file: join(root, 'tabs.json'),
        record: '[8]',
        field: 'page_number',
        episode: 'tabs',
        message: 'tab 3 is not open at this point of the recording (1 open); VWA failed this step',
        severity: 'warning',
      },
    ]);
    expect(out.episodes[0]!.steps.map((s) => [s.page, s.action])).toEqual([
      ['page', { type: 'openPage' }],
      ['page', { type: 'navigate', url: 'http://a.test/' }],
      ['page1', { type: 'newTab' }],
      ['page1', { type: 'navigate', url: 'http://b.test/' }],
      ['page1', { type: 'switchPage', pageIndex: 0 }],
      ['page', { type: 'wait', ms: 500 }],
      ['page', { type: 'switchPage', pageIndex: 1 }],
      ['page1', { type: 'closePage' }],
      ['page', { type: 'goForward' }],
      ['page', { type: 'switchPage', pageIndex: 3 }],
    ]);
  });

  test("invalid JSON and foreign JSON reject the file's episode", async () => {
    const root = makeDataset({ 'broken.json': '{"0": {"info": ', 'other.json': JSON.stringify({ hello: 'world' }) });
    const broken = await decode(join(root, 'broken.json'), root);
    expect(broken.rejected.map((r) => r.id)).toEqual(['broken']);
    expect(broken.problems).toHaveLength(1);
    expect(broken.problems[0]!.message).toMatch(/^invalid JSON: /);
    const other = await decode(join(root, 'other.json'), root);
    expect(other.problems).toEqual([
      {
        file: join(root, 'other.json'),
        episode: 'other',
        message: 'not a VisualWebArena trajectory: expected {"0": {"info", "action"}, …}, a list of steps, or {"steps": […]}',
        severity: 'error',
      },
    ]);
  });
});

test.describe('VWA render traces and their JSON extraction (real OpenTable run, supermomo668/visualwebarena)', () => {
  const expectedActions = [
    { type: 'openPage', url: 'https://www.opentable.com/' },
    {
      type: 'hover',
      target: {
        locate: [
          { kind: 'role', role: 'button', name: 'Search icon', exact: false },
          { kind: 'fingerprint', tag: 'button', text: 'Search icon' },
        ],
        description: 'button "Search icon"',
      },
    },
    {
      type: 'click',
      target: {
        locate: [
          { kind: 'role', role: 'button', name: 'Let’s go', exact: false },
          { kind: 'fingerprint', tag: 'button', text: 'Let’s go' },
        ],
        description: 'button "Let’s go"',
      },
      button: 'left',
      modifiers: [],
      clickCount: 1,
    },
    { type: 'goBack' },
    { type: 'navigate', url: 'http://homepage.com' },
    { type: 'navigate', url: 'http://homepage.com' },
    { type: 'navigate', url: 'http://homepage.com' },
    { type: 'navigate', url: 'http://homepage.com' },
    { type: 'newTab' },
    { type: 'navigate', url: 'http://homepage.com' },
    { type: 'newTab' },
    { type: 'noop' },
    { type: 'noop' },
    { type: 'noop' },
    { type: 'stop', answer: 'Early stop: Failed to parse actions for 3 times' },
  ];
  const pages = [
    'page',
    'page',
    'page',
    'page',
    'page',
    'page',
    'page',
    'page',
    'page1',
    'page1',
    'page2',
    'page2',
    'page2',
    'page2',
    'page2',
  ];

  test('render_0.html (screenshots cut to their PNG header): action dicts read from the Python repr', async () => {
    const file = join(OPENTABLE, 'render_0.html');
    const out = await decode(file, OPENTABLE);
    expect(out.recordsRead).toBe(14);
    expect(out.rejected).toEqual([]);
    expect(out.problems).toEqual([
      {
        file,
        line: 110,
        record: 'steps[0]',
        field: 'action_object.element_id',
        episode: 'render_0',
        message: 'element "7" has no recorded box: it can only be found by its words',
        severity: 'warning',
      },
      {
        file,
        line: 175,
        record: 'steps[1]',
        field: 'action_object.element_id',
        episode: 'render_0',
        message: 'element "8" has no recorded box: it can only be found by its words',
        severity: 'warning',
      },
    ]);
    const [ep] = out.episodes;
    expect(ep!.id).toBe('render_0');
    expect(ep!.instruction).toBe('Book a table at a Italian restaurant in the downtown area with {{reqs}}');
    expect(ep!.steps.map((s) => s.action)).toEqual(expectedActions);
    expect(ep!.steps.map((s) => s.page)).toEqual(pages);
    expect(ep!.steps.map((s) => s.source.line)).toEqual([110, 110, 175, 246, 255, 264, 273, 282, 291, 300, 309, 318, 327, 336, 345]);
    expect(ep!.steps[1]).toMatchObject({
      recordedStep: 0,
      note: 'hover [7] where [7]',
      before: { url: 'https://www.opentable.com/', viewport: { width: 1280, height: 2048 } },
    });
    expect(ep!.steps[1]!.before!.screenshot).toBeUndefined(); // base64 screenshots are not copied into the IR
    expect((ep!.meta.config as Record<string, string>).start_url).toBe('https://www.opentable.com');
    expect((ep!.meta.steps as Record<string, unknown>[])[14]).toMatchObject({
      action: { action_type: 17, answer: 'Early stop: Failed to parse actions for 3 times', raw_prediction: '' },
    });
  });

  test("the JSON extraction of the same trace decodes to the same actions (viewport from the run's config.json)", async () => {
    const file = join(OPENTABLE, 'render_0.steps.derived.json');
    const out = await decode(file, OPENTABLE);
    expect(out.problems.map((p) => [p.record, p.field, p.severity])).toEqual([
      ['steps[0]', 'action.element_id', 'warning'],
      ['steps[1]', 'action.element_id', 'warning'],
    ]);
    const [ep] = out.episodes;
    expect(ep!.steps.map((s) => s.action)).toEqual(expectedActions);
    expect(ep!.steps.map((s) => s.page)).toEqual(pages);
    expect(ep!.steps[3]!.before).toEqual({ url: 'https://www.opentable.com/', viewport: { width: 1280, height: 2048 } });
    expect(ep!.steps[3]!.note).toBe('go_back');
  });

  const shared = sharedSample('visualwebarena/supermomo668-visualwebarena/results/render_0.html');
  test('the untrimmed original (read-only from ../shared, when present)', async () => {
    test.skip(!existsSync(shared), 'no ../shared beside the repo');
    const out = await decode(shared, resolve(shared, '..'));
    expect(out.episodes[0]!.steps.map((s) => s.action)).toEqual(expectedActions);
  });

  test('a broken action repr is an error at its line, and its step is not replayable', async () => {
    const html = [
      '<html><body><pre>intent: find a mug\nstart_url: http://shop.test</pre>',
      "<h2>New Page</h2><h3 class='url'><a href=http://shop.test/>URL: http://shop.test/</a></h3>",
      "<div class='state_obv'><pre>[1] [A] [Mugs]</pre><div>",
      "<div class='predict_action'><div class='action_object' style='background-color:grey'><pre>{'action_type': <ActionTypes.CLICK: 6>, 'element_id': '1', 'coords': array([0., 0.]</pre></div></div>",
      '</body></html>',
    ].join('\n');
    const root = makeDataset({ 'render_3.html': html });
    const out = await decode(join(root, 'render_3.html'), root);
    expect(out.rejected).toEqual([]);
    expect(out.episodes[0]!.steps.map((s) => [s.action.type, s.unreplayable])).toEqual([
      ['openPage', undefined],
      ['noop', 'action_object: cannot read the action repr: expected "," or ")" at offset 83'],
    ]);
    expect(out.problems).toEqual([
      {
        file: join(root, 'render_3.html'),
        line: 5,
        record: 'steps[0]',
        field: 'action_object',
        episode: 'render_3',
        message: 'cannot read the action repr: expected "," or ")" at offset 83',
        severity: 'error',
      },
    ]);
  });

  test('an escaped repr (html.escape) and an ARIA render', async () => {
    const html = [
      '<pre>intent: open the cart</pre>',
      "<h2>New Page</h2><h3 class='url'><a href=http://shop.test/>URL: http://shop.test/</a></h3>",
      "<div class='state_obv'><pre>Tab 0 (current): Shop\n\n[1] RootWebArea &#x27;Shop&#x27;\n\t[42] link &#x27;Cart (2)&#x27;</pre><div>",
      "<div class='action_object'><pre>{&#x27;action_type&#x27;: &lt;ActionTypes.CLICK: 6&gt;, &#x27;element_id&#x27;: &#x27;42&#x27;, &#x27;element_role&#x27;: 31}</pre></div>",
    ].join('\n');
    const root = makeDataset({ 'render_9.html': html });
    const out = await decode(join(root, 'render_9.html'), root);
    expect(out.episodes[0]!.instruction).toBe('open the cart');
    expect(out.episodes[0]!.steps[1]!.action).toEqual({
      type: 'click',
      target: {
        locate: [
          { kind: 'role', role: 'link', name: 'Cart (2)', exact: true },
          { kind: 'fingerprint', role: 'link', text: 'Cart (2)' },
        ],
        description: 'link "Cart (2)"',
      },
      button: 'left',
      modifiers: [],
      clickCount: 1,
    });
  });
});

test.describe('format detection', () => {
  test('VWA files are claimed by visualwebarena, DevTools flows by devtools-recorder, run configs by nothing', async () => {
    expect((await detectFormat(RECON))?.name).toBe(visualwebarena.name);
    expect((await detectFormat(join(OPENTABLE, 'render_0.html')))?.name).toBe(visualwebarena.name);
    expect((await detectFormat(join(OPENTABLE, 'render_0.steps.derived.json')))?.name).toBe(visualwebarena.name);
    expect(await detectFormat(join(OPENTABLE, 'config.json'))).toBeUndefined();
    expect((await detectFormat(resolve('tests/formats/data/devtools/checkout.json')))?.name).toBe(devtoolsRecorder.name);
    const root = makeDataset({
      'actions.json': JSON.stringify([act({ action_type: 17, answer: 'x' })]),
      'page.html': '<html><body>hi</body></html>',
    });
    expect((await detectFormat(join(root, 'actions.json')))?.name).toBe(visualwebarena.name);
    expect(await detectFormat(join(root, 'page.html'))).toBeUndefined();
  });

  test('in the whole test-data folder, only the VWA and DevTools files are claimed by those formats', async () => {
    const found = await findDatasetFiles(resolve('tests/formats/data'));
    const ours = found
      .filter((f) => f.format.name === visualwebarena.name || f.format.name === devtoolsRecorder.name)
      .map((f) => [f.file.slice(resolve('tests/formats/data').length + 1), f.format.name]);
    expect(ours).toEqual([
      ['devtools/checkout.json', 'devtools-recorder'],
      ['vwa/opentable/render_0.html', 'visualwebarena'],
      ['vwa/opentable/render_0.steps.derived.json', 'visualwebarena'],
      ['vwa/recon-act/classifieds_41.json', 'visualwebarena'],
    ]);
    const loaded = await loadDataset(DATA);
    expect(loaded.episodes.map((e) => e.id)).toEqual(['render_0', 'render_0.steps.derived', 'classifieds_41']);
    expect(loaded.rejected).toEqual([]);
  });
});
