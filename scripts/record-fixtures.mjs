#!/usr/bin/env node
// Records the fixture episodes with Playwright's OWN recorder (nothing here is hand-typed JSON).
//
//   node scripts/record-fixtures.mjs                     # the rpaweb set (as always)
//   node scripts/record-fixtures.mjs --only resolution   # only the target-resolution set
//   node scripts/record-fixtures.mjs --only rpaweb,resolution
//   node scripts/record-fixtures.mjs --only overlay      # recorder overlay LEFT IN (as real recordings have it)
//
// Sets:
//   rpaweb      library / tax / board on fixtures/site  -> fixtures/rpaweb/, fixtures/codegen/
//   resolution  the town hall e-shop, variant A (fixtures/site/shop/) -> fixtures/resolution/
//               (episodes-<gen>.jsonl + png/; the hand-written EXPECTED.md there is kept). These
//               recordings are meant to be replayed on variant B (fixtures/site-b overlaid on
//               fixtures/site); see fixtures/resolution/EXPECTED.md.
//
// For each scenario (library / tax / board, or the shop episodes) and each recorder generation it:
//   1. serves fixtures/site on the FIXED origin http://127.0.0.1:38080 (recorded URLs contain it;
//      replays use `--map-url http://127.0.0.1:38080=<live url>`),
//   2. enables the recorder on a fresh context and drives the page with real Playwright input,
//   3. takes a before-state (viewport PNG + page.content()) just before every scripted input and
//      pairs each recorder action with the before-state of the input that produced it,
//   4. writes rpaweb rows.
//
// Recorder generations:
//   - 1.49.1 (rpaweb shape: `pageAlias` + `locator`, no framePath): playwright-core@1.49.1 installed
//     into .replaywright/recorder-1.49.1 (gitignored), `context._enableRecorder({language:'jsonl',
//     mode:'recording', outputFile})`. The output file is rewritten (throttled, 250 ms) with the
//     merged action list; we re-read it after each input.
//   - 1.65.1 (current shape: `pageGuid`, frame folded into the selector): the project's playwright,
//     `context._startRecording({language:'jsonl'}, sink)`; the sink receives the JSONL line as `code`.
//
// Outputs (all deleted and rewritten on every run of their set):
//   rpaweb:     fixtures/rpaweb/episodes-1.49.jsonl, fixtures/rpaweb/episodes-1.65.jsonl,
//               fixtures/rpaweb/png/<episode>/<step>.png, fixtures/codegen/tax-form.jsonl
//   resolution: fixtures/resolution/episodes-1.49.jsonl, fixtures/resolution/episodes-1.65.jsonl,
//               fixtures/resolution/png/<episode>/<step>.png
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFixtureServer } from '../fixtures/server.mjs';
import { Recorder149, Recorder155, Recorder165, sleep } from './recorder-drivers.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RECORD_PORT = 38080;
const ORIGIN = `http://127.0.0.1:${RECORD_PORT}`;
const FINAL_RPAWEB = path.join(REPO, 'fixtures/rpaweb');
const FINAL_CODEGEN = path.join(REPO, 'fixtures/codegen');
const OLD_PW_VERSION = '1.49.1';
// 1.55.1 (pageGuid shape, programmatic recorder with an event sink), for the overlay set only.
const MID_PW_VERSION = '1.55.1';
fs.mkdirSync(path.join(REPO, '.replaywright'), { recursive: true });
const TMP = fs.mkdtempSync(path.join(REPO, '.replaywright', 'record-'));
// Everything is written to a staging folder first and swapped in only when all episodes
// recorded, so a failed run leaves the committed fixtures untouched.
const OUT_RPAWEB = path.join(TMP, 'out/rpaweb');
const OUT_CODEGEN = path.join(TMP, 'out/codegen');
const FINAL_RESOLUTION = path.join(REPO, 'fixtures/resolution');
const OUT_RESOLUTION = path.join(TMP, 'out/resolution');

const LAUNCH = {
  executablePath: process.env.REPLAYWRIGHT_CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
const CONTEXT = { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1, locale: 'en-US' };

// 1.49's _enableRecorder would otherwise open the Inspector app window next to the page.
process.env.PW_CODEGEN_NO_INSPECTOR = '1';

// ---------------------------------------------------------------------------------------------
// Driving helpers
// ---------------------------------------------------------------------------------------------

// The recorder draws its toolbar, element highlight and locator tooltip inside an
// <x-pw-glass> element appended to <html>, and 1.49 marks <body data-pw-cursor="pointer">.
// A replay has no recorder, so keep both out of the before-states: the overlay is hidden in
// the screenshot; overlay and attribute are removed from the HTML.
const RECORDER_OVERLAY_CSS = 'x-pw-glass { display: none !important; }';
const RECORDER_OVERLAY_HTML = /<x-pw-glass\b[^>]*>[\s\S]*?<\/x-pw-glass>/g;
const RECORDER_CURSOR_ATTR = / data-pw-cursor="[^"]*"/g;

// The overlay set keeps the overlay, as recordings made by people (rpaweb, codegen users) do.
let keepOverlay = false;

async function beforeState(page) {
  // caret:'hide' (the default) keeps the blinking text caret out of the PNG.
  if (keepOverlay) return { png: await page.screenshot({ animations: 'disabled', caret: 'hide' }), html: await page.content() };
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide', style: RECORDER_OVERLAY_CSS });
  const html = (await page.content()).replace(RECORDER_OVERLAY_HTML, '').replace(RECORDER_CURSOR_ATTR, '');
  return { png, html };
}

/** One scripted input: before-state, the input itself, then wait for the recorder to emit. */
async function input(rec, page, meta, fn) {
  rec.startInput(await beforeState(page), meta);
  await fn();
  await sleep(rec.settleMs);
  rec.sync();
}

const noMeta = { input: '', requirements: '', outputs: '' };

// ---------------------------------------------------------------------------------------------
// Scenarios. Each gets a fresh context with the recorder enabled and ends by closing its page.
// ---------------------------------------------------------------------------------------------

const SCENARIOS = [
  {
    id: 'library-save-record',
    intent:
      'In the public library catalogue, search for books by García, open the record of "La casa de Bernarda Alba" and save the record file.',
    anonymized: {},
    async run(rec, context) {
      const page = await openPage(rec, context);
      await input(rec, page, { input: '', requirements: '', outputs: 'citizen services portal' }, () => page.goto(`${ORIGIN}/`));
      await input(rec, page, { input: '', requirements: 'portal home page', outputs: 'library search page' }, async () => {
        await page.getByRole('link', { name: 'Library catalogue' }).click();
      });
      await page.waitForLoadState('load');
      await input(rec, page, noMeta, () => page.getByLabel('Title or author').click());
      await input(rec, page, { input: 'search_text', requirements: 'library search page', outputs: '' }, () =>
        page.keyboard.type('Garcia'),
      );
      await input(rec, page, { input: '', requirements: 'search text', outputs: 'list of matching books' }, () =>
        page.getByRole('button', { name: 'Search' }).click(),
      );
      await page.waitForLoadState('load');
      await input(rec, page, { input: '', requirements: 'list of matching books', outputs: 'book record' }, () =>
        page.getByRole('link', { name: 'La casa de Bernarda Alba' }).click(),
      );
      await page.waitForLoadState('load');
      await input(rec, page, { input: '', requirements: 'book record', outputs: 'record file (download)' }, async () => {
        const download = page.waitForEvent('download');
        await page.getByRole('link', { name: 'Save record' }).click();
        await download;
      });
      await input(rec, page, noMeta, () => page.close());
    },
  },
  {
    id: 'tax-submit-declaration',
    intent:
      'Fill in the income tax declaration (NIF, full name, province Barcelona), declare the data is true, read the help, enter the SMS verification code and submit; the submission confirmation is cancelled.',
    anonymized: { NIF: '00000000T' },
    async run(rec, context) {
      const page = await openPage(rec, context);
      await input(rec, page, { input: '', requirements: '', outputs: 'tax form' }, () => page.goto(`${ORIGIN}/tax/`));
      await input(rec, page, noMeta, () => page.getByLabel('NIF').click());
      await input(rec, page, { input: 'nif', requirements: 'tax form', outputs: '' }, () => page.keyboard.type('00000000T'));
      await input(rec, page, noMeta, () => page.getByLabel('Full name').click());
      await input(rec, page, { input: 'full_name', requirements: 'tax form', outputs: '' }, () => page.keyboard.type('Ana Pérez'));
      const province = page.getByLabel('Province');
      if (rec.gen === '1.49') {
        // 1.49 attributes a select to the element that last got focus (its `activeModel`);
        // selectOption() does not focus, so without this the select is recorded on "Full name".
        // A real user clicks the <select> first; the recorder ignores clicks on SELECT.
        await input(rec, page, noMeta, () => province.click());
      }
      await input(rec, page, { input: 'province', requirements: 'tax form', outputs: '' }, () => province.selectOption('b'));
      const declare = page.getByLabel('I declare the data is true');
      await input(rec, page, { input: '', requirements: 'taxpayer data filled in', outputs: 'verification code field' }, () =>
        // 1.49 swallows the real click and re-performs it later, so check() would fail with
        // "Clicking the checkbox did not change its state"; a click is recorded as `check` anyway.
        rec.gen === '1.49' ? declare.click() : declare.check(),
      );
      let popup;
      await input(rec, page, { input: '', requirements: '', outputs: 'help window' }, async () => {
        const popupEvent = page.waitForEvent('popup');
        await page.getByRole('button', { name: 'Help' }).click();
        popup = await popupEvent;
        await popup.waitForLoadState('load');
      });
      if (rec.gen === '1.49') {
        // In 1.49 the popup's own "Close" button cannot be used: the click is recorded twice
        // and swallowed both times (window.close() never runs). The user closes the window.
        await input(rec, popup, { input: '', requirements: 'help window', outputs: '' }, () => popup.close());
      } else {
        // 1.65 records nothing for this: the click is buffered 500 ms and its page is gone by then.
        await input(rec, popup, { input: '', requirements: 'help window', outputs: '' }, () =>
          // window.close() may tear the page down while click() is still settling.
          popup
            .getByRole('button', { name: 'Close' })
            .click()
            .catch((e) => {
              if (!popup.isClosed()) throw e;
            }),
        );
      }
      // When a popup closes the opener becomes the active tab again. Without this, headless
      // Chromium keeps the opener in the background (no rAF), and 1.49's re-performed clicks
      // hang in the "stable" check, so the confirm() never opens.
      await page.bringToFront();
      await input(rec, page, noMeta, () => page.getByLabel('Verification code').click());
      await input(
        rec,
        page,
        { input: 'verification_code', requirements: 'SMS verification code from the user', outputs: '', userFeedback: true },
        () => page.keyboard.type('482915'),
      );
      // No 'dialog' listener is registered, so Playwright dismisses the confirm() (as codegen does).
      await input(rec, page, { input: '', requirements: 'verification code', outputs: 'status "Submission cancelled"' }, () =>
        page.getByRole('button', { name: 'Submit declaration' }).click(),
      );
      const status = await page.locator('#status').textContent();
      if (status !== 'Submission cancelled') throw new Error(`tax: unexpected status ${JSON.stringify(status)}`);
      await input(rec, page, noMeta, () => page.close());
    },
  },
  {
    id: 'board-add-move-delete',
    intent: 'On the task board, add the card "Book appointment at SEPE", move it to Doing, then delete it.',
    anonymized: {},
    async run(rec, context) {
      const page = await openPage(rec, context);
      const cardTitle = 'Book appointment at SEPE';
      await input(rec, page, { input: '', requirements: '', outputs: 'task board' }, () => page.goto(`${ORIGIN}/board/`));
      await input(rec, page, noMeta, () => page.getByLabel('New card title').click());
      await input(rec, page, { input: 'card_title', requirements: 'task board', outputs: '' }, () => page.keyboard.type(cardTitle));
      await input(rec, page, { input: '', requirements: 'card title', outputs: 'new card in To do' }, () =>
        page.getByRole('button', { name: 'Add card' }).click(),
      );
      const card = page.locator('li.card').filter({ hasText: cardTitle });
      await input(rec, page, { input: '', requirements: 'card in To do', outputs: 'card in Doing' }, () =>
        card.getByRole('button', { name: 'Move right' }).click(),
      );
      // The Delete button only displays while the card is hovered. Recorders before 1.56 never
      // record a hover, so the recording has the click without what made its target visible.
      await input(rec, page, noMeta, () => card.hover());
      await input(rec, page, { input: '', requirements: 'card in Doing', outputs: 'card removed' }, () =>
        card.getByRole('button', { name: 'Delete' }).click(),
      );
      if (await card.count()) throw new Error('board: card was not deleted');
      await input(rec, page, noMeta, () => page.close());
    },
  },
];

// The target-resolution set: recorded on variant A of the town hall e-shop (fixtures/site/shop/),
// to be replayed on variant B (fixtures/site-b/shop/, a different implementation of the same shop).
// Expected outcomes per episode: fixtures/resolution/EXPECTED.md.
const productRow = (page, name) => page.locator('#products tbody tr').filter({ hasText: name });
const cartRow = (page, name) => page.locator('#cart-rows tr').filter({ hasText: name });

async function addToCart(rec, page, name) {
  await input(rec, page, { input: '', requirements: 'product list', outputs: `${name} in the cart` }, async () => {
    // Come from elsewhere, as a hand would: 1.49 swallows a second click on the same button when
    // the mouse has not moved since the first one (no new hover target), and never performs it.
    await page.mouse.move(640, 700);
    await productRow(page, name).getByRole('button', { name: 'Add to cart' }).click();
  });
}

async function openCart(rec, page, count) {
  await input(rec, page, { input: '', requirements: 'items in the cart', outputs: 'cart page' }, async () => {
    await page.getByRole('button', { name: `Cart (${count})` }).click();
    await page.waitForURL('**/shop/cart.html');
  });
  await page.waitForLoadState('load');
}

async function checkout(rec, page, count) {
  await input(rec, page, { input: '', requirements: 'cart', outputs: 'order placed' }, async () => {
    await page.getByRole('button', { name: `Checkout (${count})` }).click();
    await page.waitForURL('**/shop/order.html');
  });
  await page.waitForLoadState('load');
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  if (title !== 'Order placed') throw new Error(`shop: unexpected order page title ${JSON.stringify(title)}`);
}

async function openShop(rec, context) {
  const page = await openPage(rec, context);
  await input(rec, page, { input: '', requirements: '', outputs: 'e-shop product list' }, () => page.goto(`${ORIGIN}/shop/`));
  return page;
}

const RESOLUTION_SCENARIOS = [
  {
    id: 'shop-checkout',
    intent:
      'In the town hall e-shop, put a bulky waste collection, a library card replacement and a dog licence tag in the cart; in the cart order 2 bulky waste collections, apply the coupon SPRING10, remove the library card replacement and check out.',
    anonymized: {},
    async run(rec, context) {
      const page = await openShop(rec, context);
      await addToCart(rec, page, 'Bulky waste collection');
      await addToCart(rec, page, 'Library card replacement');
      await addToCart(rec, page, 'Dog licence tag');
      await openCart(rec, page, 3);
      // The quantity field has no label; the recorder can only name it by its id.
      const qty = page.locator('#qty-bulky-waste');
      await input(rec, page, noMeta, () => qty.click());
      await input(rec, page, { input: 'quantity', requirements: 'cart', outputs: 'bulky waste collection x2' }, () => qty.fill('2'));
      await input(rec, page, noMeta, () => page.getByLabel('Coupon code').click());
      await input(rec, page, { input: 'coupon_code', requirements: 'cart', outputs: '' }, () => page.keyboard.type('SPRING10'));
      await input(rec, page, { input: '', requirements: 'coupon code', outputs: '10% discount' }, () =>
        page.getByRole('button', { name: 'Apply' }).click(),
      );
      const status = await page.locator('#coupon-status').textContent();
      if (status !== 'Coupon SPRING10 applied: 10% off') throw new Error(`shop: unexpected coupon status ${JSON.stringify(status)}`);
      // "Remove" only displays while its row is hovered; recorders before 1.56 never record the hover.
      const row = cartRow(page, 'Library card replacement');
      await input(rec, page, noMeta, () => row.hover());
      await input(rec, page, { input: '', requirements: 'cart', outputs: 'library card replacement removed' }, () =>
        row.getByRole('button', { name: 'Remove' }).click(),
      );
      if (await row.count()) throw new Error('shop: library card line was not removed');
      await checkout(rec, page, 2);
      await input(rec, page, noMeta, () => page.close());
    },
  },
  {
    id: 'shop-remove-icon',
    intent:
      'In the town hall e-shop, put a bulky waste collection and a dog licence tag in the cart, take the bulky waste collection out again in the side cart, then open the cart and check out.',
    anonymized: {},
    async run(rec, context) {
      const page = await openShop(rec, context);
      await addToCart(rec, page, 'Bulky waste collection');
      await addToCart(rec, page, 'Dog licence tag');
      // Icon-only button without aria-label: its accessible name is the glyph "✕".
      await input(rec, page, { input: '', requirements: 'side cart', outputs: 'bulky waste collection removed' }, () =>
        page.locator('#mini-items li').filter({ hasText: 'Bulky waste collection' }).getByRole('button', { name: '✕' }).click(),
      );
      await openCart(rec, page, 1);
      await checkout(rec, page, 1);
      await input(rec, page, noMeta, () => page.close());
    },
  },
  {
    id: 'trap-similar-row',
    intent: 'In the town hall e-shop, buy a parking permit for Zone A.',
    anonymized: {},
    async run(rec, context) {
      const page = await openShop(rec, context);
      await addToCart(rec, page, 'Parking permit — Zone A');
      await openCart(rec, page, 1);
      await checkout(rec, page, 1);
      await input(rec, page, noMeta, () => page.close());
    },
  },
  {
    id: 'trap-twin-remove',
    intent: 'In the town hall e-shop, put two dog licence tags in the cart, then open the cart and remove the dog licence tags again.',
    anonymized: {},
    async run(rec, context) {
      const page = await openShop(rec, context);
      await addToCart(rec, page, 'Dog licence tag');
      await addToCart(rec, page, 'Dog licence tag');
      await openCart(rec, page, 1);
      const row = cartRow(page, 'Dog licence tag');
      await input(rec, page, noMeta, () => row.hover());
      await input(rec, page, { input: '', requirements: 'cart', outputs: 'empty cart' }, () =>
        row.getByRole('button', { name: 'Remove' }).click(),
      );
      if (!(await page.getByText('Your cart is empty.').isVisible())) throw new Error('shop: cart is not empty');
      await input(rec, page, noMeta, () => page.close());
    },
  },
];

const FINAL_OVERLAY = path.join(REPO, 'fixtures/overlay');
const OUT_OVERLAY = path.join(TMP, 'out/overlay');

const SETS = {
  rpaweb: { scenarios: SCENARIOS, out: OUT_RPAWEB, gens: ['1.49', '1.65'] },
  resolution: { scenarios: RESOLUTION_SCENARIOS, out: OUT_RESOLUTION, gens: ['1.49', '1.65'] },
  overlay: {
    scenarios: SCENARIOS.filter((s) => s.id === 'library-save-record'),
    out: OUT_OVERLAY,
    gens: ['1.49', '1.55', '1.65'],
    keepOverlay: true,
  },
};

async function openPage(rec, context) {
  // openPage is emitted while the page is being created, before anything can be captured: its
  // before-state is the new blank page itself.
  rec.startInput(null, noMeta);
  const page = await context.newPage();
  // Capture only after the settle wait: right after creation the screenshot `style` that hides
  // the recorder toolbar is sometimes not applied yet (seen with 1.49 on about:blank).
  await sleep(rec.settleMs);
  rec.sync();
  const blank = await beforeState(page);
  for (const step of rec.steps) if (!step.before) step.before = blank;
  return page;
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

function toRows(outDir, episodeId, scenario, steps) {
  return steps.map((step, i) => {
    const n = i + 1;
    const pngRel = `png/${episodeId}/${n}.png`;
    fs.mkdirSync(path.join(outDir, 'png', episodeId), { recursive: true });
    fs.writeFileSync(path.join(outDir, pngRel), step.before.png);
    // JSON.parse keeps the recorder's key order.
    const browserCode = JSON.parse(step.code);
    return {
      id: episodeId,
      language: 'en',
      intent: scenario.intent,
      step: n,
      input: step.meta.input,
      requirements: step.meta.requirements,
      outputs: step.meta.outputs,
      anonymized_data: scenario.anonymized,
      png_file: pngRel,
      json_data: step.meta.userFeedback ? { subintent: 'user_feedback', browserCode } : { browserCode },
      html_data: step.before.html,
    };
  });
}

async function loadOldPlaywright(version = OLD_PW_VERSION) {
  const dir = path.join(REPO, '.replaywright', `recorder-${version}`);
  const pkg = path.join(dir, 'node_modules/playwright-core/package.json');
  if (!fs.existsSync(pkg)) {
    console.log(`installing playwright-core@${version} into ${path.relative(REPO, dir)}`);
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('npm', ['install', '--prefix', dir, `playwright-core@${version}`, '--no-save', '--no-audit', '--no-fund'], {
      stdio: 'inherit',
    });
  }
  const require = createRequire(pkg);
  const core = require('playwright-core');
  if (require('playwright-core/package.json').version !== version) throw new Error(`expected playwright-core@${version}`);
  return core.chromium;
}

async function recordGeneration(gen, chromium, set) {
  if (!set.gens.includes(gen)) return;
  keepOverlay = !!set.keepOverlay;
  const browser = await chromium.launch(LAUNCH);
  const rows = [];
  try {
    for (const scenario of set.scenarios) {
      const episodeId = `${scenario.id}@${gen}`;
      const rec = gen === '1.49' ? new Recorder149(TMP) : gen === '1.55' ? new Recorder155() : new Recorder165();
      const context = await browser.newContext(CONTEXT);
      await rec.start(context, scenario.id);
      await scenario.run(rec, context);
      await rec.stop();
      await context.close();
      if (rec.stabilize) rec.stabilize(episodeId);
      if (set === SETS.rpaweb && gen === '1.49' && scenario.id.startsWith('tax-')) {
        // The plain codegen `--target=jsonl` file exactly as the 1.49 recorder wrote it.
        fs.mkdirSync(OUT_CODEGEN, { recursive: true });
        fs.copyFileSync(rec.outputFile, path.join(OUT_CODEGEN, 'tax-form.jsonl'));
      }
      const missing = rec.steps.filter((s) => !s.before);
      if (missing.length) throw new Error(`${episodeId}: ${missing.length} action(s) without a before-state`);
      rows.push(...toRows(set.out, episodeId, scenario, rec.steps));
      console.log(`${episodeId}: ${rec.steps.length} steps`);
      for (const s of rec.steps) console.log('   ', s.code.length > 160 ? s.code.slice(0, 157) + '...' : s.code);
    }
  } finally {
    await browser.close();
  }
  fs.mkdirSync(set.out, { recursive: true });
  fs.writeFileSync(path.join(set.out, `episodes-${gen}.jsonl`), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

function selectedSets() {
  const i = process.argv.indexOf('--only');
  const names = i === -1 ? ['rpaweb'] : (process.argv[i + 1] ?? '').split(',').filter(Boolean);
  const unknown = names.filter((n) => !SETS[n]);
  if (names.length === 0 || unknown.length)
    throw new Error(
      `--only takes a comma-separated list of: ${Object.keys(SETS).join(', ')} (got ${JSON.stringify(process.argv[i + 1] ?? '')})`,
    );
  return names;
}

async function main() {
  const sets = selectedSets();
  fs.mkdirSync(OUT_RPAWEB, { recursive: true });
  const server = await startFixtureServer({ port: RECORD_PORT });
  try {
    const old = await loadOldPlaywright();
    for (const name of sets) await recordGeneration('1.49', old, SETS[name]);
    if (sets.some((name) => SETS[name].gens.includes('1.55'))) {
      const mid = await loadOldPlaywright(MID_PW_VERSION);
      for (const name of sets) await recordGeneration('1.55', mid, SETS[name]);
    }
    const { chromium } = await import('playwright');
    for (const name of sets) await recordGeneration('1.65', chromium, SETS[name]);
    if (sets.includes('rpaweb')) {
      for (const [staged, final] of [
        [OUT_RPAWEB, FINAL_RPAWEB],
        [OUT_CODEGEN, FINAL_CODEGEN],
      ]) {
        fs.rmSync(final, { recursive: true, force: true });
        fs.renameSync(staged, final);
      }
      console.log(`wrote ${path.relative(REPO, FINAL_RPAWEB)}/ and ${path.relative(REPO, FINAL_CODEGEN)}/`);
    }
    if (sets.includes('resolution')) {
      // Only the generated files are replaced: fixtures/resolution/ also holds EXPECTED.md.
      fs.mkdirSync(FINAL_RESOLUTION, { recursive: true });
      for (const entry of ['png', 'episodes-1.49.jsonl', 'episodes-1.65.jsonl']) {
        fs.rmSync(path.join(FINAL_RESOLUTION, entry), { recursive: true, force: true });
        fs.renameSync(path.join(OUT_RESOLUTION, entry), path.join(FINAL_RESOLUTION, entry));
      }
      console.log(`wrote ${path.relative(REPO, FINAL_RESOLUTION)}/{episodes-1.49.jsonl,episodes-1.65.jsonl,png/}`);
    }
    if (sets.includes('overlay')) {
      fs.rmSync(FINAL_OVERLAY, { recursive: true, force: true });
      fs.renameSync(OUT_OVERLAY, FINAL_OVERLAY);
      console.log(`wrote ${path.relative(REPO, FINAL_OVERLAY)}/`);
    }
  } finally {
    await server.close();
    fs.rmSync(TMP, { recursive: true, force: true });
  }
}

await main();
