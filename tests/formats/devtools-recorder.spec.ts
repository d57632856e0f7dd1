import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { devtoolsRecorder, sniffDevtoolsRecorder } from '../../src/formats/devtools-recorder.js';
import { parseAria, targetFromSelectors } from '../../src/formats/devtools/selectors.js';
import type { Decoded } from '../../src/formats/format.js';
import { loadDataset } from '../../src/formats/load-dataset.js';
import { formatProblem } from '../../src/ir/problem.js';
import { makeDataset } from './helpers.js';

const FLOW = resolve('tests/formats/data/devtools/checkout.json');

async function decode(file: string, root = resolve(file, '..')): Promise<Decoded> {
  return devtoolsRecorder.decodeFile(file, { datasetRoot: root });
}

function flow(steps: unknown[], more: Record<string, unknown> = {}): string {
  return JSON.stringify({ title: 'T', steps, ...more });
}

const viewport = { width: 1280, height: 720 };

test.describe('DevTools Recorder flows', () => {
  test('every step type of the checkout flow', async () => {
    const out = await decode(FLOW);
    const src = (i: number) => ({ file: FLOW, record: `steps[${i}]` });
    expect(out.recordsRead).toBe(23);
    expect(out.rejected).toEqual([]);
    expect(out.problems).toEqual([
      {
        file: FLOW,
        episode: 'Checkout with a saved address',
        record: 'steps[21]',
        field: 'type',
        message:
          'customStep "lighthouse-snapshot" runs extension code that cannot be replayed; it is reported not-supported and the other steps run',
        severity: 'warning',
      },
    ]);
    const [ep] = out.episodes;
    expect(ep!.id).toBe('Checkout with a saved address');
    expect(ep!.format).toBe('devtools-recorder');
    expect(ep!.source).toEqual({ file: FLOW });
    const steps = ep!.steps.map((s) => {
      const { source, ...rest } = s;
      expect(source).toEqual(src(s.index));
      expect(s.recordedStep).toBe(s.index);
      expect(s.before, `step ${s.index}`).toEqual(s.index > 0 ? { viewport } : undefined);
      return rest;
    });
    const frame = [':is(iframe, frame) >> nth=0'];
    expect(steps.map((s) => [s.page, s.action, s.expect, s.note])).toEqual([
      [
        'page',
        { type: 'setViewport', width: 1280, height: 720, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
        [],
        undefined,
      ],
      [
        'page',
        { type: 'navigate', url: 'http://localhost:8080/shop/' },
        [{ kind: 'navigation', url: 'http://localhost:8080/shop/' }],
        undefined,
      ],
      [
        'page',
        {
          type: 'click',
          target: {
            // aria/ asks Chrome's accessibility tree and text/ runs Puppeteer's text query; their
            // getBy* approximations come after every recorded alternative.
            locate: [
              { kind: 'aria', role: 'button', name: 'Add "Blue mug" to cart' },
              { kind: 'css', css: "[data-testid='add-blue-mug']" },
              { kind: 'xpath', xpath: '//*[@data-testid="add-blue-mug"]' },
              { kind: 'textContains', text: 'Add to cart' },
              { kind: 'role', role: 'button', name: 'Add "Blue mug" to cart', exact: true },
              { kind: 'text', text: 'Add to cart', exact: false },
            ],
            description: 'button "Add "Blue mug" to cart"',
            raced: 4,
          },
          // Clicked at the recorded offset without a hit-test, held for the recorded duration.
          button: 'left',
          modifiers: [],
          clickCount: 1,
          position: { x: 41.5, y: 12 },
          atRecordedPoint: true,
          holdMs: 87,
        },
        [],
        undefined,
      ],
      [
        'page',
        {
          type: 'hover',
          target: {
            locate: [
              { kind: 'aria', name: 'Cart' },
              { kind: 'css', css: '#cart-link' },
              { kind: 'label', text: 'Cart', exact: true },
              { kind: 'text', text: 'Cart', exact: true },
            ],
            description: 'element named "Cart"',
            raced: 2,
          },
        },
        [],
        undefined,
      ],
      [
        'page',
        {
          type: 'click',
          target: { locate: [{ kind: 'css', css: '#qty' }] },
          button: 'left',
          modifiers: [],
          clickCount: 2,
          position: { x: 10, y: 8 },
          atRecordedPoint: true,
        },
        [],
        undefined,
      ],
      // `change` fills by the kind of field it lands on (a <select> gets the option of that value).
      [
        'page',
        {
          type: 'fill',
          target: {
            locate: [
              { kind: 'aria', name: 'Quantity' },
              { kind: 'css', css: '#qty' },
              { kind: 'label', text: 'Quantity', exact: true },
              { kind: 'text', text: 'Quantity', exact: true },
            ],
            description: 'element named "Quantity"',
            raced: 2,
          },
          text: '2',
          byFieldKind: true,
        },
        [],
        undefined,
      ],
      [
        'page',
        {
          type: 'fill',
          target: {
            locate: [
              { kind: 'aria', role: 'combobox', name: 'Shipping' },
              { kind: 'css', css: "form#checkout > select[name='shipping']" },
              { kind: 'role', role: 'combobox', name: 'Shipping', exact: true },
            ],
            description: 'combobox "Shipping"',
            raced: 2,
          },
          text: 'express',
          byFieldKind: true,
        },
        [],
        undefined,
      ],
      ['page', { type: 'keyDown', key: 'Enter' }, [], undefined],
      ['page', { type: 'keyUp', key: 'Enter' }, [{ kind: 'navigation', url: 'http://localhost:8080/shop/checkout' }], undefined],
      // Recorded absolute positions are scrolled to, as @puppeteer/replay does.
      ['page', { type: 'scroll', dx: 0, dy: 0, unit: 'px', to: { x: 0, y: 480 } }, [], undefined],
      ['page', { type: 'scroll', dx: 0, dy: 0, unit: 'px', to: { x: 0, y: 1130 } }, [], undefined],
      [
        'page',
        { type: 'scroll', target: { locate: [{ kind: 'css', css: '#terms' }] }, dx: 0, dy: 0, unit: 'px', to: { x: 0, y: 300 } },
        [],
        undefined,
      ],
      [
        'page',
        {
          type: 'click',
          target: {
            locate: [
              { kind: 'selector', selector: 'css=my-address-picker >> css=button.saved' },
              { kind: 'css', css: 'button.saved' },
            ],
            raced: 2,
          },
          button: 'right',
          modifiers: [],
          clickCount: 1,
          position: { x: 5, y: 5 },
          atRecordedPoint: true,
        },
        [],
        undefined,
      ],
      [
        'page',
        {
          type: 'click',
          target: {
            locate: [
              { kind: 'aria', name: 'Card number', framePath: [0] },
              { kind: 'selector', selector: 'css=#card-number', framePath: frame },
              {
                kind: 'selector',
                selector: 'internal:label="Card number"s >> internal:or="internal:text=\\"Card number\\"s >> css=:scope:not(label)"',
                framePath: frame,
              },
            ],
            description: 'element named "Card number"',
            raced: 2,
          },
          button: 'left',
          modifiers: [],
          clickCount: 1,
          position: { x: 30, y: 9 },
          atRecordedPoint: true,
        },
        [],
        undefined,
      ],
      // waitForElement as @puppeteer/replay checks it: the first alternative matching anything, `>= 1` by default.
      [
        'page',
        {
          type: 'wait',
          elements: {
            selectors: ['internal:role=heading[name="Order placed"s]', 'css=h1.confirmation'],
            operator: '>=',
            count: 1,
            // The aria/ alternative is counted in the accessibility tree; its selector only approximates it.
            aria: [{ at: 0, name: 'Order placed', role: 'heading' }],
          },
        },
        [],
        undefined,
      ],
      ['page', { type: 'wait', elements: { selectors: ['css=.order-line'], operator: '>=', count: 2 } }, [], undefined],
      ['page', { type: 'wait', elements: { selectors: ['css=.spinner'], operator: '==', count: 0 } }, [], undefined],
      ['page', { type: 'wait', expression: "document.querySelectorAll('.order-line').length === 2" }, [], undefined],
      // The receipt page is first used by the next step: this click is taken to have opened it.
      [
        'page',
        {
          type: 'click',
          target: {
            locate: [
              { kind: 'aria', name: 'Print receipt' },
              { kind: 'label', text: 'Print receipt', exact: true },
              { kind: 'text', text: 'Print receipt', exact: true },
            ],
            description: 'element named "Print receipt"',
          },
          button: 'left',
          modifiers: [],
          clickCount: 1,
          position: { x: 20, y: 10 },
          atRecordedPoint: true,
        },
        // Or a cross-site frame of the main page at that URL, as @puppeteer/replay allows.
        [{ kind: 'popup', page: 'page1', url: 'http://localhost:8080/shop/receipt/1042', frameOf: 'page' }],
        undefined,
      ],
      [
        'page1',
        {
          type: 'click',
          // Frame-relative, in case the URL turns out to be a frame's.
          target: {
            locate: [
              { kind: 'textContains', text: 'Close', framePath: [] },
              { kind: 'selector', selector: 'internal:text="Close"i', framePath: [] },
            ],
            description: 'text "Close"',
          },
          button: 'left',
          modifiers: [],
          clickCount: 1,
          position: { x: 3, y: 3 },
          atRecordedPoint: true,
        },
        [],
        'runs on http://localhost:8080/shop/receipt/1042',
      ],
      ['page1', { type: 'closePage' }, [], undefined],
      [
        'page',
        {
          type: 'noop',
          note: 'customStep lighthouse-snapshot',
          unsupported:
            'customStep "lighthouse-snapshot" runs Recorder-extension code this replayer does not have (@puppeteer/replay skips it too)',
        },
        [],
        undefined,
      ],
      ['page', { type: 'emulateNetwork', download: 50000, upload: 20000, latency: 400 }, [], undefined],
    ]);
    expect(ep!.steps[0]!.before).toBeUndefined();
    const meta = ep!.meta;
    expect({ ...meta, steps: undefined }).toEqual({
      title: 'Checkout with a saved address',
      timeout: 7000,
      selectorAttribute: 'data-testid',
      steps: undefined,
    });
    const extras = meta.steps as Record<string, unknown>[];
    expect(extras).toHaveLength(23);
    expect(extras[0]).toEqual({}); // isMobile, hasTouch, isLandscape: now in the setViewport action
    expect(extras[1]).toEqual({ navigationTitles: ['Shop'] });
    expect(extras[2]).toEqual({ duration: 87 });
    expect(extras[13]).toEqual({ deviceType: 'mouse', frame: [0] });
    expect(extras[19]).toEqual({ target: 'http://localhost:8080/shop/receipt/1042' });
    expect(extras[21]).toEqual({ name: 'lighthouse-snapshot', parameters: { categories: ['accessibility'] } });
  });

  test('a bad step rejects the flow, naming its record and field', async () => {
    const root = makeDataset({
      'flow.json': flow([
        { type: 'navigate', url: 'http://localhost:8080/' },
        { type: 'click', selectors: [['#a']], offsetX: 1, offsetY: 1 },
        { type: 'click', offsetX: 1, offsetY: 1 },
        { type: 'hovr', selectors: [['#b']] },
        { type: 'click', selectors: [['#c']], button: 'back' },
        { type: 'click', selectors: [['aria/Go[level="2"]']], offsetX: 1, offsetY: 1 },
        { type: 'keyDown' },
        'click',
        { type: 'scroll', y: 'down' },
      ]),
    });
    const file = join(root, 'flow.json');
    const out = await decode(file, root);
    const e = (record: string, field: string | undefined, message: string) => ({
      file,
      episode: 'T',
      record,
      ...(field ? { field } : {}),
      message,
      severity: 'error',
    });
    expect(out.episodes).toEqual([]);
    expect(out.problems).toEqual([
      e('steps[2]', 'selectors', 'missing (expected array)'),
      e(
        'steps[3]',
        'type',
        'unknown step type "hovr" (known: setViewport, navigate, click, doubleClick, hover, change, keyDown, keyUp, scroll, waitForElement, waitForExpression, close, customStep, emulateNetworkConditions)',
      ),
      // @puppeteer/replay's parser requires the click offsets too.
      e('steps[4]', 'offsetX', 'missing (expected number)'),
      e('steps[4]', 'offsetY', 'missing (expected number)'),
      e('steps[5]', 'selectors[0][0]', '"aria/Go[level=\\"2\\"]": unknown ARIA attribute [level] (only name and role)'),
      e('steps[6]', 'key', 'missing (expected string)'),
      e('steps[7]', undefined, 'expected an object (a step)'),
      e('steps[8]', 'y', 'Invalid input: expected number, received string'),
    ]);
    expect(out.rejected).toEqual([{ id: 'T', format: 'devtools-recorder', source: { file }, problems: out.problems }]);
    expect(out.recordsRead).toBe(9);
  });

  test('the flow itself: title, steps, JSON', async () => {
    const root = makeDataset({
      'untitled.json': JSON.stringify({ title: '', steps: [{ type: 'navigate', url: 'http://localhost:8080/' }] }),
      'no-steps.json': JSON.stringify({ title: 'Nothing', steps: [] }),
      'no-title.json': JSON.stringify({ steps: {} }),
      'broken.json': '{"title": "x", "steps": [',
    });
    const untitled = await decode(join(root, 'untitled.json'), root);
    expect(untitled.episodes.map((e) => e.id)).toEqual(['untitled']);
    const empty = await decode(join(root, 'no-steps.json'), root);
    expect(empty.episodes).toEqual([]);
    const nothing = {
      file: join(root, 'no-steps.json'),
      episode: 'Nothing',
      field: 'steps',
      message: 'the flow "Nothing" has no steps: nothing to replay',
      severity: 'error',
    };
    expect(empty.problems).toEqual([nothing]);
    // Rejected, so a run lists it as an episode (error, invalid-input) rather than leaving it out.
    expect(empty.rejected).toEqual([
      { id: 'Nothing', format: 'devtools-recorder', source: { file: join(root, 'no-steps.json') }, problems: [nothing] },
    ]);
    const noTitle = await decode(join(root, 'no-title.json'), root);
    expect(noTitle.rejected.map((r) => r.id)).toEqual(['no-title']);
    expect(noTitle.problems.map((p) => [p.field, p.message])).toEqual([
      ['title', 'missing (expected string)'],
      ['steps', 'Invalid input: expected array, received object'],
    ]);
    const broken = await decode(join(root, 'broken.json'), root);
    expect(broken.rejected.map((r) => r.id)).toEqual(['broken']);
    expect(broken.problems[0]!.message).toMatch(/^invalid JSON: /);
  });

  test('mobile emulation is carried to the action, a touch click a note', async () => {
    const root = makeDataset({
      'm.json': flow([
        { type: 'setViewport', width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true, isLandscape: false },
        { type: 'click', selectors: [['#menu']], offsetX: 2, offsetY: 2, deviceType: 'touch' },
      ]),
    });
    const out = await decode(join(root, 'm.json'), root);
    // Replayed as Puppeteer's page.setViewport does it (tests/devtools-conformance): nothing to warn of.
    expect(out.problems).toEqual([]);
    // @puppeteer/replay clicks with the mouse whatever the deviceType: so do we, with a note.
    expect(out.episodes[0]!.steps[1]!.note).toBe('recorded with a touch; clicked with the mouse, as @puppeteer/replay does');
    expect(out.episodes[0]!.steps[0]!.action).toEqual({
      type: 'setViewport',
      width: 390,
      height: 844,
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      isLandscape: false,
    });
    expect(out.episodes[0]!.steps[1]!.before).toEqual({ viewport: { width: 390, height: 844 } });
  });
});

test.describe('DevTools selectors', () => {
  test('prefixes', () => {
    const t = targetFromSelectors(
      [
        'aria/Search[role="searchbox"]',
        'aria/[role="main"]',
        "aria/Name with 'quotes'",
        'xpath//html/body/div[2]',
        'pierce/#shadow-input',
        'text/Sign in',
        'form > input.q',
      ],
      undefined,
      'selectors',
    );
    expect(t).toEqual({
      issues: [],
      target: {
        // The recorded alternatives in order (aria/ as accessibility-tree queries, text/ as
        // Puppeteer's text query), then the Playwright approximations of the aria/ and text/ ones.
        locate: [
          { kind: 'aria', role: 'searchbox', name: 'Search' },
          { kind: 'aria', role: 'main' },
          { kind: 'aria', name: "Name with 'quotes'" },
          { kind: 'xpath', xpath: '/html/body/div[2]' },
          { kind: 'css', css: '#shadow-input' },
          { kind: 'textContains', text: 'Sign in' },
          { kind: 'css', css: 'form > input.q' },
          { kind: 'role', role: 'searchbox', name: 'Search', exact: true },
          { kind: 'role', role: 'main' },
          { kind: 'label', text: "Name with 'quotes'", exact: true },
          { kind: 'text', text: "Name with 'quotes'", exact: true },
          { kind: 'text', text: 'Sign in', exact: false },
        ],
        // The first seven, the recording's own, are raced as @puppeteer/replay races them.
        raced: 7,
        description: 'searchbox "Search"',
      },
    });
  });

  test('shadow paths and frames become Playwright selectors', () => {
    expect(
      targetFromSelectors([['aria/Settings', 'aria/Dark mode[role="switch"]', 'xpath///span', 'text/On']], [1, 0], 'selectors').target,
    ).toEqual({
      locate: [
        {
          kind: 'selector',
          selector:
            'internal:label="Settings"s >> internal:or="internal:text=\\"Settings\\"s >> css=:scope:not(label)" >> internal:role=switch[name="Dark mode"s] >> xpath=//span >> internal:text="On"i',
          framePath: [':is(iframe, frame) >> nth=1', ':is(iframe, frame) >> nth=0'],
        },
      ],
    });
    // The `or` alternative repeats the path before it (internal:or is evaluated from the root).
    expect(targetFromSelectors([['#host', 'aria/Buy']], undefined, 'selectors').target!.locate).toEqual([
      {
        kind: 'selector',
        selector: 'css=#host >> internal:label="Buy"s >> internal:or="css=#host >> internal:text=\\"Buy\\"s >> css=:scope:not(label)"',
      },
    ]);
  });

  test('ARIA selector syntax', () => {
    expect(parseAria('Submit  order [role="button"]')).toEqual({ name: 'Submit order', role: 'button' });
    expect(parseAria("[name='Close'][role='button']")).toEqual({ name: 'Close', role: 'button' });
    expect(parseAria('[role="heading"]')).toEqual({ role: 'heading' });
    expect(parseAria('')).toEqual({ error: 'an ARIA selector needs a name or a role' });
    expect(targetFromSelectors(['text/'], undefined, 'selectors').issues).toEqual([
      { field: 'selectors[0]', message: '"text/" selects nothing (empty after the prefix)', severity: 'error' },
    ]);
  });

  test('sniffing', () => {
    const head = '{\n  "title": "Recording 1",\n  "steps": [\n    {\n      "type": "setViewport",';
    expect(sniffDevtoolsRecorder('rec.json', head)).toBe(true);
    expect(sniffDevtoolsRecorder('rec.jsonl', head)).toBe(false);
    expect(sniffDevtoolsRecorder('rec.json', '{"title": "x", "steps": [{"action_type": 6, "type": "click"}]}')).toBe(false);
    expect(sniffDevtoolsRecorder('rec.json', '{"title": "x", "items": []}')).toBe(false);
    // What Chrome exports when the recording is stopped before any action.
    expect(sniffDevtoolsRecorder('rec.json', '{\n  "title": "Recording 2",\n  "steps": []\n}\n')).toBe(true);
    expect(sniffDevtoolsRecorder('rec.json', '{"steps": []}')).toBe(false);
  });

  test('a folder with a flow of no steps: found, and rejected with the reason', async () => {
    const root = makeDataset({
      'a/empty.json': '{\n  "title": "Recording 2",\n  "steps": []\n}\n',
      'b/one.json': flow([{ type: 'navigate', url: 'http://localhost:8080/' }]),
    });
    const data = await loadDataset(root);
    expect(data.files.map((f) => [f.file, f.format.name])).toEqual([
      [join(root, 'a/empty.json'), 'devtools-recorder'],
      [join(root, 'b/one.json'), 'devtools-recorder'],
    ]);
    expect(data.episodes.map((e) => e.id)).toEqual(['T']);
    expect(data.rejected.map((r) => r.id)).toEqual(['Recording 2']);
    expect(data.problems.map((p) => formatProblem(p, root))).toEqual([
      'a/empty.json: error: steps: the flow "Recording 2" has no steps: nothing to replay',
    ]);
  });
});
