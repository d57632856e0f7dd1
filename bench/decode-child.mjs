// One decode measurement in a fresh process (so peak RSS is this decode's alone):
//   node bench/decode-child.mjs <dataset> [format] [stream|collect]  → one JSON line on stdout
// `stream` (default) reads episodes as `run`/`validate` do, letting go of each after counting it;
// `collect` keeps every episode in memory (loadDataset), for comparison.
import { statSync } from 'node:fs';
import { loadDataset, openDataset } from '../dist/formats/load-dataset.js';

const [file, format = 'auto', how = 'stream'] = process.argv.slice(2);
const rssBefore = process.memoryUsage().rss;
const started = process.hrtime.bigint();
let episodes = 0,
  rejected = 0,
  steps = 0,
  records = 0,
  problems = 0;
if (how === 'collect') {
  const data = await loadDataset(file, { format });
  episodes = data.episodes.length;
  rejected = data.rejected.length;
  steps = data.episodes.reduce((n, e) => n + e.steps.length, 0);
  records = data.recordsRead;
  problems = data.problems.length;
} else {
  const data = await openDataset(file, { format });
  for await (const item of data.items()) {
    if (item.kind === 'episode') {
      episodes++;
      steps += item.episode.steps.length;
    } else rejected++;
  }
  records = data.recordsRead;
  problems = data.problems.length;
}
const ms = Number(process.hrtime.bigint() - started) / 1e6;
console.log(
  JSON.stringify({
    file,
    how,
    bytes: statSync(file).size,
    ms,
    records,
    episodes,
    rejected,
    steps,
    problems,
    rssBeforeMB: rssBefore / 2 ** 20,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
  }),
);
