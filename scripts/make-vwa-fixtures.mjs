#!/usr/bin/env node
// Writes fixtures/vwa/*.json: VisualWebArena trajectories in the Recon-Act export layout
// (`{"0": {"info": {…observation_metadata…}, "action": {…}}, …}`) acting on the fixture site.
// The element boxes (`union_bound`, SoM boxes) and coordinates are measured on the live
// fixture site in headless Chromium at the recorded viewport, so a replay on site A finds
// at each recorded point what the recording names there. Run after changing fixtures/site:
//   node scripts/make-vwa-fixtures.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { startFixtureServer } from '../fixtures/server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'fixtures', 'vwa');
const ORIGIN = 'http://127.0.0.1:38080'; // the recorded origin the demo and fixtures use (--map-url)
const VIEWPORT = { width: 1000, height: 600 };
const SMALL = { width: 1000, height: 150 };

/** VWA's create_none_action() defaults. */
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
/** Text as VWA key ids (`_keys2ids`). */
const ids = (s) => [...s].map((c) => (c === '\n' ? 129982 : c.codePointAt(0) <= 127 ? c.codePointAt(0) - 17 : c.codePointAt(0) - 18));

const site = await startFixtureServer({ root: join(ROOT, 'fixtures', 'site') });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const round = (n) => Math.round(n * 100) / 100;

async function boxOf(page, selector) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`no box for ${selector}`);
  return [round(b.x), round(b.y), round(b.width), round(b.height)];
}
const centre = ([x, y, w, h], vp) => [round((x + w / 2) / vp.width), round((y + h / 2) / vp.height)];

/** One Recon-Act entry: the observation (nodes by id) and the action chosen from it. */
function entry(url, tabs, nodes, action) {
  const text = {};
  const image = {};
  for (const [id, [line, box]] of Object.entries(nodes)) {
    text[id] = { backend_id: 1000 + Number(id), union_bound: box, text: `[${id}] ${line}` };
    image[id] = box; // top-left xywh, like union_bound: the decoder tells the convention from the pair
  }
  return {
    info: {
      fail_error: '',
      observation_metadata: {
        text: { url: url.startsWith('about:') ? url : ORIGIN + url, obs_nodes_info: text, tabs },
        image: { obs_nodes_info: image },
      },
      intent: INTENT,
      input_images: [],
      ss_ori: '',
      ss_som: '',
    },
    action: action && { ...NONE, ...action },
  };
}
let INTENT = '';
const file = (name, entries) => {
  const out = Object.fromEntries(entries.map((e, i) => [String(i), e]));
  writeFileSync(join(OUT, name), JSON.stringify(out, null, 1) + '\n');
  console.log(`wrote fixtures/vwa/${name} (${entries.length} entries)`);
};

try {
  mkdirSync(join(OUT, 'small-window'), { recursive: true });
  writeFileSync(join(OUT, 'config.json'), JSON.stringify({ viewport_width: VIEWPORT.width, viewport_height: VIEWPORT.height }) + '\n');
  writeFileSync(
    join(OUT, 'small-window', 'config.json'),
    JSON.stringify({ viewport_width: SMALL.width, viewport_height: SMALL.height }) + '\n',
  );
  const page = await browser.newPage({ viewport: VIEWPORT });

  // --- tax-form.json: typing, keys, clear, select, check, a click at coordinates, stop ----------
  INTENT = 'Fill in the tax return for NIF 12345678Z, name Eva Ruiz, province Madrid, and save a draft.';
  await page.goto(`${site.url}/tax/`);
  const tax = ['Tab 0 (current): Tax agency — income tax return (Modelo 100)'];
  const nif = await boxOf(page, '#nif');
  const fullname = await boxOf(page, '#fullname');
  const province = await boxOf(page, '#province');
  const truthful = await boxOf(page, '#truthful');
  const taxNodes = {
    12: ["textbox 'NIF' required: False", nif],
    13: ["textbox 'Full name' required: False", fullname],
    14: ["combobox 'Province' hasPopup: menu expanded: False", province],
    15: ["checkbox 'I declare the data is true' checked: false", truthful],
  };
  await page.check('#truthful'); // the verification field appears and moves the buttons down
  const draftAfter = await boxOf(page, '#draft');
  const checkedNodes = {
    ...taxNodes,
    15: ["checkbox 'I declare the data is true' checked: true", truthful],
    21: ["button 'Save draft'", draftAfter],
  };
  file('tax-form.json', [
    entry('/tax/', tax, taxNodes, { action_type: 7, element_id: '12', text: ids('1234'), raw_prediction: '```type [12] [1234] [0]```' }),
    entry('/tax/', tax, taxNodes, { action_type: 4, text: ids('5678Z'), raw_prediction: 'keyboard type 5678Z' }),
    entry('/tax/', tax, taxNodes, { action_type: 7, element_role: 74, element_name: 'Full name', text: ids('Ana García') }),
    entry('/tax/', tax, taxNodes, { action_type: 18, element_id: '13' }),
    entry('/tax/', tax, taxNodes, { action_type: 4, text: ids('Eva Ruizz') }),
    entry('/tax/', tax, taxNodes, { action_type: 2, key_comb: 'Backspace', raw_prediction: '```press [backspace]```' }),
    entry('/tax/', tax, taxNodes, { action_type: 2, key_comb: 'Meta+a', raw_prediction: '```press [meta+a]```' }),
    entry('/tax/', tax, taxNodes, { action_type: 16, pw_code: 'page.get_by_label("Province").select_option("Madrid")' }),
    entry('/tax/', tax, taxNodes, { action_type: 15, pw_code: 'page.get_by_label("I declare the data is true").check()' }),
    entry('/tax/', tax, checkedNodes, {
      action_type: 3,
      coords: centre(draftAfter, VIEWPORT),
      raw_prediction: 'mouse click on Save draft',
    }),
    entry('/tax/', tax, checkedNodes, { action_type: 17, answer: 'Draft saved', raw_prediction: '```stop [Draft saved]```' }),
    entry('/tax/', tax, checkedNodes, undefined),
  ]);

  // --- malformed.json: steps VWA itself would have failed; the others still run ----------------
  INTENT = 'Fill in the NIF and the province.';
  file('malformed.json', [
    entry('/tax/', tax, taxNodes, { action_type: 7, element_id: '12', text: ids('1234') }),
    entry('/tax/', tax, taxNodes, { action_type: 99, raw_prediction: '```teleport [12]```' }),
    entry('/tax/', tax, taxNodes, { action_type: 6, element_id: '77', raw_prediction: '```click [77]```' }),
    entry('/tax/', tax, taxNodes, { action_type: 15, pw_code: 'page.get_by_label("I declare the data is true".check()' }),
    entry('/tax/', tax, taxNodes, { action_type: 16, pw_code: 'page.get_by_label("Province").select_option("Madrid")' }),
    entry('/tax/', tax, taxNodes, { action_type: 17, answer: 'done' }),
  ]);

  // --- shop-drift*.json: recorded on the shop of site A; site B moved things (the drift tests) --------
  INTENT = 'Look at the cart, then go on shopping.';
  await page.goto(`${site.url}/shop/`);
  const shopTitle = 'Tab 0 (current): Town hall e-shop — permits and services';
  const badge = await boxOf(page, '#cart-badge');
  await page.goto(`${site.url}/shop/cart.html`);
  const cartTitle = `Tab 0 (current): ${await page.title()}`;
  const goOn = await boxOf(page, 'a:text-is("Continue shopping")');
  const shopNodes = { 30: ["button 'Cart (0)'", badge] };
  const cartNodes = { 70: ["link 'Continue shopping'", goOn] };
  file('shop-drift.json', [
    entry('/shop/', [shopTitle], shopNodes, { action_type: 6, element_id: '30', raw_prediction: '```click [30]```' }),
    entry('/shop/cart.html', [cartTitle], cartNodes, { action_type: 6, element_id: '70', raw_prediction: '```click [70]```' }),
    entry('/shop/', [shopTitle], shopNodes, { action_type: 17, answer: 'empty' }),
  ]);
  file('shop-drift-point.json', [
    entry('/shop/', [shopTitle], shopNodes, { action_type: 6, element_id: '30', raw_prediction: '```click [30]```' }),
    entry('/shop/cart.html', [cartTitle], cartNodes, {
      action_type: 3,
      coords: centre(goOn, VIEWPORT),
      raw_prediction: 'mouse click on Continue shopping',
    }),
    entry('/shop/', [shopTitle], shopNodes, { action_type: 17, answer: 'empty' }),
  ]);

  // --- upload.json: UPLOAD sets the file input (the path as key ids, as VWA stores it) ----------------
  INTENT = 'Attach the donation receipt.';
  await page.goto(`${site.url}/tax/attach.html`);
  const doc = await boxOf(page, '#doc');
  const attachTabs = [`Tab 0 (current): ${await page.title()}`];
  file('upload.json', [
    entry(
      '/tax/attach.html',
      attachTabs,
      { 50: ["button 'Supporting document'", doc] },
      { action_type: 19, element_id: '50', text: ids('receipt.txt') },
    ),
    entry('/tax/attach.html', attachTabs, {}, { action_type: 17, answer: 'attached' }),
  ]);

  // --- tabs.json: links, a popup, tab focus, back/forward, new tab, goto, close ---------------
  INTENT = 'Open the tax form and its help, then look at the task board in another tab.';
  await page.goto(`${site.url}/`);
  const portal = 'Citizen services — demo portal';
  const taxLink = await boxOf(page, 'a[href="tax/"]');
  await page.goto(`${site.url}/tax/`);
  const help = await boxOf(page, '#help');
  const taxTitle = 'Tax agency — income tax return (Modelo 100)';
  const helpTitle = (await (await fetch(`${site.url}/tax/help.html`)).text()).match(/<title>([^<]*)<\/title>/)[1];
  file('tabs.json', [
    entry(
      '/',
      [`Tab 0 (current): ${portal}`],
      { 20: ["link 'Tax form'", taxLink] },
      { action_type: 6, element_id: '20', raw_prediction: '```click [20]```' },
    ),
    entry(
      '/tax/',
      [`Tab 0 (current): ${taxTitle}`],
      { 31: ["button 'Help'", help] },
      { action_type: 6, element_id: '31', raw_prediction: '```click [31]```' },
    ),
    entry(
      '/tax/help.html',
      [`Tab 0: ${taxTitle}`, `Tab 1 (current): ${helpTitle}`],
      {},
      { action_type: 9, page_number: 0, raw_prediction: '```tab_focus [0]```' },
    ),
    entry('/tax/', [`Tab 0 (current): ${taxTitle}`, `Tab 1: ${helpTitle}`], {}, { action_type: 11, raw_prediction: '```go_back```' }),
    entry('/', [`Tab 0 (current): ${portal}`, `Tab 1: ${helpTitle}`], {}, { action_type: 12, raw_prediction: '```go_forward```' }),
    entry('/tax/', [`Tab 0 (current): ${taxTitle}`, `Tab 1: ${helpTitle}`], {}, { action_type: 10, raw_prediction: '```new_tab```' }),
    entry(
      'about:blank',
      [`Tab 0: ${taxTitle}`, `Tab 1: ${helpTitle}`, 'Tab 2 (current): '],
      {},
      { action_type: 13, url: `${ORIGIN}/board/`, raw_prediction: `\`\`\`goto [${ORIGIN}/board/]\`\`\`` },
    ),
    entry(
      '/board/',
      [`Tab 0: ${taxTitle}`, `Tab 1: ${helpTitle}`, 'Tab 2 (current): Task board — pending procedures'],
      {},
      { action_type: 14, raw_prediction: '```close_tab```' },
    ),
    entry(
      '/tax/help.html',
      [`Tab 0: ${taxTitle}`, `Tab 1 (current): ${helpTitle}`],
      {},
      { action_type: 9, page_number: 0, raw_prediction: '```tab_focus [0]```' },
    ),
    entry(
      '/tax/',
      [`Tab 0 (current): ${taxTitle}`, `Tab 1: ${helpTitle}`],
      {},
      { action_type: 17, answer: 'N/A', raw_prediction: '```stop [N/A]```' },
    ),
  ]);

  // --- board.json: hover by id, hover at coordinates, drag (text selection), wait ----------------
  INTENT = 'Look at the pending procedures on the task board.';
  await page.goto(`${site.url}/board/`);
  const boardTabs = ['Tab 0 (current): Task board — pending procedures'];
  const card1 = await boxOf(page, '.card:nth-child(1) .title');
  const card2 = await boxOf(page, '#todo .card:nth-child(2) .title');
  const h1 = await page.locator('h1').evaluate((el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    const b = r.getBoundingClientRect();
    return [b.x, b.y, b.width, b.height];
  });
  const boardNodes = { 40: ["StaticText 'Renew identity card (DNI)'", card1], 41: ["StaticText 'Request census certificate'", card2] };
  // DRAG from just left of the heading's first letter to past its last: selects the heading text.
  const drag = [
    round((h1[0] - 2) / VIEWPORT.width),
    round((h1[1] + h1[3] / 2) / VIEWPORT.height),
    round((h1[0] + h1[2] + 4) / VIEWPORT.width),
    round((h1[1] + h1[3] / 2) / VIEWPORT.height),
  ];
  file('board.json', [
    entry('/board/', boardTabs, boardNodes, { action_type: 8, element_id: '40', raw_prediction: '```hover [40]```' }),
    entry('/board/', boardTabs, boardNodes, {
      action_type: 5,
      coords: centre(card2, VIEWPORT),
      raw_prediction: 'mouse hover on the second card',
    }),
    entry('/board/', boardTabs, boardNodes, { action_type: 21, coords: drag, raw_prediction: 'drag across the heading' }),
    entry('/board/', boardTabs, boardNodes, { action_type: 20, raw_prediction: '```wait```' }),
    entry('/board/', boardTabs, boardNodes, { action_type: 17, answer: '4 cards' }),
  ]);

  // --- small-window/scroll.json: SCROLL is one window height --------------------------------------
  INTENT = 'Scroll through the tax form.';
  file('small-window/scroll.json', [
    entry('/tax/', tax, {}, { action_type: 1, direction: 'down', raw_prediction: '```scroll [down]```' }),
    entry('/tax/', tax, {}, { action_type: 1, direction: 'down', raw_prediction: '```scroll [down]```' }),
    entry('/tax/', tax, {}, { action_type: 1, direction: 'up', raw_prediction: '```scroll [up]```' }),
    entry('/tax/', tax, {}, { action_type: 17, answer: 'done' }),
  ]);
} finally {
  await browser.close();
  await site.close();
}
