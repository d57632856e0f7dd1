#!/usr/bin/env node
// Records the Banco Demo episodes (fixtures/bank) with Playwright's OWN recorders, in the three
// line shapes recorders have written: 1.49 (pageAlias + locator), 1.55 (pageGuid + pageAlias +
// framePath) and 1.65 (pageGuid, frame hops inside the selector). Same method as
// scripts/record-fixtures.mjs (see there for the recorder quirks the driving works around);
// before-states keep html_data only (no PNG) to keep the fixture small.
//
//   node scripts/record-bank-fixtures.mjs      # rewrites fixtures/bank-recordings/episodes-<gen>.jsonl
//
// playwright-core 1.49.1 and 1.55.1 are installed into .replaywright/recorder-<version> (gitignored).
// 1.55's recorder only writes its output file through the Inspector app, which is launched
// headless (PWTEST_CLI_HEADLESS) instead of being disabled.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFixtureServer } from '../fixtures/server.mjs';
import { Recorder149, Recorder165, sleep } from './recorder-drivers.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ORIGIN = 'http://127.0.0.1:38090';
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-record-bank-'));
const OUT = path.join(REPO, 'fixtures/bank-recordings');
const INVOICE = path.join(TMP, 'invoice.pdf');
const LAUNCH = {
  executablePath: process.env.REPLAYWRIGHT_CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
const CONTEXT = { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1, locale: 'en-US' };
process.env.PW_CODEGEN_NO_INSPECTOR = '1';

// ---------------------------------------------------------------------------------------------
// Driving helpers
// ---------------------------------------------------------------------------------------------

// The recorder draws its toolbar, element highlight and locator tooltip inside an
// <x-pw-glass> element appended to <html>, and 1.49 marks <body data-pw-cursor="pointer">.
// A replay has no recorder, so keep both out of the before-states: the overlay is hidden in
// the screenshot; overlay and attribute are removed from the HTML.
const RECORDER_OVERLAY_HTML = /<x-pw-glass\b[^>]*>[\s\S]*?<\/x-pw-glass>/g;
const RECORDER_CURSOR_ATTR = / data-pw-cursor="[^"]*"/g;

async function beforeState(page) {
  // caret:'hide' (the default) keeps the blinking text caret out of the PNG.
  const html = (await page.content()).replace(RECORDER_OVERLAY_HTML, '').replace(RECORDER_CURSOR_ATTR, '');
  return { html };
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
class Recorder155 extends Recorder149 {
  gen = '1.55';
  stabilize = Recorder165.prototype.stabilize;
  guids = new Map();
}

async function openPage(rec, context) {
  rec.startInput(null, noMeta);
  const page = await context.newPage();
  await sleep(rec.settleMs);
  rec.sync();
  const blank = await beforeState(page);
  for (const step of rec.steps) if (!step.before) step.before = blank;
  return page;
}
fs.writeFileSync(INVOICE, '%PDF-1.4 demo');

const SCENARIOS = [
  {
    id: 'bank-transfer',
    intent:
      'Transfer 250 EUR from the savings account to the beneficiary IBAN, save the beneficiary, attach the invoice, read the terms, enter the SMS code and send; the confirmation is cancelled.',
    anonymized: { IBAN: 'ES0000000000000000000000' },
    async run(rec, context) {
      const page = await openPage(rec, context);
      await input(rec, page, { input: '', requirements: '', outputs: 'bank home' }, () => page.goto(`${ORIGIN}/`));
      await input(rec, page, { input: '', requirements: 'bank home', outputs: 'transfer form' }, () =>
        page.getByRole('link', { name: 'Make a transfer' }).click(),
      );
      await page.waitForLoadState('load');
      const from = page.getByLabel('From account');
      if (rec.gen !== '1.65') await input(rec, page, noMeta, () => from.click());
      await input(rec, page, { input: 'from_account', requirements: 'transfer form', outputs: '' }, () => from.selectOption('sav'));
      await input(rec, page, noMeta, () => page.getByLabel('Beneficiary IBAN').click());
      await input(rec, page, { input: 'iban', requirements: 'transfer form', outputs: '' }, () =>
        page.keyboard.type('ES0000000000000000000000'),
      );
      await input(rec, page, noMeta, () => page.getByLabel('Amount (EUR)').click());
      await input(rec, page, { input: 'amount', requirements: 'transfer form', outputs: '' }, () => page.keyboard.type('250'));
      const fav = page.getByLabel('Save as favourite beneficiary');
      await input(rec, page, noMeta, () => (rec.gen === '1.65' ? fav.check() : fav.click()));
      if (rec.gen !== '1.65') await page.getByLabel('Supporting document').focus();
      await input(rec, page, { input: 'document', requirements: 'invoice', outputs: '' }, () =>
        page.getByLabel('Supporting document').setInputFiles(INVOICE),
      );
      const human = page.frameLocator('iframe[title="Security check"]').getByLabel('I ordered this transfer myself');
      await input(rec, page, noMeta, () => (rec.gen === '1.65' ? human.check() : human.click()));
      let popup;
      await input(rec, page, { input: '', requirements: '', outputs: 'terms window' }, async () => {
        const ev = page.waitForEvent('popup');
        await page.getByRole('button', { name: 'Read the terms' }).click();
        popup = await ev;
        await popup.waitForLoadState('load');
      });
      await input(rec, popup, noMeta, () => popup.close());
      await page.bringToFront();
      await input(rec, page, { input: '', requirements: 'transfer form filled', outputs: 'review page' }, async () => {
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.waitForURL('**/review.html**');
      });
      await page.waitForLoadState('load');
      await input(rec, page, noMeta, () => page.getByLabel('SMS code').click());
      await input(rec, page, { input: 'sms_code', requirements: 'SMS code from the user', outputs: '', userFeedback: true }, () =>
        page.keyboard.type('123456'),
      );
      await input(rec, page, { input: '', requirements: 'SMS code', outputs: 'status "Transfer cancelled"' }, () =>
        page.getByRole('button', { name: 'Send transfer' }).click(),
      );
      const status = await page.locator('#status').textContent();
      if (!status.startsWith('Transfer cancelled')) throw new Error('unexpected status ' + status);
      await input(rec, page, noMeta, () => page.close());
    },
  },
  {
    id: 'bank-statement',
    intent: 'Download the November statement.',
    anonymized: {},
    async run(rec, context) {
      const page = await openPage(rec, context);
      await input(rec, page, { input: '', requirements: '', outputs: 'bank home' }, () => page.goto(`${ORIGIN}/`));
      await input(rec, page, noMeta, () => page.getByRole('link', { name: 'Statements' }).click());
      await page.waitForLoadState('load');
      await input(rec, page, { input: '', requirements: 'statements', outputs: 'statement file' }, async () => {
        const d = page.waitForEvent('download');
        await page.getByRole('link', { name: 'Download November statement' }).click();
        await d;
      });
      await input(rec, page, noMeta, () => page.close());
    },
  },
];

function toRows(outDir, episodeId, scenario, steps) {
  return steps.map((step, i) => {
    const n = i + 1;
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
      png_file: null,
      json_data: step.meta.userFeedback ? { subintent: 'user_feedback', browserCode } : { browserCode },
      html_data: step.before.html,
    };
  });
}

async function recordGeneration(gen, chromium) {
  const browser = await chromium.launch(LAUNCH);
  const rows = [];
  try {
    for (const scenario of SCENARIOS) {
      const episodeId = `${scenario.id}@${gen}`;
      const rec = gen === '1.49' ? new Recorder149(TMP) : gen === '1.55' ? new Recorder155(TMP) : new Recorder165();
      const context = await browser.newContext(CONTEXT);
      await rec.start(context, scenario.id);
      await scenario.run(rec, context);
      await rec.stop();
      await context.close();
      if (rec.stabilize) rec.stabilize(episodeId);
      const missing = rec.steps.filter((s) => !s.before);
      if (missing.length) throw new Error(`${episodeId}: ${missing.length} action(s) without a before-state`);
      rows.push(...toRows(OUT, episodeId, scenario, rec.steps));
      console.log(`${episodeId}: ${rec.steps.length} steps`);
      for (const s of rec.steps) console.log('   ', s.code.length > 200 ? s.code.slice(0, 197) + '...' : s.code);
    }
  } finally {
    await browser.close();
  }
  fs.writeFileSync(path.join(OUT, `episodes-${gen}.jsonl`), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
}
function oldChromium(version) {
  const dir = path.join(REPO, '.replaywright', `recorder-${version}`);
  const pkg = path.join(dir, 'node_modules/playwright-core/package.json');
  if (!fs.existsSync(pkg)) {
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('npm', ['install', '--prefix', dir, `playwright-core@${version}`, '--no-save', '--no-audit', '--no-fund'], {
      stdio: 'inherit',
    });
  }
  return createRequire(pkg)('playwright-core').chromium;
}

const server = await startFixtureServer({ root: path.join(REPO, 'fixtures/bank'), port: 38090 });
fs.mkdirSync(OUT, { recursive: true });
try {
  await recordGeneration('1.49', oldChromium('1.49.1'));
  // 1.55 writes the JSONL file only through its Inspector app: launch that headless.
  delete process.env.PW_CODEGEN_NO_INSPECTOR;
  process.env.PWTEST_CLI_HEADLESS = '1';
  await recordGeneration('1.55', oldChromium('1.55.1'));
  process.env.PW_CODEGEN_NO_INSPECTOR = '1';
  await recordGeneration('1.65', (await import('playwright')).chromium);
} finally {
  await server.close();
  fs.rmSync(TMP, { recursive: true, force: true });
}
