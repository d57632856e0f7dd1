import { readdirSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';
import { chromium } from 'playwright';
import { startSite } from '../bench/lib.mjs';
const ROOT = process.cwd();
const { loadDataset } = await import(join(ROOT, 'dist/formats/load-dataset.js'));
const { DEFAULT_REPLAY_OPTIONS, runEpisode } = await import(join(ROOT, 'dist/replay/run-episode.js'));
const { launchOptions, findChromium } = await import(join(ROOT, 'dist/replay/browser.js'));
const site = await startSite();
const dir = mkdtempSync(join(os.tmpdir(), 'fe-'));
for (const f of readdirSync(join(ROOT, 'bench', 'devtools')).filter((f) => f.endsWith('.json')))
  writeFileSync(join(dir, f), readFileSync(join(ROOT, 'bench', 'devtools', f), 'utf8').replaceAll('{{ORIGIN}}', site.url));
const { episodes } = await loadDataset(dir, { format: 'devtools-recorder' });
const browser = await chromium.launch(launchOptions(findChromium()));
for (const e of episodes) {
  const r = await runEpisode(browser, e, { ...DEFAULT_REPLAY_OPTIONS, compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' }, out: mkdtempSync(join(os.tmpdir(), 'fo-')), filesDir: dir });
  for (const s of r.steps) console.log(e.id, s.index, s.durationMs, s.description.slice(0, 40), '|', s.effect?.status, (s.effect?.detail ?? '').slice(0, 150));
}
await browser.close(); await site.close();
