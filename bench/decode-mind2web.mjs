// Mind2Web shard decode: throughput and peak RSS (not a test; prints numbers only).
//   node bench/decode-mind2web.mjs            (after `npx tsc -p tsconfig.build.json`)
// Writes a Mind2Web-shaped train shard of BENCH_M2W_MB (default 600) MB to /tmp: the sample
// tasks of tests/formats/data/mind2web, each action's raw_html padded to BENCH_M2W_HTML_KB
// (default 256) KiB like a real page dump. Each decode runs in a fresh process: streamed (what
// run/validate/inspect do) and, with BENCH_M2W_COLLECT=1, collected into memory (loadDataset).
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateMind2webShard, ROOT, round, runNode } from './lib.mjs';

const TARGET_MB = Number(process.env.BENCH_M2W_MB ?? 600);
const HTML_KB = Number(process.env.BENCH_M2W_HTML_KB ?? 256);
const REPS = Math.max(1, Number(process.env.BENCH_REPS ?? 3));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dir = join(tmpdir(), 'replaywright-decode-mind2web');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
process.stderr.write(`generating a ${TARGET_MB} MB Mind2Web shard in ${dir}…\n`);
const file = generateMind2webShard(dir, TARGET_MB, HTML_KB);
const ways = process.env.BENCH_M2W_COLLECT === '1' ? ['stream', 'collect'] : ['stream'];
for (const how of ways) {
  const runs = [];
  for (let i = 0; i < (how === 'collect' ? 1 : REPS); i++) {
    const r = await runNode([join(ROOT, 'bench', 'decode-child.mjs'), file, 'mind2web', how]);
    if (r.code !== 0) throw new Error(`decode failed: ${r.stderr}`);
    runs.push(JSON.parse(r.stdout.trim().split('\n').at(-1)));
  }
  const mb = runs[0].bytes / 2 ** 20;
  console.log(
    JSON.stringify({
      how,
      sizeMB: round(mb, 0),
      tasks: runs[0].records,
      episodes: runs[0].episodes,
      steps: runs[0].steps,
      problems: runs[0].problems,
      runs: runs.length,
      medianSeconds: round(median(runs.map((r) => r.ms)) / 1000, 1),
      medianMBPerSec: round(mb / (median(runs.map((r) => r.ms)) / 1000), 1),
      peakRssMB: runs.map((r) => round(r.peakRssMB, 0)),
    }),
  );
}
if (existsSync(file)) process.stderr.write(`shard: ${file} (${round(statSync(file).size / 2 ** 20, 0)} MB); BENCH_M2W_KEEP=1 keeps it\n`);
if (process.env.BENCH_M2W_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
