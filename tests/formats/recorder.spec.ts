import { expect, test } from '@playwright/test';
import { decodeRecorderLine, modifiersFromBitmask, RECORDER_ACTION_NAMES } from '../../src/formats/recorder/index.js';
import { describingLocate, splitSelector } from '../../src/selectors/selector-text.js';

/** Decodes a line given as JSON text (the way it sits in a file) and expects no issues. */
function decode(json: string) {
  const r = decodeRecorderLine(JSON.parse(json));
  expect(r.issues).toEqual([]);
  expect(r.step).toBeDefined();
  return r.step!;
}

test.describe('the rpaweb sample line (spec §0)', () => {
  test('decodes to a click with a download expectation and a getByRole alternative', () => {
    const line =
      '{"name":"click","selector":"internal:role=button[name=\\"Submit\\"i]","signals":[{"name":"download","downloadAlias":"2"}],"button":"left","modifiers":0,"clickCount":1,"pageAlias":"page","locator":{"kind":"role","body":"button","options":{"attrs":[],"exact":false,"name":"Submit"}}}';
    expect(decode(line)).toStrictEqual({
      action: {
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
      },
      page: 'page',
      expect: [{ kind: 'download', alias: '2' }],
      extras: {},
    });
  });
});

test.describe('every recorder action', () => {
  const sel = 'internal:label=\\"Agree\\"i';
  const cases: [string, string, object][] = [
    ['openPage', '{"name":"openPage","url":"about:blank","signals":[],"pageAlias":"page"}', { type: 'openPage', url: 'about:blank' }],
    ['closePage', '{"name":"closePage","signals":[],"pageAlias":"page1"}', { type: 'closePage' }],
    [
      'navigate',
      '{"name":"navigate","url":"http://127.0.0.1:38101/","signals":[],"pageAlias":"page"}',
      { type: 'navigate', url: 'http://127.0.0.1:38101/' },
    ],
    [
      'click',
      `{"name":"click","selector":"${sel}","position":{"x":3,"y":4.5},"signals":[],"button":"right","modifiers":0,"clickCount":0,"pageAlias":"page"}`,
      { type: 'click', button: 'right', modifiers: [], clickCount: 0, position: { x: 3, y: 4.5 } },
    ],
    [
      'click (double)',
      `{"name":"click","selector":"${sel}","signals":[],"button":"left","modifiers":0,"clickCount":2,"pageAlias":"page"}`,
      { type: 'click', button: 'left', modifiers: [], clickCount: 2 },
    ],
    [
      'hover',
      `{"name":"hover","selector":"${sel}","position":{"x":1,"y":2},"signals":[],"pageAlias":"page"}`,
      { type: 'hover', position: { x: 1, y: 2 } },
    ],
    ['check', `{"name":"check","selector":"${sel}","signals":[],"pageAlias":"page"}`, { type: 'check' }],
    ['uncheck', `{"name":"uncheck","selector":"${sel}","signals":[],"pageAlias":"page"}`, { type: 'uncheck' }],
    ['fill', `{"name":"fill","selector":"${sel}","signals":[],"text":"a@b.c","pageAlias":"page"}`, { type: 'fill', text: 'a@b.c' }],
    [
      'press',
      `{"name":"press","selector":"${sel}","signals":[],"key":"a","modifiers":2,"pageAlias":"page"}`,
      { type: 'press', key: 'a', modifiers: ['Control'] },
    ],
    [
      'select',
      `{"name":"select","selector":"${sel}","options":["b","c"],"signals":[],"pageAlias":"page"}`,
      { type: 'select', options: ['b', 'c'], by: 'value' },
    ],
    [
      'setInputFiles',
      `{"name":"setInputFiles","selector":"${sel}","signals":[],"files":["cv.pdf"],"pageAlias":"page"}`,
      { type: 'setInputFiles', files: ['cv.pdf'] },
    ],
    [
      'assertText',
      `{"name":"assertText","selector":"${sel}","signals":[],"text":"Hello world","substring":true,"pageAlias":"page"}`,
      { type: 'assertText', text: 'Hello world', substring: true },
    ],
    [
      'assertText (exact)',
      `{"name":"assertText","selector":"${sel}","signals":[],"text":"Hello","substring":false,"pageAlias":"page"}`,
      { type: 'assertText', text: 'Hello', substring: false },
    ],
    [
      'assertValue',
      `{"name":"assertValue","selector":"${sel}","signals":[],"value":"42","pageAlias":"page"}`,
      { type: 'assertValue', value: '42' },
    ],
    [
      'assertChecked',
      `{"name":"assertChecked","selector":"${sel}","signals":[],"checked":false,"pageAlias":"page"}`,
      { type: 'assertChecked', checked: false },
    ],
    ['assertVisible', `{"name":"assertVisible","selector":"${sel}","signals":[],"pageAlias":"page"}`, { type: 'assertVisible' }],
    [
      'assertSnapshot (1.49 snapshot)',
      `{"name":"assertSnapshot","selector":"${sel}","signals":[],"snapshot":"- checkbox \\"Agree\\"","pageAlias":"page","framePath":[]}`,
      { type: 'assertSnapshot', snapshot: '- checkbox "Agree"' },
    ],
    [
      'assertSnapshot (1.54 ariaSnapshot)',
      `{"name":"assertSnapshot","selector":"${sel}","signals":[],"ariaSnapshot":"- checkbox","pageGuid":"page@1","pageAlias":"page","framePath":[]}`,
      { type: 'assertSnapshot', snapshot: '- checkbox' },
    ],
  ];
  for (const [title, line, expected] of cases) {
    test(title, () => {
      const step = decode(line);
      const { target, ...rest } = step.action as { target?: unknown };
      expect(rest).toStrictEqual(expected);
      // Lines with a selector target the recorded element (with the frame path when the line has one); the others have no target.
      const framePath = line.includes('"framePath":[]') ? { framePath: [] } : {};
      expect(target).toStrictEqual(
        line.includes('"selector"')
          ? { locate: [{ kind: 'selector', selector: 'internal:label="Agree"i', ...framePath }], description: 'field labelled "Agree"' }
          : undefined,
      );
    });
  }

  test('the table above covers all 16 recorder action names', () => {
    const covered = new Set(cases.map(([, line]) => (JSON.parse(line) as { name: string }).name));
    expect([...covered].sort()).toEqual([...RECORDER_ACTION_NAMES].sort());
    expect(RECORDER_ACTION_NAMES).toHaveLength(16);
  });

  test('assertSnapshot without text (≥1.55) decodes with a warning', () => {
    const r = decodeRecorderLine({
      name: 'assertSnapshot',
      selector: 'main',
      signals: [],
      pageGuid: 'page@9',
      pageAlias: 'page',
      framePath: [],
    });
    expect(r.step?.action).toStrictEqual({
      type: 'assertSnapshot',
      target: { locate: [{ kind: 'selector', selector: 'main', framePath: [] }] },
    });
    expect(r.issues).toEqual([{ field: 'ariaSnapshot', severity: 'warning', message: expect.stringContaining('no snapshot text') }]);
  });

  test('IR defaults fill fields a line leaves out', () => {
    const step = decode('{"name":"click","selector":"#go","signals":[],"pageAlias":"page"}');
    expect(step.action).toMatchObject({ type: 'click', button: 'left', modifiers: [], clickCount: 1 });
    const text = decode('{"name":"assertText","selector":"#go","text":"x"}');
    expect(text.action).toMatchObject({ substring: true });
    expect(text.page).toBe('page');
  });
});

test("a 1.65 fill of a file input's fakepath value is the upload it recorded; other fills stay fills", () => {
  // As the 1.65.1 recorder wrote it for setInputFiles on <input type=file> (fixtures/bank-recordings).
  const upload = decode(
    '{"name":"fill","ref":"e16","selector":"internal:role=button[name=\\"Supporting document\\"i]","text":"C:\\\\fakepath\\\\invoice.pdf","signals":[],"pageGuid":"page@1","locator":{"kind":"role","body":"button","options":{"attrs":[],"exact":false,"name":"Supporting document"}}}',
  );
  expect(upload.action).toMatchObject({ type: 'setInputFiles', files: ['invoice.pdf'] });
  expect(decode('{"name":"fill","selector":"#p","text":"D:\\\\fakepath\\\\x.pdf","pageAlias":"page"}').action).toMatchObject({
    type: 'fill',
    text: 'D:\\fakepath\\x.pdf',
  });
  expect(decode('{"name":"fill","selector":"#p","text":"see C:\\\\fakepath\\\\x.pdf","pageAlias":"page"}').action.type).toBe('fill');
});

test.describe('line shapes', () => {
  test('≤1.49: pageAlias + locator, real 1.40.1 lines', () => {
    const fill = decode(
      '{"name":"fill","selector":"internal:attr=[placeholder=\\"Your email\\"i]","signals":[],"text":"a@b.c","pageAlias":"page","locator":{"kind":"placeholder","body":"Your email","options":{"exact":false}}}',
    );
    expect(fill.action).toStrictEqual({
      type: 'fill',
      target: {
        locate: [
          { kind: 'selector', selector: 'internal:attr=[placeholder="Your email"i]' },
          { kind: 'placeholder', text: 'Your email', exact: false },
        ],
        description: 'field "Your email"',
      },
      text: 'a@b.c',
    });
    const check = decode(
      '{"name":"check","selector":"internal:label=\\"Agree\\"i","signals":[],"pageAlias":"page","locator":{"kind":"label","body":"Agree","options":{"exact":false}}}',
    );
    expect(check.action).toStrictEqual({
      type: 'check',
      target: {
        locate: [
          { kind: 'selector', selector: 'internal:label="Agree"i' },
          { kind: 'label', text: 'Agree', exact: false },
        ],
        description: 'field labelled "Agree"',
      },
    });
    // microsoft/playwright#34157: a click inside an iframe, recorded without frame info.
    const heading = decode(
      '{"name":"click","selector":"internal:role=heading[name=\\"Frame\\"i]","signals":[],"button":"left","modifiers":0,"clickCount":1,"pageAlias":"page","locator":{"kind":"role","body":"heading","options":{"attrs":[],"exact":false,"name":"Frame"}}}',
    );
    expect(heading.action).toMatchObject({
      target: {
        locate: [
          { kind: 'selector', selector: 'internal:role=heading[name="Frame"i]' },
          { kind: 'role', role: 'heading', name: 'Frame', exact: false },
        ],
      },
    });
    const testid = decode(
      '{"name":"click","selector":"internal:testid=[data-testid=\\"row-1\\"s]","signals":[],"button":"left","modifiers":0,"clickCount":2,"pageAlias":"page","locator":{"kind":"test-id","body":"row-1","options":{}}}',
    );
    expect(testid.action).toStrictEqual({
      type: 'click',
      target: {
        locate: [
          { kind: 'selector', selector: 'internal:testid=[data-testid="row-1"s]' },
          { kind: 'testId', testId: 'row-1' },
        ],
        description: 'test id "row-1"',
      },
      button: 'left',
      modifiers: [],
      clickCount: 2,
    });
  });

  test('1.50–1.61: framePath is kept on the selector, and no getBy* alternative leaves the frame', () => {
    const inFrame = decode(
      '{"name":"click","selector":"internal:text=\\"Hello1\\"i","button":"left","clickCount":1,"locator":{"body":"Hello1","kind":"text","options":{"exact":false}},"modifiers":0,"signals":[],"framePath":["#frame1"],"pageAlias":"page"}',
    );
    expect(inFrame.action).toStrictEqual({
      type: 'click',
      target: { locate: [{ kind: 'selector', selector: 'internal:text="Hello1"i', framePath: ['#frame1'] }], description: 'text "Hello1"' },
      button: 'left',
      modifiers: [],
      clickCount: 1,
    });
    const deep = decode(
      '{"name":"click","selector":"internal:text=\\"HelloNameAnonymous\\"i","button":"left","clickCount":1,"locator":{"body":"HelloNameAnonymous","kind":"text","options":{"exact":false}},"modifiers":0,"signals":[],"framePath":["#frame1","iframe","iframe >> nth=2"],"pageAlias":"page"}',
    );
    expect(deep.action).toMatchObject({
      target: {
        locate: [
          { kind: 'selector', selector: 'internal:text="HelloNameAnonymous"i', framePath: ['#frame1', 'iframe', 'iframe >> nth=2'] },
        ],
      },
    });
    // A chained locator (role → first) is not a simple node: only the selector, still described.
    const first = decode(
      '{"name":"click","selector":"internal:role=button[name=\\"Submit\\"i] >> nth=0","button":"left","clickCount":1,"locator":{"body":"button","kind":"role","options":{"exact":false,"attrs":[],"name":"Submit"},"next":{"body":"","kind":"first","options":{}}},"modifiers":0,"signals":[],"framePath":[],"pageAlias":"page"}',
    );
    expect(first.action).toMatchObject({
      target: {
        locate: [{ kind: 'selector', selector: 'internal:role=button[name="Submit"i] >> nth=0', framePath: [] }],
        description: 'button "Submit"',
      },
    });
    expect((first.action as { target: { locate: unknown[] } }).target.locate).toHaveLength(1);
  });

  test('1.54–1.61: pageAlias wins over pageGuid', () => {
    const step = decode(
      '{"name":"navigate","url":"https://example.com/","signals":[],"pageGuid":"page@4f1c","pageAlias":"page1","framePath":[]}',
    );
    expect(step.page).toBe('page1');
    expect(step.extras).toStrictEqual({});
  });

  test('#35536: the lossy chained locator never becomes an alternative', () => {
    const step = decode(
      '{"name":"click","selector":"li >> internal:has-text=\\"[Feature]: Open html\\"i >> internal:testid=[data-testid=\\"list-row-comments\\"s] >> div","signals":[],"button":"left","modifiers":0,"clickCount":1,"pageAlias":"page","framePath":[],"locator":{"kind":"default","body":"li","options":{},"next":{"kind":"test-id","body":"list-row-comments","options":{},"next":{"kind":"default","body":"div","options":{}}}}}',
    );
    expect(step.action).toStrictEqual({
      type: 'click',
      target: {
        locate: [
          {
            kind: 'selector',
            selector: 'li >> internal:has-text="[Feature]: Open html"i >> internal:testid=[data-testid="list-row-comments"s] >> div',
            framePath: [],
          },
        ],
      },
      button: 'left',
      modifiers: [],
      clickCount: 1,
    });
  });

  test('≥1.62: pageGuid only, frames folded into the selector, popupPageGuid', () => {
    const step = decode(
      '{"name":"click","selector":"#frame1 >> internal:control=enter-frame >> internal:role=button[name=\\"Inside\\"i]","button":"left","modifiers":0,"clickCount":1,"signals":[{"name":"popup","popupPageGuid":"page@b5a8"}],"pageGuid":"page@262b","locator":{"kind":"default","body":"#frame1","options":{},"next":{"kind":"frame","body":"","options":{},"next":{"kind":"role","body":"button","options":{"attrs":[],"exact":false,"name":"Inside"}}}}}',
    );
    expect(step).toStrictEqual({
      action: {
        type: 'click',
        target: {
          locate: [{ kind: 'selector', selector: '#frame1 >> internal:control=enter-frame >> internal:role=button[name="Inside"i]' }],
          description: 'button "Inside"',
        },
        button: 'left',
        modifiers: [],
        clickCount: 1,
      },
      page: 'page@262b',
      expect: [{ kind: 'popup', page: 'page@b5a8' }],
      extras: {},
    });
    const select = decode(
      '{"name":"select","selector":"[id=\\"s\\"]","options":["b"],"signals":[],"pageGuid":"page@262b","locator":{"kind":"default","body":"[id=\\"s\\"]","options":{}}}',
    );
    expect(select.action).toStrictEqual({
      type: 'select',
      target: { locate: [{ kind: 'selector', selector: '[id="s"]' }] },
      options: ['b'],
      by: 'value',
    });
  });

  test('no page field at all: page', () => {
    expect(decode('{"name":"closePage","signals":[]}').page).toBe('page');
  });

  test('unknown keys are kept as extras, preconditionSelector becomes a visible expectation inside its frame', () => {
    const step = decode(
      '{"name":"click","selector":"internal:text=\\"Go\\"i","button":"left","modifiers":0,"clickCount":1,"signals":[],"ref":"e2","preconditionSelector":"internal:text=\\"Ready\\"i","pageGuid":"page@1","pageAlias":"page","framePath":["#f"]}',
    );
    expect(step.extras).toStrictEqual({ ref: 'e2' });
    expect(step.expect).toStrictEqual([{ kind: 'visible', selector: '#f >> internal:control=enter-frame >> internal:text="Ready"i' }]);
  });
});

test.describe('modifiers bitmask', () => {
  test('Alt=1, Control=2, Meta=4, Shift=8, in that order', () => {
    expect(modifiersFromBitmask(0)).toEqual([]);
    expect(modifiersFromBitmask(2)).toEqual(['Control']);
    expect(modifiersFromBitmask(8)).toEqual(['Shift']);
    expect(modifiersFromBitmask(10)).toEqual(['Control', 'Shift']);
    expect(modifiersFromBitmask(15)).toEqual(['Alt', 'Control', 'Meta', 'Shift']);
    expect(modifiersFromBitmask(5)).toEqual(['Alt', 'Meta']);
  });

  test('on click and press lines', () => {
    expect(
      decode('{"name":"click","selector":"#a","signals":[],"button":"left","modifiers":8,"clickCount":1,"pageAlias":"page"}').action,
    ).toMatchObject({ modifiers: ['Shift'] });
    expect(
      decode('{"name":"click","selector":"#a","signals":[],"button":"left","modifiers":10,"clickCount":1,"pageAlias":"page"}').action,
    ).toMatchObject({ modifiers: ['Control', 'Shift'] });
    expect(decode('{"name":"press","selector":"#a","signals":[],"key":"Enter","modifiers":2,"pageAlias":"page"}').action).toMatchObject({
      key: 'Enter',
      modifiers: ['Control'],
    });
  });

  test('bits the recorder never sets are a problem', () => {
    const r = decodeRecorderLine({ name: 'press', selector: '#a', key: 'a', modifiers: 16 });
    expect(r.step).toBeUndefined();
    expect(r.issues).toEqual([{ field: 'modifiers', severity: 'error', message: 'Too big: expected number to be <=15' }]);
  });
});

test.describe('signals', () => {
  const click = (signals: unknown[]) => ({
    name: 'click',
    selector: '#a',
    signals,
    button: 'left',
    modifiers: 0,
    clickCount: 1,
    pageAlias: 'page',
  });

  test('each kind becomes an expectation, in order (1.40.1 popup + navigation)', () => {
    const r = decodeRecorderLine(
      click([
        { name: 'popup', popupAlias: 'page1' },
        { name: 'navigation', url: 'http://127.0.0.1:38101/p2' },
        { name: 'download', downloadAlias: '' },
        { name: 'dialog', dialogAlias: '' },
        { name: 'expect', selector: 'internal:text="Done"i' },
        { name: 'popup', popupPageGuid: 'page@77' },
        { name: 'dialog' },
      ]),
    );
    expect(r.issues).toEqual([]);
    expect(r.step?.expect).toStrictEqual([
      { kind: 'popup', page: 'page1' },
      { kind: 'navigation', url: 'http://127.0.0.1:38101/p2' },
      { kind: 'download', alias: '' },
      { kind: 'dialog', alias: '', response: 'dismiss' },
      { kind: 'visible', selector: 'internal:text="Done"i' },
      { kind: 'popup', page: 'page@77' },
      { kind: 'dialog', response: 'dismiss' },
    ]);
  });

  test('unknown or incomplete signals are problems with their path', () => {
    const r = decodeRecorderLine(
      click([{ name: 'download', downloadAlias: '' }, { name: 'teleport' }, { name: 'popup' }, { name: 'download' }, 'x']),
      'json_data.browserCode',
    );
    expect(r.step).toBeUndefined();
    expect(r.issues).toEqual([
      {
        field: 'json_data.browserCode.signals[1].name',
        severity: 'error',
        message: 'unknown signal "teleport" (known: navigation, popup, download, dialog, expect)',
      },
      {
        field: 'json_data.browserCode.signals[2].popupAlias',
        severity: 'error',
        message: 'missing (a popup signal needs popupAlias or popupPageGuid)',
      },
      { field: 'json_data.browserCode.signals[3].downloadAlias', severity: 'error', message: 'missing (expected string)' },
      { field: 'json_data.browserCode.signals[4]', severity: 'error', message: 'expected a signal object' },
    ]);
  });
});

test.describe('bad lines are problems, not exceptions', () => {
  test('unknown action name', () => {
    expect(decodeRecorderLine({ name: 'teleport', selector: '#a' }, 'json_data.browserCode')).toEqual({
      issues: [{ field: 'json_data.browserCode.name', severity: 'error', message: 'unknown recorder action "teleport"' }],
    });
  });
  test('missing name, non-object line', () => {
    expect(decodeRecorderLine({ selector: '#a' }).issues).toEqual([
      { field: 'name', severity: 'error', message: 'missing (expected string)' },
    ]);
    expect(decodeRecorderLine({ name: 7 }).issues).toEqual([
      { field: 'name', severity: 'error', message: 'expected a string, got number' },
    ]);
    expect(decodeRecorderLine([1], 'json_data.browserCode').issues).toEqual([
      { field: 'json_data.browserCode', severity: 'error', message: 'expected a recorder action object, got an array' },
    ]);
  });
  test('missing and wrong-typed fields, all of them at once', () => {
    const r = decodeRecorderLine(
      { name: 'click', button: 'up', clickCount: '1', position: { x: 1 }, pageAlias: 'page' },
      'json_data.browserCode',
    );
    expect(r.step).toBeUndefined();
    expect(r.issues.map((i) => i.field)).toEqual([
      'json_data.browserCode.selector',
      'json_data.browserCode.button',
      'json_data.browserCode.clickCount',
      'json_data.browserCode.position.y',
    ]);
    expect(r.issues[0]).toEqual({ field: 'json_data.browserCode.selector', severity: 'error', message: 'missing (expected string)' });
    expect(decodeRecorderLine({ name: 'fill', selector: '#a', text: 5 }).issues).toEqual([
      { field: 'text', severity: 'error', message: 'Invalid input: expected string, received number' },
    ]);
    expect(decodeRecorderLine({ name: 'select', selector: '#a', options: ['a', 1] }).issues.map((i) => i.field)).toEqual(['options[1]']);
    expect(decodeRecorderLine({ name: 'click', selector: '' }).issues.map((i) => i.field)).toEqual(['selector']);
  });
  test('a malformed locator object is only a warning: the selector is the truth', () => {
    const r = decodeRecorderLine({ name: 'check', selector: '#a', locator: 'button' });
    expect(r.step?.action).toStrictEqual({ type: 'check', target: { locate: [{ kind: 'selector', selector: '#a' }] } });
    expect(r.issues).toEqual([{ field: 'locator', severity: 'warning', message: expect.stringContaining('ignored') }]);
  });
});

test.describe('selector text', () => {
  test('splits on >> outside quotes', () => {
    expect(splitSelector('li >> internal:has-text="a >> b"i >> div')).toEqual(['li', 'internal:has-text="a >> b"i', 'div']);
  });
  test('names what the selector ends on', () => {
    expect(describingLocate('internal:role=button[name="Say \\"hi\\""s]')).toEqual({
      kind: 'role',
      role: 'button',
      name: 'Say "hi"',
      exact: true,
    });
    expect(describingLocate('internal:role=checkbox')).toEqual({ kind: 'role', role: 'checkbox' });
    expect(describingLocate('internal:attr=[title="Close"i] >> nth=1')).toEqual({ kind: 'title', text: 'Close', exact: false });
    expect(describingLocate('internal:text=/Hel+o/i')).toBeUndefined();
    expect(describingLocate('#id')).toBeUndefined();
  });
  test('a role with attributes or a regex name keeps only the selector', () => {
    const r = decodeRecorderLine({
      name: 'click',
      selector: 'internal:role=heading[level=2][name="News"i]',
      locator: { kind: 'role', body: 'heading', options: { attrs: [{ name: 'level', value: 2 }], exact: false, name: 'News' } },
    });
    expect(r.step?.action).toMatchObject({ target: { locate: [{ kind: 'selector' }], description: 'heading "News"' } });
    expect((r.step?.action as { target: { locate: unknown[] } }).target.locate).toHaveLength(1);
    const re = decodeRecorderLine({ name: 'click', selector: 'internal:text=/Hel+o/i', locator: { kind: 'text', body: {}, options: {} } });
    expect(re.step?.action).toMatchObject({ target: { locate: [{ kind: 'selector', selector: 'internal:text=/Hel+o/i' }] } });
    expect((re.step?.action as { target: { locate: unknown[]; description?: string } }).target).toStrictEqual({
      locate: [{ kind: 'selector', selector: 'internal:text=/Hel+o/i' }],
    });
  });
});
