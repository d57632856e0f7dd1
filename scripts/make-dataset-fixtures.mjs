#!/usr/bin/env node
// Generates small datasets in the exact schemas of Mind2Web, MT-Mind2Web and baby-agi by driving
// the fixture site (fixtures/site) with Playwright and dumping each before-state the way those
// datasets did. Nothing here is hand-typed dataset JSON: every raw_html, candidate and box comes
// from the live page.
//
//   node scripts/make-dataset-fixtures.mjs              # writes fixtures/mind2web/, fixtures/babyagi/
//   node scripts/make-dataset-fixtures.mjs --out DIR    # writes DIR/mind2web/, DIR/babyagi/ instead
//
// Outputs (rewritten on every run; same machine and browser → byte-identical files):
//   mind2web/tasks.json            3 Mind2Web tasks (JSON array, HF `osunlp/Mind2Web` task schema):
//                                  library search, tax form (TYPE + SELECT by visible label), board add-card
//   mind2web/broken-tasks.json     5 records that go wrong on purpose (see BROKEN below); the last one
//                                  is cut off mid-record, so the file is not valid JSON as a whole
//   mind2web/mt-conversation.json  1 MT-Mind2Web conversation (`magicgh/MT-Mind2Web` schema), 2 turns
//   babyagi/metadata_0.json        2 baby-agi trajectories; screenshots in babyagi/images/*.png
//
// How Mind2Web's raw_html is reproduced (shared/formats/mind2web.md §1.5): the annotator's marker
// `data-pw-testid-buckeye=<action_uid>` is set on the live target (earlier steps' markers stay), then
// CDP `DOMSnapshot.captureSnapshot` — the call Mind2Web's processing made — is turned into the lxml
// tree of `build_dom_tree`: one element per node, `#text` → `<text>`, `backend_node_id` and
// `bounding_box_rect="x,y,w,h"` (layout bounds, `-1,-1,-1,-1` without a layout box) on every
// element, attribute names with non-word characters → `_`, the Cleaner's attribute whitelist and
// element removals (script, style, link, meta, comments), `clean_empty_node`'s pruning, ASCII-only
// text, pretty-printed like `etree.tostring(pretty_print=True)`. Snapshots are taken at 1280×1080
// (Mind2Web's re-render viewport). backend_node_id: CDP's backend node ids mapped to a per-session
// counter in first-seen document order, so a node keeps its id across the steps of a session (as
// in Mind2Web) and the numbers do not depend on what else the renderer created.
//
// baby-agi: screenshots of a 1280×720 viewport at deviceScaleFactor 1.590625, clipped to exactly
// 2036×1144 device pixels; `action_options` are the boxes of the clickable elements in the viewport
// in screenshot pixels (CSS px × 1.590625, rounded), `action_taken` click/type/scroll.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { startFixtureServer } from '../fixtures/server.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const outArg = argv.indexOf('--out');
const OUT = outArg !== -1 && argv[outArg + 1] ? path.resolve(argv[outArg + 1]) : path.join(REPO, 'fixtures');

const M2W_VIEWPORT = { width: 1280, height: 1080 };
const BABY_VIEWPORT = { width: 1280, height: 720 };
const BABY_SCALE = 1.590625; // 1280 × 1.590625 = 2036
const BABY_SCREEN = { width: 2036, height: 1144 };

/** A UUID (version-5 layout) derived from a name: fixture ids are stable across runs. */
function uuid(name) {
  const h = crypto.createHash('sha1').update(`replaywright-fixture:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

function findChromium() {
  const candidates = [
    chromium.executablePath(),
    process.env.REPLAYWRIGHT_CHROMIUM,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (!found) throw new Error('no Chromium found: run `npm run setup` or set REPLAYWRIGHT_CHROMIUM');
  return found;
}

// ---------------------------------------------------------------------------------------------
// Mind2Web raw_html from a DOMSnapshot
// ---------------------------------------------------------------------------------------------

/** lxml Cleaner `safe_attrs` of Mind2Web's get_dom_tree (spec §1.5). */
const SAFE_ATTRS = new Set([
  'alt',
  'aria_description',
  'aria_label',
  'aria_role',
  'backend_node_id',
  'bounding_box_rect',
  'class',
  'data_pw_testid_buckeye',
  'id',
  'input_checked',
  'input_value',
  'is_clickable',
  'label',
  'name',
  'option_selected',
  'placeholder',
  'pseudo_type',
  'role',
  'text_value',
  'title',
  'type',
  'value',
]);
/** Elements the Cleaner removes with their content. */
const REMOVED = new Set(['script', 'style', 'link', 'meta', 'noscript']);
/** clean_empty_node never prunes these (nor text inside them). */
const KEEP_TAGS = new Set(['a', 'button', 'select', 'option', 'input']);
/** Attributes that make an empty leaf worth keeping. */
const SALIENT = [
  'alt',
  'aria_description',
  'aria_label',
  'aria_role',
  'label',
  'placeholder',
  'title',
  'value',
  'input_value',
  'role',
  'name',
];
/** The candidate test's notion of clickable (spec §1.4). */
const CLICKABLE_TAGS = new Set(['a', 'button', 'input', 'label', 'textarea', 'li', 'td', 'img', 'svg']);
const CLICKABLE_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'searchbox',
  'menuitem',
  'option',
  'radio',
  'tab',
  'combobox',
  'treeitem',
  'listbox',
]);
/** Attributes kept in cleaned_html. */
const CLEANED_ATTRS = [
  'backend_node_id',
  'alt',
  'aria_description',
  'aria_label',
  'aria_role',
  'id',
  'input_checked',
  'input_value',
  'label',
  'name',
  'option_selected',
  'placeholder',
  'role',
  'title',
  'type',
  'value',
];

const ascii = (s) => s.replace(/[^\x20-\x7e]/g, '');
const attrName = (n) => {
  const r = n.replace(/\W/g, '_');
  return /^\d/.test(r) ? `_${r}` : r;
};
const escText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escAttr = (s) => escText(s).replace(/"/g, '&quot;');
const num = (n) => String(Math.round(n * 1e6) / 1e6);

/**
 * One session's ids: CDP backend node ids → stable numbers, handed out in document order the
 * first time a node is seen. A node keeps its number for the whole session.
 */
class NodeIds {
  #map = new Map();
  #next = 1;
  get(cdpId) {
    if (!this.#map.has(cdpId)) this.#map.set(cdpId, String(this.#next++));
    return this.#map.get(cdpId);
  }
}

/** The page's DOM as Mind2Web's build_dom_tree saw it (main document only; our site has no frames). */
async function snapshotTree(cdp, ids) {
  const snap = await cdp.send('DOMSnapshot.captureSnapshot', { computedStyles: [] });
  const str = (i) => (i === undefined || i < 0 ? undefined : snap.strings[i]);
  const doc = snap.documents[0];
  const n = doc.nodes;
  const count = n.nodeName.length;
  const bounds = new Map();
  doc.layout.nodeIndex.forEach((ni, li) => {
    if (!bounds.has(ni)) bounds.set(ni, doc.layout.bounds[li]);
  });
  const indexSet = (rare) => new Set(rare?.index ?? []);
  const rareString = (rare) => new Map((rare?.index ?? []).map((ni, k) => [ni, str(rare.value[k])]));
  const clickable = indexSet(n.isClickable);
  const checked = indexSet(n.inputChecked);
  const selected = indexSet(n.optionSelected);
  const inputValue = rareString(n.inputValue);
  const textValue = rareString(n.textValue);
  const pseudo = indexSet(n.pseudoType);

  const nodes = [];
  for (let i = 0; i < count; i++) {
    const name = str(n.nodeName[i]);
    const type = n.nodeType[i];
    const b = bounds.get(i);
    const node = {
      index: i,
      parent: n.parentIndex[i],
      type,
      tag: type === 3 ? 'text' : name.toLowerCase().replace(/\W/g, '-'),
      backendNodeId: ids.get(n.backendNodeId[i]),
      box: b ? { x: b[0], y: b[1], w: b[2], h: b[3] } : undefined,
      rect: b ? b.map(num).join(',') : '-1,-1,-1,-1',
      attrs: [],
      text: type === 3 ? ascii(str(n.nodeValue[i]) ?? '') : undefined,
      clickable: clickable.has(i),
      pseudo: pseudo.has(i),
      children: [],
    };
    const raw = n.attributes[i] ?? [];
    const page = [];
    for (let k = 0; k + 1 < raw.length; k += 2) page.push([attrName(str(raw[k])), ascii(str(raw[k + 1]) ?? '')]);
    node.pageAttrs = page.filter(([k]) => SAFE_ATTRS.has(k) && k !== 'backend_node_id' && k !== 'bounding_box_rect');
    const state = [];
    if (textValue.get(i)) state.push(['text_value', ascii(textValue.get(i))]);
    if (inputValue.get(i)) state.push(['input_value', ascii(inputValue.get(i))]);
    if (checked.has(i)) state.push(['input_checked', 'true']);
    if (selected.has(i)) state.push(['option_selected', 'true']);
    if (node.clickable) state.push(['is_clickable', 'true']);
    node.attrs = [['backend_node_id', node.backendNodeId], ['bounding_box_rect', node.rect], ...node.pageAttrs, ...state];
    nodes.push(node);
  }
  for (const node of nodes) if (node.parent >= 0) nodes[node.parent].children.push(node);
  const html = nodes.find((x) => x.type === 1 && x.tag === 'html');
  return prune(html);
}

const attr = (node, k) => node.attrs.find(([n]) => n === k)?.[1];
const visibleBox = (node) => node.box !== undefined && node.box.x >= 0 && node.box.y >= 0 && (node.box.w > 1 || node.box.h > 1);

/**
 * The Cleaner's removals and clean_empty_node(remove_invisible=True): comments, doctype, script,
 * style, link, meta and pseudo-elements go; then, bottom-up, leaves without text or salient
 * attributes, and invisible leaves, go — except a/button/select/option/input, text inside them,
 * the node carrying a buckeye marker, and the head's title.
 */
function prune(node, inKept = false, inHead = false) {
  if (node.type !== 1 && node.type !== 3) return undefined;
  if (node.pseudo || REMOVED.has(node.tag)) return undefined;
  const kept = inKept || KEEP_TAGS.has(node.tag);
  const head = inHead || node.tag === 'head';
  if (node.type === 3) {
    if (node.text.trim() === '') return undefined;
    if (!inKept && !inHead && !visibleBox(node)) return undefined;
    return { ...node, children: [] };
  }
  const children = node.children.map((c) => prune(c, kept, head)).filter(Boolean);
  const out = { ...node, children };
  if (children.length > 0 || node.tag === 'html' || node.tag === 'body' || head) return out;
  if (attr(node, 'data_pw_testid_buckeye') !== undefined || KEEP_TAGS.has(node.tag)) return out;
  if (!visibleBox(node)) return undefined;
  return SALIENT.some((k) => attr(node, k) !== undefined && attr(node, k) !== '') ? out : undefined;
}

/** `etree.tostring(tree, pretty_print=True)`: two-space indent, one element per line. */
function serialize(node, depth = 0) {
  const pad = '  '.repeat(depth);
  const attrs = node.attrs.map(([k, v]) => ` ${k}="${escAttr(v)}"`).join('');
  if (node.type === 3) return `${pad}<text${attrs}>${escText(node.text)}</text>\n`;
  if (node.children.length === 0) return `${pad}<${node.tag}${attrs}/>\n`;
  return `${pad}<${node.tag}${attrs}>\n${node.children.map((c) => serialize(c, depth + 1)).join('')}${pad}</${node.tag}>\n`;
}

function walk(node, fn, ancestors = []) {
  fn(node, ancestors);
  for (const c of node.children) walk(c, fn, [...ancestors, node]);
}

const isClickable = (node) => node.clickable || CLICKABLE_TAGS.has(node.tag) || CLICKABLE_ROLES.has(attr(node, 'role') ?? '');
const hasText = (node) => node.type === 3 || node.children.some(hasText);
const inside = (outer, inner) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;
const centre = (b) => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });
const contains = (b, p) => p.x >= b.x && p.x <= b.x + b.w && p.y >= b.y && p.y <= b.y + b.h;

/** Candidate attributes JSON as Mind2Web wrote it (Python json.dumps: `", "` and `": "`). */
function candidateAttributes(node, currentUid) {
  const pairs = node.attrs.filter(([k, v]) => !(k === 'data_pw_testid_buckeye' && v === currentUid));
  const order = ['backend_node_id', 'bounding_box_rect'];
  const state = ['text_value', 'input_value', 'input_checked', 'option_selected', 'pseudo_type', 'is_clickable'];
  const sorted = [
    ...order.map((k) => pairs.find(([n]) => n === k)).filter(Boolean),
    ...pairs.filter(([k]) => !order.includes(k) && !state.includes(k)),
    ...state.map((k) => pairs.find(([n]) => n === k)).filter(Boolean),
    ['data_pw_testid_buckeye_candidate', '1'],
  ];
  return `{${sorted.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')}}`;
}

/**
 * pos/neg candidates of the notebook's candidate test (spec §1.4): visible elements that are
 * clickable or not inside a clickable ancestor's box, with some text or salient attribute. The
 * positives are the top-level target (nearest clickable ancestor-or-self containing the marked
 * node's centre) and its candidate descendants inside its box.
 */
function candidates(tree, uid) {
  let original;
  const all = [];
  walk(tree, (node, ancestors) => {
    if (node.type !== 1) return;
    if (attr(node, 'data_pw_testid_buckeye') === uid) original = { node, ancestors };
    if (['html', 'head', 'title', 'body'].includes(node.tag) || !visibleBox(node)) return;
    const salient = SALIENT.some((k) => attr(node, k));
    if (!(salient || hasText(node))) return;
    if (!isClickable(node) && ancestors.some((a) => isClickable(a) && a.box && contains(a.box, centre(node.box)))) return;
    all.push(node);
  });
  if (!original) throw new Error(`no element carries the marker ${uid}`);
  const chain = [...original.ancestors, original.node].reverse();
  const c = centre(original.node.box);
  const top = chain.find((a) => a.type === 1 && isClickable(a) && a.box && contains(a.box, c)) ?? original.node;
  const positives = new Set([top, original.node]);
  walk(top, (node) => {
    if (all.includes(node) && node.box && inside(top.box, node.box)) positives.add(node);
  });
  const pos = all.filter((n) => positives.has(n)).concat([...positives].filter((n) => !all.includes(n)));
  return {
    pos: pos.map((node) => ({
      attributes: candidateAttributes(node, uid),
      backend_node_id: node.backendNodeId,
      is_original_target: node === original.node,
      is_top_level_target: node === top,
      tag: node.tag,
    })),
    neg: all
      .filter((n) => !positives.has(n))
      .map((node) => ({ attributes: candidateAttributes(node, uid), backend_node_id: node.backendNodeId, tag: node.tag })),
    candidateIds: new Set(all.map((n) => n.backendNodeId).concat([...positives].map((n) => n.backendNodeId))),
  };
}

/** cleaned_html: the candidates with their ancestors and content, salient attributes only, no geometry. */
function cleaned(tree, candidateIds) {
  const keep = new Set();
  walk(tree, (node, ancestors) => {
    if (!candidateIds.has(node.backendNodeId)) return;
    for (const a of ancestors) keep.add(a);
    walk(node, (d) => keep.add(d));
  });
  const out = (node) => {
    if (!keep.has(node) || node.tag === 'head') return '';
    const attrs = CLEANED_ATTRS.map((k) => [k, attr(node, k)])
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => ` ${k}="${escAttr(v)}"`)
      .join('');
    if (node.type === 3) return `<text${attrs}>${escText(node.text.replace(/\s+/g, ' ').trim())}</text>`;
    const inner = node.children.map(out).join('');
    return inner ? `<${node.tag}${attrs}>${inner}</${node.tag}>` : `<${node.tag}${attrs}/>`;
  };
  return out(tree);
}

/** How Mind2Web named the element in action_reprs: `[role]  name`. */
async function reprHead(locator) {
  const { role, name } = await locator.evaluate((el) => {
    const tag = el.tagName.toLowerCase();
    const type = (el.getAttribute('type') ?? '').toLowerCase();
    const implicit =
      tag === 'a'
        ? 'link'
        : tag === 'button'
          ? 'button'
          : tag === 'select'
            ? 'combobox'
            : tag === 'input'
              ? ({ search: 'searchbox', checkbox: 'checkbox', radio: 'radio', submit: 'button' }[type] ?? 'textbox')
              : tag;
    const label =
      el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? (tag === 'select' || tag === 'input' ? '' : el.textContent);
    return { role: el.getAttribute('role') ?? implicit, name: (label ?? '').replace(/\s+/g, ' ').trim() };
  });
  const short = ascii(name);
  return `[${role}]  ${short.length > 50 ? `${short.slice(0, 50)}...` : short}`;
}

/**
 * Runs a Mind2Web-style session: for each step, marks the target, snapshots the before-state,
 * builds the action record, then performs the step on the live page.
 */
async function recordM2wSession(browser, url, name, steps) {
  const context = await browser.newContext({ viewport: M2W_VIEWPORT, deviceScaleFactor: 1, locale: 'en-US' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const ids = new NodeIds();
  await page.goto(url);
  const actions = [];
  const reprs = [];
  for (const [i, step] of steps.entries()) {
    const uid = uuid(`${name}/action/${i}`);
    const target = step.target(page);
    await target.waitFor({ state: 'visible' });
    await target.evaluate((el, v) => el.setAttribute('data-pw-testid-buckeye', v), uid);
    const tree = await snapshotTree(cdp, ids);
    const { pos, neg, candidateIds } = candidates(tree, uid);
    const value = step.value ?? '';
    actions.push({
      action_uid: uid,
      raw_html: serialize(tree),
      cleaned_html: cleaned(tree, candidateIds),
      operation: {
        op: step.original_op === 'HOVER' || step.original_op === 'ENTER' ? 'CLICK' : step.original_op,
        original_op: step.original_op,
        value,
      },
      pos_candidates: pos,
      neg_candidates: neg,
    });
    reprs.push(
      `${await reprHead(target)} -> ${step.original_op}${step.original_op === 'TYPE' || step.original_op === 'SELECT' ? `: ${value}` : ''}`,
    );
    const loaded = step.navigates ? page.waitForEvent('load') : undefined;
    switch (step.original_op) {
      case 'CLICK':
        await target.click();
        break;
      case 'HOVER':
        await target.hover();
        break;
      case 'ENTER':
        await target.press('Enter');
        break;
      case 'TYPE':
        await target.fill(value);
        break;
      case 'SELECT':
        await target.selectOption({ label: value });
        break;
    }
    await loaded;
  }
  await context.close();
  return { actions, action_reprs: reprs };
}

// ---------------------------------------------------------------------------------------------
// The scenarios
// ---------------------------------------------------------------------------------------------

const LIBRARY = [
  { original_op: 'CLICK', navigates: true, target: (p) => p.getByRole('link', { name: 'Library catalogue' }) },
  { original_op: 'TYPE', value: 'Garcia', target: (p) => p.getByRole('searchbox', { name: 'Title or author' }) },
  { original_op: 'ENTER', navigates: true, target: (p) => p.getByRole('searchbox', { name: 'Title or author' }) },
  { original_op: 'CLICK', navigates: true, target: (p) => p.getByRole('link', { name: 'La casa de Bernarda Alba' }) },
];
const TAX = [
  { original_op: 'CLICK', navigates: true, target: (p) => p.getByRole('link', { name: 'Tax form' }) },
  { original_op: 'TYPE', value: '12345678Z', target: (p) => p.getByLabel('NIF') },
  { original_op: 'TYPE', value: 'Maria Lopez', target: (p) => p.getByLabel('Full name') },
  // Mind2Web's SELECT value is the option's visible text ("Sevilla"), not its value ("se").
  { original_op: 'SELECT', value: 'Sevilla', target: (p) => p.getByLabel('Province') },
  { original_op: 'CLICK', target: (p) => p.getByRole('checkbox', { name: 'I declare the data is true' }) },
  { original_op: 'CLICK', target: (p) => p.getByRole('button', { name: 'Save draft' }) },
];
const BOARD = [
  { original_op: 'CLICK', navigates: true, target: (p) => p.getByRole('link', { name: 'Task board' }) },
  { original_op: 'TYPE', value: 'Renew passport', target: (p) => p.getByLabel('New card title') },
  { original_op: 'CLICK', target: (p) => p.getByRole('button', { name: 'Add card' }) },
];
const card = (p, title) => p.locator('li.card').filter({ hasText: title });
const MT_TURNS = [
  {
    confirmed_task: 'On the task board, add a card titled "Apply for parking permit"',
    steps: [
      { original_op: 'CLICK', navigates: true, target: (p) => p.getByRole('link', { name: 'Task board' }) },
      { original_op: 'TYPE', value: 'Apply for parking permit', target: (p) => p.getByLabel('New card title') },
      { original_op: 'CLICK', target: (p) => p.getByRole('button', { name: 'Add card' }) },
    ],
  },
  {
    confirmed_task: 'Now move that card to Doing',
    steps: [{ original_op: 'CLICK', target: (p) => card(p, 'Apply for parking permit').getByRole('button', { name: 'Move right' }) }],
  },
];

/** Task fields in the order of the HF shards. */
const task = (name, website, subdomain, confirmed_task, rec) => ({
  annotation_id: uuid(`${name}/task`),
  website,
  domain: 'Government',
  subdomain,
  confirmed_task,
  action_reprs: rec.action_reprs,
  actions: rec.actions,
});

async function makeMind2Web(browser, origin) {
  // Sessions are independent (own context, own node ids): recorded side by side.
  const [libraryRec, taxRec, boardRec, mt] = await Promise.all([
    recordM2wSession(browser, `${origin}/`, 'library', LIBRARY),
    recordM2wSession(browser, `${origin}/`, 'tax', TAX),
    recordM2wSession(browser, `${origin}/`, 'board', BOARD),
    recordM2wSession(
      browser,
      `${origin}/`,
      'mt-board',
      MT_TURNS.flatMap((t) => t.steps),
    ),
  ]);
  const library = task(
    'library',
    'citizen-services',
    'Library',
    'Search the library catalogue for books by Garcia and open the record of La casa de Bernarda Alba',
    libraryRec,
  );
  const tax = task(
    'tax',
    'citizen-services',
    'Tax',
    'Fill in the income tax form for NIF 12345678Z, Maria Lopez, province Sevilla, declare it true and save a draft',
    taxRec,
  );
  const board = task('board', 'citizen-services', 'Task management', 'Add a card "Renew passport" to the task board', boardRec);
  const tasks = [library, tax, board];

  // MT-Mind2Web: one session, no reset between turns; each turn's first before-state follows the
  // previous turn's last action. Recorded as one session (above), split into turns here.
  let at = 0;
  const turns = MT_TURNS.map((t, i) => {
    const slice = (xs) => xs.slice(at, at + t.steps.length);
    const turn = {
      annotation_id: uuid(`mt-board/turn/${i}`),
      confirmed_task: t.confirmed_task,
      action_reprs: slice(mt.action_reprs),
      actions: slice(mt.actions),
    };
    at += t.steps.length;
    return turn;
  });
  const conversation = [
    { task_id: uuid('mt-board/conversation'), website: 'citizen-services', domain: 'Government', subdomain: 'Task management', turns },
  ];

  return { tasks, broken: brokenRecords(library, tax, board), conversation };
}

const clone = (x) => JSON.parse(JSON.stringify(x));

/**
 * broken-tasks.json, in this order:
 *   [0] target gone: library step 1 (TYPE) has no buckeye marker and its positive's backend id is
 *       in no element of raw_html → snapshot replay fails that step `target-not-found`;
 *   [1] option gone: tax step 3 SELECTs "Girona", which the province select does not offer →
 *       `option-missing`;
 *   [2] board task whose step 2 positive candidate has invalid `attributes` JSON → rejected;
 *   [3] board task whose step 1 has no `raw_html` → decoded with a warning; that step has no
 *       before-state to check;
 *   [4] a copy of the tax task cut off in the middle of its first raw_html → the file ends inside
 *       a record (truncated JSON).
 */
function brokenRecords(library, tax, board) {
  const gone = clone(library);
  gone.annotation_id = uuid('broken/target-gone');
  gone.confirmed_task = `${library.confirmed_task} (target removed from step 2's snapshot)`;
  {
    const a = gone.actions[1];
    const marker = ` data_pw_testid_buckeye="${a.action_uid}"`;
    if (!a.raw_html.includes(marker)) throw new Error('library step 1 has no marker to remove');
    a.raw_html = a.raw_html.split(marker).join('');
    const ids = new Set([...a.raw_html.matchAll(/ backend_node_id="(\d+)"/g)].map((m) => Number(m[1])));
    const missing = String(Math.max(...ids) + 1000);
    for (const c of a.pos_candidates) {
      const attrs = JSON.parse(c.attributes);
      attrs.backend_node_id = missing;
      c.backend_node_id = missing;
      c.attributes = `{${Object.entries(attrs)
        .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
        .join(', ')}}`;
    }
  }

  const option = clone(tax);
  option.annotation_id = uuid('broken/option-missing');
  option.confirmed_task = tax.confirmed_task.replace('Sevilla', 'Girona');
  {
    const k = option.actions.findIndex((a) => a.operation.op === 'SELECT');
    option.actions[k].operation.value = 'Girona';
    option.action_reprs[k] = option.action_reprs[k].replace(/SELECT: .*$/, 'SELECT: Girona');
  }

  const badAttrs = clone(board);
  badAttrs.annotation_id = uuid('broken/bad-attributes');
  badAttrs.actions[2].pos_candidates[0].attributes = badAttrs.actions[2].pos_candidates[0].attributes.replace(/\}$/, ',}');

  const noHtml = clone(board);
  noHtml.annotation_id = uuid('broken/no-raw-html');
  delete noHtml.actions[1].raw_html;

  const cut = clone(tax);
  cut.annotation_id = uuid('broken/truncated');
  const records = [gone, option, badAttrs, noHtml].map((t) => JSON.stringify(t));
  const last = JSON.stringify(cut);
  const cutAt = last.indexOf('"raw_html":"') + 400;
  return `[\n${records.join(',\n')},\n${last.slice(0, cutAt)}`;
}

// ---------------------------------------------------------------------------------------------
// baby-agi
// ---------------------------------------------------------------------------------------------

/**
 * The clickable elements in the viewport (document order), their boxes in screenshot pixels, and
 * the index among them of the element `target` names (null without one).
 */
async function actionOptions(page, target) {
  if (target) await target.evaluate((el) => el.setAttribute('data-baby-chosen', ''));
  const { boxes, chosen } = await page.evaluate(() => {
    const boxes = [];
    let chosen = null;
    for (const el of document.querySelectorAll('a[href], button, input, select, textarea, [role=button]')) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width < 1 || r.height < 1 || style.visibility === 'hidden' || style.display === 'none') continue;
      if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) continue;
      if (el.hasAttribute('data-baby-chosen')) chosen = boxes.length;
      boxes.push([Math.max(0, r.left), Math.max(0, r.top), Math.min(innerWidth, r.right), Math.min(innerHeight, r.bottom)]);
    }
    return { boxes, chosen };
  });
  if (target) {
    await target.evaluate((el) => el.removeAttribute('data-baby-chosen'));
    if (chosen === null) throw new Error('the chosen element is not among the action options');
  }
  const px = (v, max) => Math.min(max, Math.round(v * BABY_SCALE));
  const options = boxes.map(([x1, y1, x2, y2], index) => ({
    index,
    top_left: [px(x1, BABY_SCREEN.width), px(y1, BABY_SCREEN.height)],
    bottom_right: [px(x2, BABY_SCREEN.width), px(y2, BABY_SCREEN.height)],
  }));
  return { options, chosen };
}

async function recordBabyAgi(browser, origin, name, instruction, steps, imagesDir) {
  const context = await browser.newContext({ viewport: BABY_VIEWPORT, deviceScaleFactor: BABY_SCALE, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  const trajectory = [];
  for (const [i, step] of steps.entries()) {
    const image_id = `${name}_${i}`;
    await page.mouse.move(0, 0);
    const buf = await page.screenshot({
      clip: { x: 0, y: 0, width: BABY_VIEWPORT.width, height: BABY_SCREEN.height / BABY_SCALE },
      animations: 'disabled',
      caret: 'hide',
    });
    if (buf.readUInt32BE(16) !== BABY_SCREEN.width || buf.readUInt32BE(20) !== BABY_SCREEN.height)
      throw new Error(`screenshot is ${buf.readUInt32BE(16)}×${buf.readUInt32BE(20)}, not 2036×1144`);
    fs.writeFileSync(path.join(imagesDir, `${image_id}.png`), buf);
    const target = step.target?.(page);
    const { options: action_options, chosen: action_option_index } = await actionOptions(page, target);
    const action_taken = { type: step.type, value: step.value ?? '', action_option_index };
    trajectory.push({ image_id, action_options, action_taken });
    const loaded = step.navigates ? page.waitForEvent('load') : undefined;
    if (step.type === 'click') await target.click();
    else if (step.type === 'type') await page.keyboard.type(step.value);
    // baby-agi's scroll is 200 px (spec §3).
    else if (step.type === 'scroll') await page.evaluate((dy) => window.scrollBy(0, dy), step.value === 'up' ? -200 : 200);
    await loaded;
  }
  await context.close();
  return { id: uuid(`babyagi/${name}`), instruction, trajectory };
}

async function makeBabyAgi(browser, origin, imagesDir) {
  const search = (p) => p.getByRole('searchbox', { name: 'Title or author' });
  const nif = (p) => p.getByLabel('NIF');
  const [library, tax] = await Promise.all([
    recordBabyAgi(
      browser,
      origin,
      'library',
      'Search the library catalogue for Garcia and open La casa de Bernarda Alba',
      [
        { type: 'click', navigates: true, target: (p) => p.getByRole('link', { name: 'Library catalogue' }) },
        { type: 'click', target: search },
        { type: 'type', value: 'Garcia', target: search },
        { type: 'click', navigates: true, target: (p) => p.getByRole('button', { name: 'Search' }) },
        { type: 'click', navigates: true, target: (p) => p.getByRole('link', { name: 'La casa de Bernarda Alba' }) },
      ],
      imagesDir,
    ),
    recordBabyAgi(
      browser,
      origin,
      'tax',
      'Start the income tax form with NIF 12345678Z and declare the data true',
      [
        { type: 'click', navigates: true, target: (p) => p.getByRole('link', { name: 'Tax form' }) },
        { type: 'click', target: nif },
        { type: 'type', value: '12345678Z', target: nif },
        { type: 'scroll', value: 'down' },
        { type: 'click', target: (p) => p.getByRole('checkbox', { name: 'I declare the data is true' }) },
      ],
      imagesDir,
    ),
  ]);
  return [library, tax];
}

// ---------------------------------------------------------------------------------------------

const server = await startFixtureServer({ root: path.join(REPO, 'fixtures/site') });
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ],
});
fs.mkdirSync(OUT, { recursive: true });
// Screenshots go to a staging folder and everything is swapped in only when all was made, so a
// failed run leaves the previous files untouched.
const staging = fs.mkdtempSync(path.join(OUT, '.dataset-fixtures-'));
try {
  const m2w = await makeMind2Web(browser, server.url);
  const baby = await makeBabyAgi(browser, server.url, staging);
  const m2wDir = path.join(OUT, 'mind2web');
  const babyDir = path.join(OUT, 'babyagi');
  const imagesDir = path.join(babyDir, 'images');
  const array = (records) => `[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
  fs.mkdirSync(m2wDir, { recursive: true });
  fs.writeFileSync(path.join(m2wDir, 'tasks.json'), array(m2w.tasks));
  fs.writeFileSync(path.join(m2wDir, 'broken-tasks.json'), m2w.broken);
  fs.writeFileSync(path.join(m2wDir, 'mt-conversation.json'), array(m2w.conversation));
  fs.rmSync(babyDir, { recursive: true, force: true });
  fs.mkdirSync(babyDir, { recursive: true });
  fs.renameSync(staging, imagesDir);
  fs.writeFileSync(path.join(babyDir, 'metadata_0.json'), `${JSON.stringify(baby, null, 1)}\n`);
  for (const dir of [m2wDir, babyDir, imagesDir]) {
    for (const f of fs.readdirSync(dir).sort()) {
      const st = fs.statSync(path.join(dir, f));
      if (st.isFile()) console.log(`${path.relative(process.cwd(), path.join(dir, f))}  ${st.size} B`);
    }
  }
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
  await browser.close();
  await server.close();
}
