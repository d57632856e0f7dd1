#!/usr/bin/env node
// Writes fixtures/vwa/garden/*.json: Recon-Act trajectories of fixtures/site/garden at 1280×720
// (a search submitted by TYPE's Enter, a shadow-DOM button, a field inside an iframe, a popup,
// tabs, GOTO_URL, SELECT_OPTION and CHECK via pw_code, MOUSE_CLICK/HOVER, SCROLL, STOP). Boxes
// are measured on the live site, as in scripts/make-vwa-fixtures.mjs. Run after changing the site:
//   node scripts/make-vwa-garden-fixtures.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { startFixtureServer } from '../fixtures/server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'fixtures', 'vwa', 'garden');
const ORIGIN = 'http://127.0.0.1:38080'; // the recorded origin (--map-url)
const VP = { width: 1280, height: 720 };
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
const ids = (s) => [...s].map((c) => (c === '\n' ? 129982 : c.codePointAt(0) <= 127 ? c.codePointAt(0) - 17 : c.codePointAt(0) - 18));
const round = (n) => Math.round(n * 100) / 100;
const centre = ([x, y, w, h]) => [round((x + w / 2) / VP.width), round((y + h / 2) / VP.height)];

let INTENT = '';
function entry(url, tabs, nodes, action) {
  const text = {};
  const image = {};
  for (const [id, [line, b]] of Object.entries(nodes)) {
    text[id] = { backend_id: 2000 + Number(id), union_bound: b, text: `[${id}] ${line}` };
    image[id] = b;
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
const file = (name, entries) => {
  writeFileSync(join(OUT, name), JSON.stringify(Object.fromEntries(entries.map((e, i) => [String(i), e])), null, 1) + '\n');
  console.log(`wrote fixtures/vwa/garden/${name} (${entries.length} entries)`);
};

const site = await startFixtureServer({ root: join(ROOT, 'fixtures', 'site') });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'config.json'), JSON.stringify({ viewport_width: VP.width, viewport_height: VP.height }) + '\n');
  const page = await browser.newPage({ viewport: VP });
  const box = async (l) => {
    const b = await l.boundingBox();
    if (!b) throw new Error(`no box for ${l}`);
    return [round(b.x), round(b.y), round(b.width), round(b.height)];
  };

  await page.goto(`${site.url}/garden/`);
  const store = ['Tab 0 (current): Garden Store'];
  const storeNodes = {
    5: ["searchbox 'Search plants'", await box(page.locator('#q'))],
    6: ["searchbox 'Slow search'", await box(page.locator('#slowq'))],
    9: ["button 'Water plant'", await box(page.locator('plant-card #water'))],
    10: ["textbox 'Plant note'", await box(page.locator('plant-card #note'))],
    12: ["link 'Care guide'", await box(page.locator('#care'))],
    20: ["textbox 'Email address'", await box(page.frameLocator('iframe').locator('#email'))],
  };
  const hoverZone = await box(page.locator('#hover-zone'));
  await page.goto(`${site.url}/garden/results.html?q=fern`);
  const maiden = await box(page.locator('a:text-is("Maidenhair fern")'));
  await page.goto(`${site.url}/garden/plant.html?name=Maidenhair%20fern`);
  const add = await box(page.locator('#add'));
  await page.goto(`${site.url}/garden/care.html`);
  const read = await box(page.locator('#read'));

  INTENT = 'Find the maidenhair fern and add it to the cart.';
  const search = (field) => [
    entry('/garden/', store, storeNodes, {
      action_type: 7,
      element_id: field,
      text: ids('fern\n'),
      raw_prediction: `\`\`\`type [${field}] [fern] [1]\`\`\``,
    }),
    entry(
      '/garden/results.html?q=fern',
      ['Tab 0 (current): Results'],
      { 31: ["link 'Maidenhair fern'", maiden] },
      { action_type: 6, element_id: '31', raw_prediction: '```click [31]```' },
    ),
    entry(
      '/garden/plant.html?name=Maidenhair%20fern',
      ['Tab 0 (current): Plant'],
      { 40: ["button 'Add to cart'", add] },
      { action_type: 3, coords: centre(add), raw_prediction: 'mouse click on Add to cart' },
    ),
    entry(
      '/garden/plant.html?name=Maidenhair%20fern',
      ['Tab 0 (current): Plant'],
      { 40: ["button 'Added'", add] },
      { action_type: 17, answer: 'Added', raw_prediction: '```stop [Added]```' },
    ),
  ];
  file('search.json', search('5'));
  // The same through the search whose form submits 800 ms after the Enter.
  file('slow-search.json', search('6'));

  INTENT = 'Water the fern, note it needs shade, choose a medium pot, subscribe, and read the care guide.';
  const both = (current) => [
    `Tab 0${current === 0 ? ' (current)' : ''}: Garden Store`,
    `Tab 1${current === 1 ? ' (current)' : ''}: Care guide`,
  ];
  file('widgets.json', [
    entry('/garden/', store, storeNodes, { action_type: 6, element_id: '9', raw_prediction: '```click [9]```' }),
    entry('/garden/', store, storeNodes, {
      action_type: 7,
      element_id: '10',
      text: ids('needs shade'),
      raw_prediction: '```type [10] [needs shade] [0]```',
    }),
    entry('/garden/', store, storeNodes, { action_type: 16, pw_code: 'page.get_by_label("Pot size").select_option("Medium")' }),
    entry('/garden/', store, storeNodes, { action_type: 15, pw_code: 'page.get_by_role("checkbox", name="Agree").check()' }),
    entry('/garden/', store, storeNodes, {
      action_type: 7,
      element_id: '20',
      text: ids('ana@example.org\n'),
      raw_prediction: '```type [20] [ana@example.org] [1]```',
    }),
    entry('/garden/', store, storeNodes, { action_type: 5, coords: centre(hoverZone), raw_prediction: 'hover on "Hover me"' }),
    entry('/garden/', store, storeNodes, { action_type: 6, element_id: '12', raw_prediction: '```click [12]```' }),
    entry(
      '/garden/care.html',
      both(1),
      { 50: ["button 'Mark as read'", read] },
      { action_type: 6, element_id: '50', raw_prediction: '```click [50]```' },
    ),
    entry(
      '/garden/care.html',
      both(1),
      { 50: ["button 'Mark as read'", read] },
      { action_type: 9, page_number: 0, raw_prediction: '```tab_focus [0]```' },
    ),
    entry('/garden/', both(0), storeNodes, { action_type: 1, direction: 'down', raw_prediction: '```scroll [down]```' }),
    entry('/garden/', both(0), {}, { action_type: 10, raw_prediction: '```new_tab```' }),
    entry(
      'about:blank',
      [...both(-1), 'Tab 2 (current): '],
      {},
      {
        action_type: 13,
        url: `${ORIGIN}/garden/results.html?q=moss`,
        raw_prediction: `\`\`\`goto [${ORIGIN}/garden/results.html?q=moss]\`\`\``,
      },
    ),
    entry(
      '/garden/results.html?q=moss',
      [...both(-1), 'Tab 2 (current): Results'],
      {},
      { action_type: 14, raw_prediction: '```close_tab```' },
    ),
    entry('/garden/care.html', both(1), {}, { action_type: 17, answer: 'Marked as read', raw_prediction: '```stop [Marked as read]```' }),
  ]);
} finally {
  await browser.close();
  await site.close();
}
