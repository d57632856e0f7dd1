import { expect, test } from '@playwright/test';
import { decodeVwaAction, DEFAULT_WAIT_MS, type DecodedAction } from '../../src/formats/vwa/action.js';
import { ACTION_TYPE_NAMES, actionTypeNumber, ROLES } from '../../src/formats/vwa/action-types.js';
import { decodeKeyText, idToKey, parseKeyComb } from '../../src/formats/vwa/keys.js';
import type { StepObservation } from '../../src/formats/vwa/nodes.js';

/** VWA's `create_none_action()` defaults: what agent runs store for unused fields. */
const NONE = {
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
};

const FIELDS = {
  textNodes: 'info.observation_metadata.text.obs_nodes_info',
  imageNodes: 'info.observation_metadata.image.obs_nodes_info',
  text: 'som_text_obs',
};

function observation(o: Partial<StepObservation> = {}): StepObservation {
  return { somBoxes: 'center', fields: FIELDS, ...o };
}

function decode(action: Record<string, unknown>, o: Partial<StepObservation> = {}, waitMs = DEFAULT_WAIT_MS): DecodedAction {
  return decodeVwaAction({ ...NONE, ...action }, { field: 'action', observation: observation(o), waitMs });
}

/** "hello" as VWA key ids (`_keys2ids`). */
function ids(s: string): number[] {
  return [...s].map((c) => (c === '\n' ? 129982 : c.codePointAt(0)! <= 127 ? c.codePointAt(0)! - 17 : c.codePointAt(0)! - 18));
}

const AX = {
  '1129': { backend_id: 4410, union_bound: [100, 200, 80, 30], text: "[1129] button 'Search' focused: True" },
  '1744': { backend_id: 4500, union_bound: [20.5, 400, 300, 24], text: "[1744] link 'Women\\'s \"Classic\" Tee'" },
  '88': { backend_id: 90, union_bound: null, text: "[88] StaticText 'Sort by'" },
  '9': {
    backend_id: 91,
    bound: [0, 2600, 400, 40],
    union_bound: [0, 2600, 400, 300],
    offsetrect_bound: [0, 0, 0, 0],
    text: "[9] textbox 'Title' required: True",
  },
};

const SOM_TEXT =
  '[1] [IMG] [Classifieds, description: a blue logo, url: http://x/logo.png]\n[2] [A] [Login]\n[] [StaticText] [Price]\n[7] [BUTTON] [Search icon]\n[12] [INPUT] []';

test.describe('VWA action types', () => {
  test('the enum and role tables', () => {
    expect(ACTION_TYPE_NAMES).toHaveLength(22);
    expect(ACTION_TYPE_NAMES[20]).toBe('WAIT');
    expect(ACTION_TYPE_NAMES[21]).toBe('DRAG');
    expect(actionTypeNumber('ActionTypes.SELECT_OPTION')).toBe(16);
    expect(actionTypeNumber('stop')).toBe(17);
    expect(actionTypeNumber(22)).toBeUndefined();
    expect(ROLES).toHaveLength(85);
    expect(ROLES[31]).toBe('link');
    expect(ROLES[6]).toBe('button');
    expect(ROLES[74]).toBe('textbox');
    expect(ROLES.slice(82)).toEqual(['alt_text', 'label', 'placeholder']);
  });

  test('0 NONE is a noop', () => {
    expect(decode({ action_type: 0, raw_prediction: 'I could not decide' })).toEqual({ type: 0, issues: [], action: { type: 'noop' } });
  });

  test('1 SCROLL: one window height, "up" anywhere means up', () => {
    expect(decode({ action_type: 1, direction: 'down' }).action).toEqual({ type: 'scroll', dx: 0, dy: 1, unit: 'viewport' });
    expect(decode({ action_type: 1, direction: 'up' }).action).toEqual({ type: 'scroll', dx: 0, dy: -1, unit: 'viewport' });
    expect(decode({ action_type: 1, direction: 'direction=up' }).action).toEqual({ type: 'scroll', dx: 0, dy: -1, unit: 'viewport' });
    expect(decode({ action_type: 1, direction: null }).issues).toEqual([
      { field: 'action.direction', message: 'missing (expected "up" or "down")', severity: 'error' },
    ]);
  });

  test('2 KEY_PRESS: no target; Meta becomes Control (the Linux rule) and the note keeps the original', () => {
    expect(decode({ action_type: 2, key_comb: 'Enter' })).toEqual({
      type: 2,
      issues: [],
      action: { type: 'press', key: 'Enter', modifiers: [] },
    });
    expect(decode({ action_type: 2, key_comb: 'Meta+a' })).toEqual({
      type: 2,
      issues: [],
      note: 'recorded key_comb "Meta+a": VWA presses Meta as Control off macOS, as this replay does',
      action: { type: 'press', key: 'a', modifiers: ['Control'] },
    });
    expect(decode({ action_type: 2, key_comb: 'Control+Shift+ArrowLeft' }).action).toEqual({
      type: 'press',
      key: 'ArrowLeft',
      modifiers: ['Control', 'Shift'],
    });
    expect(decode({ action_type: 2, key_comb: 'Control++' }).action).toEqual({ type: 'press', key: '+', modifiers: ['Control'] });
    const ctrl = decode({ action_type: 2, key_comb: 'Ctrl+v' });
    expect(ctrl.action).toEqual({ type: 'press', key: 'Ctrl+v', modifiers: [] });
    expect(ctrl.issues).toEqual([
      {
        field: 'action.key_comb',
        message: '"Ctrl+v" is not a Playwright key chord (VWA failed this step with "Unknown key"); kept as recorded',
        severity: 'warning',
      },
    ]);
    expect(decode({ action_type: 2, key_comb: '' }).issues).toEqual([
      { field: 'action.key_comb', message: 'missing (expected a key, e.g. "Enter" or "Control+a")', severity: 'error' },
    ]);
  });

  test('parseKeyComb', () => {
    expect(parseKeyComb('Meta+Shift+z')).toEqual({ key: 'z', modifiers: ['Control', 'Shift'], rewrittenFrom: 'Meta+Shift+z' });
    expect(parseKeyComb('Meta')).toEqual({ key: 'Control', modifiers: [], rewrittenFrom: 'Meta' });
    expect(parseKeyComb('PageDown')).toEqual({ key: 'PageDown', modifiers: [] });
  });

  test('3 MOUSE_CLICK and 5 MOUSE_HOVER: points as fractions of the viewport', () => {
    expect(decode({ action_type: 3, coords: [0.25, 0.5] }).action).toEqual({
      type: 'clickPoint',
      point: { x: 0.25, y: 0.5, units: 'fraction' },
      button: 'left',
      clickCount: 1,
    });
    expect(decode({ action_type: 5, coords: [0.75, 0.125] }).action).toEqual({
      type: 'hoverPoint',
      point: { x: 0.75, y: 0.125, units: 'fraction' },
    });
    expect(decode({ action_type: 3, coords: null }).issues).toEqual([
      { field: 'action.coords', message: 'missing (expected [x, y] as fractions of the viewport)', severity: 'error' },
    ]);
    expect(decode({ action_type: 3, coords: [640, 360] }).issues).toEqual([
      { field: 'action.coords', message: '(640, 360) lies outside the viewport (coords are fractions 0–1)', severity: 'warning' },
    ]);
  });

  test('4 KEYBOARD_TYPE: key ids decoded, no target', () => {
    expect(decode({ action_type: 4, text: ids('hello\n') })).toEqual({ type: 4, issues: [], action: { type: 'type', text: 'hello\n' } });
    expect(decode({ action_type: 4, text: 'plain string' }).action).toEqual({ type: 'type', text: 'plain string' });
  });

  test('3 MOUSE_CLICK / 5 MOUSE_HOVER carry the smallest recorded node under the point, for the drift check', () => {
    const vp = { width: 1280, height: 720 };
    const nodes = { ...AX, '2': { backend_id: 2, union_bound: [0, 0, 1280, 720], text: "[2] main ''" } };
    const on = decode({ action_type: 3, coords: [140 / 1280, 215 / 720] }, { textNodes: nodes, viewport: vp });
    expect(on.targetBox).toEqual({ x: 100, y: 200, width: 80, height: 30 });
    expect(on.action).toMatchObject({
      type: 'clickPoint',
      expected: {
        description: 'button "Search"',
        locate: [{ kind: 'role', role: 'button', name: 'Search', exact: true }, { kind: 'box' }, { kind: 'fingerprint' }],
      },
    });
    // Only the nameless `main` holds this point: nothing to check against.
    const off = decode({ action_type: 5, coords: [0.9, 0.9] }, { textNodes: nodes, viewport: vp });
    expect(off.action).toEqual({ type: 'hoverPoint', point: { x: 0.9, y: 0.9, units: 'fraction' } });
    // Without the recorded viewport a fraction cannot be placed on the recorded boxes.
    expect(decode({ action_type: 3, coords: [140 / 1280, 215 / 720] }, { textNodes: nodes }).action).not.toHaveProperty('expected');
  });

  test('6 CLICK by element_id: accessibility union_bound → role + box + fingerprint', () => {
    const out = decode({ action_type: 6, element_id: '1129', element_role: 31 }, { textNodes: AX, viewport: { width: 1280, height: 720 } });
    expect(out).toEqual({
      type: 6,
      issues: [],
      targetBox: { x: 100, y: 200, width: 80, height: 30 },
      action: {
        type: 'click',
        target: {
          locate: [
            { kind: 'role', role: 'button', name: 'Search', exact: true },
            { kind: 'box', box: { x: 100, y: 200, width: 80, height: 30 }, viewport: { width: 1280, height: 720 } },
            { kind: 'fingerprint', role: 'button', text: 'Search' },
          ],
          atPoint: true, // VWA acts at the box centre
          description: 'button "Search"',
        },
        button: 'left',
        modifiers: [],
        clickCount: 1,
      },
    });
  });

  test('6 CLICK: names with Python escapes, StaticText, numeric ids', () => {
    const link = decode({ action_type: 6, element_id: 1744 }, { textNodes: AX });
    expect(link.action).toMatchObject({
      target: {
        locate: [
          { kind: 'role', role: 'link', name: 'Women\'s "Classic" Tee', exact: true },
          { kind: 'box', box: { x: 20.5, y: 400, width: 300, height: 24 } },
          { kind: 'fingerprint' },
        ],
      },
    });
    const text = decode({ action_type: 6, element_id: '88' }, { textNodes: AX });
    expect(text.action).toEqual({
      type: 'click',
      target: {
        locate: [
          { kind: 'text', text: 'Sort by', exact: true },
          { kind: 'fingerprint', role: 'StaticText', text: 'Sort by' },
        ],
        description: 'text "Sort by"',
      },
      button: 'left',
      modifiers: [],
      clickCount: 1,
    });
    expect(text.issues).toEqual([
      { field: 'action.element_id', message: 'element "88" has no recorded box: it can only be found by its words', severity: 'warning' },
    ]);
  });

  test('6 CLICK: a legacy `bound` is used, flagged as approximate', () => {
    const out = decode({ action_type: 6, element_id: '9' }, { textNodes: AX });
    expect(out.targetBox).toEqual({ x: 0, y: 2600, width: 400, height: 40 });
    expect(out.issues).toEqual([
      {
        field: 'info.observation_metadata.text.obs_nodes_info.9.bound',
        message: 'a legacy `bound` is in document coordinates and the scroll offset was not recorded: the box is approximate',
        severity: 'warning',
      },
    ]);
  });

  test('6 CLICK by Set-of-Marks id: VWA centre boxes, or top-left when told', () => {
    const image = { '7': [600, 100, 40, 20], '2': [1200, 30, 60, 18] };
    const centre = decode({ action_type: 6, element_id: '7' }, { imageNodes: image, text: SOM_TEXT });
    expect(centre.action).toEqual({
      type: 'click',
      target: {
        locate: [
          { kind: 'role', role: 'button', name: 'Search icon', exact: false },
          { kind: 'box', box: { x: 580, y: 90, width: 40, height: 20 } },
          { kind: 'fingerprint', tag: 'button', text: 'Search icon' },
        ],
        atPoint: true,
        description: 'button "Search icon"',
      },
      button: 'left',
      modifiers: [],
      clickCount: 1,
    });
    const topLeft = decode({ action_type: 6, element_id: '2' }, { imageNodes: image, text: SOM_TEXT, somBoxes: 'topLeft' });
    expect(topLeft.targetBox).toEqual({ x: 1200, y: 30, width: 60, height: 18 });
    expect(topLeft.action).toMatchObject({
      target: {
        locate: [
          { kind: 'role', role: 'link', name: 'Login', exact: false },
          { kind: 'box' },
          { kind: 'fingerprint', tag: 'a', text: 'Login' },
        ],
      },
    });
  });

  test('6 CLICK by SoM id with only the text observation (render traces): alt text without the caption', () => {
    const out = decode({ action_type: 6, element_id: '1' }, { text: SOM_TEXT });
    expect(out.action).toEqual({
      type: 'click',
      target: {
        locate: [
          { kind: 'alt', text: 'Classifieds', exact: true },
          { kind: 'fingerprint', tag: 'img', text: 'Classifieds' },
        ],
        description: 'image "Classifieds"',
      },
      button: 'left',
      modifiers: [],
      clickCount: 1,
    });
    expect(decode({ action_type: 6, element_id: '12' }, { text: SOM_TEXT }).action).toMatchObject({
      target: { locate: [{ kind: 'fingerprint', tag: 'input' }] },
    });
  });

  test('6 CLICK: an id the observation does not have rejects the step', () => {
    expect(decode({ action_type: 6, element_id: '4242' }, { textNodes: AX })).toEqual({
      type: 6,
      issues: [
        {
          field: 'action.element_id',
          message: 'element "4242" is not in this step\'s observation (text.obs_nodes_info)',
          severity: 'error',
        },
      ],
    });
    expect(decode({ action_type: 6 }).issues).toEqual([
      {
        field: 'action.element_id',
        message: 'no element: the action has no element_id, no element_role + element_name, and no pw_code',
        severity: 'error',
      },
    ]);
  });

  test('6 CLICK by element_role + element_name (+ nth)', () => {
    expect(decode({ action_type: 6, element_role: 6, element_name: 'Search' }).action).toEqual({
      type: 'click',
      target: {
        locate: [
          { kind: 'role', role: 'button', name: 'Search', exact: false },
          { kind: 'selector', selector: 'internal:role=button[name="Search"i] >> nth=0' },
        ],
        description: 'button "Search"',
      },
      button: 'left',
      modifiers: [],
      clickCount: 1,
    });
    const nth = decode({ action_type: 6, element_role: 'link', element_name: 'Edit', nth: 2 });
    expect(nth.action).toMatchObject({
      target: { locate: [{ kind: 'selector', selector: 'internal:role=link[name="Edit"i] >> nth=2' }], description: 'link "Edit"' },
    });
    expect(nth.issues).toEqual([
      {
        field: 'action.nth',
        message: 'VWA counts the 2th match among those ≥30% in the viewport, sorted top-to-bottom; the replay counts in document order',
        severity: 'warning',
      },
    ]);
    expect(decode({ action_type: 6, element_role: 84, element_name: 'Email' }).action).toMatchObject({
      target: {
        locate: [
          { kind: 'placeholder', text: 'Email', exact: false },
          { kind: 'selector', selector: 'internal:attr=[placeholder="Email"i] >> nth=0' },
        ],
      },
    });
    expect(decode({ action_type: 6, element_role: 82, element_name: 'logo' }).action).toMatchObject({
      target: {
        locate: [
          { kind: 'alt', text: 'logo' },
          { kind: 'selector', selector: 'internal:attr=[alt="logo"i] >> nth=0' },
        ],
      },
    });
    expect(decode({ action_type: 6, element_role: 83, element_name: 'Title' }).action).toMatchObject({
      target: {
        locate: [
          { kind: 'label', text: 'Title' },
          { kind: 'selector', selector: 'internal:label="Title"i >> nth=0' },
        ],
      },
    });
    expect(decode({ action_type: 6, element_role: 99, element_name: 'x' }).issues).toEqual([
      { field: 'action.element_role', message: '99 is not a VWA role (0–84 or a role name)', severity: 'error' },
    ]);
  });

  test('6 CLICK by pw_code', () => {
    expect(decode({ action_type: 6, pw_code: 'page.get_by_role("button", name="Search").click()' }).action).toEqual({
      type: 'click',
      target: {
        locate: [
          { kind: 'selector', selector: 'internal:role=button[name="Search"i]' },
          { kind: 'role', role: 'button', name: 'Search', exact: false },
        ],
        description: 'button "Search"',
      },
      button: 'left',
      modifiers: [],
      clickCount: 1,
    });
    expect(decode({ action_type: 6, pw_code: 'page.get_by_role("button", name="Search".click()' }).issues).toEqual([
      {
        field: 'action.pw_code',
        message:
          'cannot read "page.get_by_role(\\"button\\", name=\\"Search\\".click()": not valid Python: expected "," or ")" before the end at offset 48',
        severity: 'error',
      },
    ]);
    expect(decode({ action_type: 6, pw_code: 'page.goto("http://x")' }).issues).toEqual([
      { field: 'action.pw_code', message: 'the code names no element (it acts on page itself)', severity: 'error' },
    ]);
  });

  test('7 TYPE: element_id + key ids; pw_code types the first argument of the last call', () => {
    const byId = decode(
      { action_type: 7, element_id: '9', text: ids('Blue Civic\n') },
      { textNodes: { '9': { backend_id: 1, union_bound: [10, 20, 300, 30], text: "[9] textbox 'Title'" } } },
    );
    expect(byId.action).toEqual({
      type: 'type',
      target: {
        locate: [
          { kind: 'role', role: 'textbox', name: 'Title', exact: true },
          { kind: 'box', box: { x: 10, y: 20, width: 300, height: 30 } },
          { kind: 'fingerprint', role: 'textbox', text: 'Title' },
        ],
        atPoint: true,
        description: 'textbox "Title"',
      },
      text: 'Blue Civic\n',
    });
    expect(decode({ action_type: 7, pw_code: "page.get_by_placeholder('Search').fill('honda')", text: [] }).action).toEqual({
      type: 'type',
      target: {
        locate: [
          { kind: 'selector', selector: 'internal:attr=[placeholder="Search"i]' },
          { kind: 'placeholder', text: 'Search', exact: false },
        ],
        description: 'field "Search"',
      },
      text: 'honda',
    });
    expect(decode({ action_type: 7, pw_code: 'page.get_by_label("Name").fill()' }).issues).toEqual([
      { field: 'action.pw_code', message: '.fill() needs the text as its first argument', severity: 'error' },
    ]);
    expect(decode({ action_type: 7, element_role: 74, element_name: 'Name', text: 'Ann' }).action).toMatchObject({
      type: 'type',
      text: 'Ann',
      target: { description: 'textbox "Name"' },
    });
    expect(decode({ action_type: 7, element_role: 74, element_name: 'Name', text: null }).issues).toEqual([
      { field: 'action.text', message: 'missing (expected the text: a list of VWA key ids or a string)', severity: 'error' },
    ]);
  });

  test('8 HOVER: by id moves the mouse; by role VWA only focuses (noted)', () => {
    expect(decode({ action_type: 8, element_id: '1129' }, { textNodes: AX }).action).toMatchObject({
      type: 'hover',
      target: { description: 'button "Search"' },
    });
    const byRole = decode({ action_type: 8, element_role: 42, element_name: 'Settings' });
    expect(byRole.action).toMatchObject({
      type: 'hover',
      target: { locate: [{ kind: 'role', role: 'menuitem', name: 'Settings', exact: false }, { kind: 'selector' }] },
    });
    expect(byRole.note).toBe('VWA only focuses an element found by role and name (no mouse move); replayed as a hover');
    expect(decode({ action_type: 8, pw_code: 'page.get_by_text("Menu").hover()' }).action).toMatchObject({
      type: 'hover',
      target: { description: 'text "Menu"' },
    });
  });

  test('9–14: tabs and navigation', () => {
    expect(decode({ action_type: 9, page_number: 1 }).action).toEqual({ type: 'switchPage', pageIndex: 1 });
    expect(decode({ action_type: 9, page_number: null }).issues).toEqual([
      { field: 'action.page_number', message: 'missing (expected the tab number, 0-based)', severity: 'error' },
    ]);
    expect(decode({ action_type: 10 }).action).toEqual({ type: 'newTab' });
    expect(decode({ action_type: 11 }).action).toEqual({ type: 'goBack' });
    expect(decode({ action_type: 12 }).action).toEqual({ type: 'goForward' });
    expect(decode({ action_type: 13, url: 'http://127.0.0.1:9980/index.php?page=search' }).action).toEqual({
      type: 'navigate',
      url: 'http://127.0.0.1:9980/index.php?page=search',
    });
    expect(decode({ action_type: 13, url: '' }).issues).toEqual([
      { field: 'action.url', message: 'missing (expected the URL to go to)', severity: 'error' },
    ]);
    expect(decode({ action_type: 14 }).action).toEqual({ type: 'closePage' });
  });

  test('15 CHECK: through pw_code only', () => {
    expect(decode({ action_type: 15, pw_code: 'page.get_by_label("I agree").check()' }).action).toEqual({
      type: 'check',
      target: {
        locate: [
          { kind: 'selector', selector: 'internal:label="I agree"i' },
          { kind: 'label', text: 'I agree', exact: false },
        ],
        description: 'field labelled "I agree"',
      },
    });
    expect(decode({ action_type: 15, element_id: '3' }).issues).toEqual([
      { field: 'action.pw_code', message: 'missing (this action type runs only through pw_code)', severity: 'error' },
    ]);
  });

  test('16 SELECT_OPTION: the options the code names (upstream passes none)', () => {
    const target = {
      locate: [
        { kind: 'selector', selector: 'internal:role=combobox[name="Color"i]' },
        { kind: 'role', role: 'combobox', name: 'Color', exact: false },
      ],
      description: 'combobox "Color"',
    };
    expect(decode({ action_type: 16, pw_code: 'page.get_by_role("combobox", name="Color").select_option("blue")' }).action).toEqual({
      type: 'select',
      target,
      options: ['blue'],
      by: 'valueOrLabel',
    });
    expect(
      decode({ action_type: 16, pw_code: 'page.get_by_role("combobox", name="Color").select_option(label=["Blue", "Navy"])' }).action,
    ).toEqual({ type: 'select', target, options: ['Blue', 'Navy'], by: 'label' });
    expect(decode({ action_type: 16, pw_code: 'page.get_by_role("combobox", name="Color").select_option(value="b")' }).action).toEqual({
      type: 'select',
      target,
      options: ['b'],
      by: 'value',
    });
    expect(decode({ action_type: 16, pw_code: 'page.get_by_role("combobox", name="Color").select_option()' }).issues).toEqual([
      {
        field: 'action.pw_code',
        message: '.select_option() names no option (upstream VWA passes none either); nothing to select',
        severity: 'error',
      },
    ]);
    expect(decode({ action_type: 16, pw_code: 'page.locator("select").select_option(index=2)' }).issues).toEqual([
      { field: 'action.pw_code', message: '.select_option(index=…) is not supported (only option values or labels)', severity: 'error' },
    ]);
  });

  test("17 STOP: the answer; the human collector's None fields", () => {
    expect(decode({ action_type: 17, answer: '$279.49' }).action).toEqual({ type: 'stop', answer: '$279.49' });
    const human = {
      action_type: 17,
      coords: null,
      element_role: null,
      element_name: null,
      text: null,
      page_number: null,
      url: null,
      nth: null,
      pw_code: null,
      element_id: null,
      key_comb: null,
      direction: null,
      answer: '7800 and 9999',
      raw_prediction: null,
    };
    expect(decodeVwaAction(human, { field: 'action', observation: observation(), waitMs: 1 })).toEqual({
      type: 17,
      issues: [],
      action: { type: 'stop', answer: '7800 and 9999' },
    });
    expect(decode({ action_type: 17, answer: null }).action).toEqual({ type: 'stop' });
  });

  test('18 CLEAR, 19 UPLOAD', () => {
    const clear = decode({ action_type: 18, element_id: '1129' }, { textNodes: AX });
    expect(clear.action).toMatchObject({ type: 'clear', target: { description: 'button "Search"' } });
    expect(clear.note).toBe('VWA clears by clicking the element, pressing Control+A and Backspace');
    const upload = decode({ action_type: 19, element_id: '1129', text: ids('/tmp/car.png') }, { textNodes: AX });
    expect(upload.action).toMatchObject({ type: 'setInputFiles', files: ['/tmp/car.png'], target: { description: 'button "Search"' } });
    expect(upload.issues).toEqual([
      {
        field: 'action.action_type',
        message: 'UPLOAD records are unreliable: upstream VWA builds them as TYPE and stores the path as key ids',
        severity: 'warning',
      },
    ]);
  });

  test('20 WAIT waits the configured time (default 2500 ms)', () => {
    expect(decode({ action_type: 20 }).action).toEqual({ type: 'wait', ms: 2500 });
    expect(decode({ action_type: 'WAIT' }, {}, 1000).action).toEqual({ type: 'wait', ms: 1000 });
  });

  test('21 DRAG: a drag when both ends are recorded, else a noop with a warning', () => {
    expect(decode({ action_type: 21, coords: [0.1, 0.2, 0.5, 0.6] }).action).toEqual({
      type: 'drag',
      from: { x: 0.1, y: 0.2, units: 'fraction' },
      to: { x: 0.5, y: 0.6, units: 'fraction' },
    });
    expect(decode({ action_type: 21 })).toEqual({
      type: 21,
      issues: [
        {
          field: 'action.coords',
          message: 'DRAG without start and end coordinates ([x1, y1, x2, y2]) cannot be replayed; the step does nothing',
          severity: 'warning',
        },
      ],
      action: { type: 'noop', note: 'DRAG without coordinates' },
    });
  });

  test('unknown or mistyped action dicts are errors naming the field', () => {
    expect(decode({ action_type: 22 })).toEqual({
      issues: [
        {
          field: 'action.action_type',
          message: `unknown VWA action type 22 (known: 0–21, ${ACTION_TYPE_NAMES.join(', ')})`,
          severity: 'error',
        },
      ],
    });
    expect(decode({ action_type: 6, nth: 'first' }).issues).toEqual([
      { field: 'action.nth', message: 'Invalid input: expected number, received string', severity: 'error' },
    ]);
    expect(decodeVwaAction({ coords: [0, 0] }, { field: 'action', observation: observation(), waitMs: 1 }).issues).toEqual([
      { field: 'action.action_type', message: 'missing (expected number or string)', severity: 'error' },
    ]);
  });
});

test.describe('VWA key ids (_id2key)', () => {
  test('vocabulary boundaries', () => {
    expect(idToKey(0)).toBe('Enter');
    expect(idToKey(14)).toBe('Meta+a');
    expect(idToKey(15)).toBe(' ');
    expect(idToKey(31)).toBe('0');
    expect(idToKey(48)).toBe('A');
    expect(idToKey(80)).toBe('a');
    expect(idToKey(110)).toBe('\x7f');
    expect(idToKey(111)).toBe('\x81');
    expect(idToKey(129981)).toBe('\u{1FBCF}');
    expect(idToKey(129982)).toBe('\n');
    expect(idToKey(129983)).toBeUndefined();
    expect(idToKey(-1)).toBeUndefined();
  });

  test('decoding text lists', () => {
    expect(decodeKeyText([87, 84, 91, 91, 94, 129982], 'text')).toEqual({ text: 'hello\n', issues: [] });
    expect(decodeKeyText(ids('Café – 5€'), 'text')).toEqual({ text: 'Café – 5€', issues: [] });
    expect(decodeKeyText([], 'text')).toEqual({ text: '', issues: [] });
    expect(decodeKeyText([0, 80], 'text')).toEqual({
      text: 'Entera',
      issues: [
        { field: 'text', message: 'special-key ids (Enter) are typed as their names, letter by letter, as VWA does', severity: 'warning' },
      ],
    });
    expect(decodeKeyText([80, 129983, 1.5], 'action.text')).toEqual({
      issues: [
        { field: 'action.text[1]', message: '129983 is not a VWA key id (0–129982)', severity: 'error' },
        { field: 'action.text[2]', message: '1.5 is not a VWA key id (0–129982)', severity: 'error' },
      ],
    });
    expect(decodeKeyText({ a: 1 }, 'text').issues).toEqual([
      { field: 'text', message: 'expected a list of key ids or a string, got object', severity: 'error' },
    ]);
  });
});
