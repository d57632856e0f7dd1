#!/usr/bin/env node
// Records the corpus flows (scripts/corpus/flows.mjs) with Playwright's OWN recorders (1.65, the
// project's playwright, and 1.49.1, installed into .replaywright/recorder-1.49.1 as
// scripts/record-bank-fixtures.mjs does) on the recorded release of each app
// (scripts/corpus/apps.mjs), in the rpaweb line shape. Unlike the fixture scripts, the recorder's overlay is LEFT IN the
// before-states (HTML and screenshot), as real recordings have it.
//
//   node scripts/corpus-fetch.mjs && node scripts/corpus-record.mjs [app..]   # rewrites fixtures/corpus-recordings/[<app>/]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { APPS, serveApp } from './corpus/apps.mjs';
import { FLOWS } from './corpus/flows.mjs';
import { fetchCorpus } from './corpus-fetch.mjs';
import { Recorder149, Recorder165, sleep } from './recorder-drivers.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(REPO, 'fixtures/corpus-recordings');
const LAUNCH = {
  executablePath: process.env.REPLAYWRIGHT_CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
const CONTEXT = { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1, locale: 'en-US' };
process.env.PW_CODEGEN_NO_INSPECTOR = '1';

async function beforeState(page, shots, n) {
  const html = await page.content();
  const png = path.join(shots, `${n}.png`);
  await page.screenshot({ path: png }).catch(() => fs.writeFileSync(png, ''));
  return { html, png };
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

// Named apps only (the others' recordings stay as they are); every app when none is named.
const only = process.argv.slice(2);
for (const name of only) if (!APPS[name]) throw new Error(`corpus-record: no app ${name} in scripts/corpus/apps.mjs`);
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'rw-corpus-rec-'));
const dirs = fetchCorpus();
fs.mkdirSync(OUT, { recursive: true });
for (const gen of ['1.65', '1.49']) await recordGeneration(gen, gen === '1.65' ? chromium : oldChromium('1.49.1'));
// On exit: the 1.49 recorder flushes its output file on a timer that can outlive the last episode.
process.on('exit', () => fs.rmSync(TMP, { recursive: true, force: true }));

async function recordGeneration(gen, engine) {
  const browser = await engine.launch(LAUNCH);
  try {
    for (const [appName, app] of Object.entries(APPS).filter(([name]) => !only.length || only.includes(name))) {
      const server = await serveApp(appName, dirs[appName][app.recordedOn], { port: app.port });
      const rows = [];
      try {
        for (const flow of FLOWS[appName]) {
          const episodeId = `${appName}-${flow.id}@${gen}`;
          const shots = path.join(OUT, appName, 'png', episodeId);
          fs.rmSync(shots, { recursive: true, force: true });
          fs.mkdirSync(shots, { recursive: true });
          const rec = gen === '1.65' ? new Recorder165() : new Recorder149(TMP);
          const context = await browser.newContext(CONTEXT);
          await rec.start(context, `${appName}-${flow.id}`);
          let n = 0;
          rec.startInput(null, {});
          const page = await context.newPage();
          await sleep(rec.settleMs);
          rec.sync();
          const input = async (fn) => {
            rec.startInput(await beforeState(page, shots, ++n), {});
            await fn();
            await sleep(rec.settleMs);
            rec.sync();
          };
          await input(() => page.goto(`${server.url}/`));
          await page.waitForTimeout(1500);
          server.log.length = 0;
          await flow.record(page, input);
          await sleep(1000);
          const judged = flow.judge(server.log);
          if (!judged.ok) throw new Error(`${episodeId}: the recording itself did not reach the end state: ${judged.why}`);
          await rec.stop();
          await context.close();
          rec.stabilize?.(episodeId);
          rows.push(
            ...rec.steps.map((step, i) => ({
              id: episodeId,
              language: 'en',
              intent: flow.intent,
              step: i + 1,
              input: '',
              requirements: '',
              outputs: '',
              anonymized_data: {},
              png_file: step.before?.png ? path.relative(path.join(OUT, appName), step.before.png) : null,
              json_data: { browserCode: JSON.parse(step.code) },
              html_data: step.before?.html ?? '<html><head></head><body></body></html>',
            })),
          );
          console.log(`${episodeId}: ${rec.steps.length} steps`);
          for (const s of rec.steps) console.log('   ', s.code.length > 220 ? s.code.slice(0, 217) + '...' : s.code);
        }
      } finally {
        await server.close();
      }
      fs.writeFileSync(path.join(OUT, appName, `episodes-${gen}.jsonl`), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    }
  } finally {
    await browser.close();
  }
}
