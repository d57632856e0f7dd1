// One decode measurement in a fresh process (so peak RSS is this decode's alone):
//   node bench/decode-child.mjs <dataset> [format]  → one JSON line on stdout
import { statSync } from 'node:fs';
import { loadDataset } from '../dist/formats/load-dataset.js';

const [file, format = 'auto'] = process.argv.slice(2);
const rssBefore = process.memoryUsage().rss;
const started = process.hrtime.bigint();
const data = await loadDataset(file, { format });
const ms = Number(process.hrtime.bigint() - started) / 1e6;
const steps = data.episodes.reduce((n, e) => n + e.steps.length, 0);
console.log(JSON.stringify({
  file,
  bytes: statSync(file).size,
  ms,
  records: data.recordsRead,
  episodes: data.episodes.length,
  rejected: data.rejected.length,
  steps,
  problems: data.problems.length,
  rssBeforeMB: rssBefore / 2 ** 20,
  peakRssMB: process.resourceUsage().maxRSS / 1024,
}));
