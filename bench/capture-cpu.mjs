// Where a viewport screenshot's cost goes: the CPU time each Chromium process spends per
// capture (from /proc, every process of the browser counted by its --type), beside the wall
// time, for the captures a comparison could take and for a frame drawn with no capture. An
// experiment behind docs/benchmarks.md ("loop + capture"), not a goal of `npm run bench`:
//
//   npm run build && node bench/capture-cpu.mjs        # W=640 H=360 for another viewport
//
// Linux only (/proc). Nothing but a local page set with setContent: no network.
import { readFileSync, readdirSync } from 'node:fs';
import { chromium } from 'playwright';
import { findChromium, launchOptions } from '../dist/replay/browser.js';

const W = Number(process.env.W ?? 1280);
const H = Number(process.env.H ?? 720);
const N = Number(process.env.N ?? 40);

/** CPU milliseconds so far of every Chromium process, by pid, with its process type. */
function chromiumCpu() {
  const byPid = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      // Chromium rewrites its children's command lines into one string: match, do not split.
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!/chrom/.test(cmdline.split(' ')[0])) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime, in 10 ms ticks
      byPid.set(pid, { type: cmdline.match(/--type=(\S+)/)?.[1] ?? 'browser', ms: ticks * 10 });
    } catch {
      // the process ended while read
    }
  }
  return byPid;
}

const browser = await chromium.launch(launchOptions(findChromium()));
const context = await browser.newContext({ viewport: { width: W, height: H } });
const page = await context.newPage();
await page.setContent('<h1>Hello</h1>' + '<p>Lorem ipsum dolor sit amet consectetur.</p>'.repeat(60));
const cdp = await context.newCDPSession(page);
const capture = (params) => () => cdp.send('Page.captureScreenshot', params);
const clip = (scale, width = W, height = H) => ({ x: 0, y: 0, width, height, scale });

const VARIANTS = {
  'idle 60 ms': () => new Promise((resolve) => setTimeout(resolve, 60)),
  // The whole page repainted (its background changed) and two frames drawn: drawing, no capture.
  'full-damage frame': () =>
    page.evaluate(
      () =>
        new Promise((resolve) => {
          document.body.style.background = document.body.style.background === 'ivory' ? 'azure' : 'ivory';
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
        }),
    ),
  png: capture({ format: 'png' }),
  'png, optimizeForSpeed': capture({ format: 'png', optimizeForSpeed: true }),
  'jpeg, optimizeForSpeed': capture({ format: 'jpeg', optimizeForSpeed: true }),
  'png, scale 0.5': capture({ format: 'png', clip: clip(0.5) }),
  'png, 100×100 clip': capture({ format: 'png', clip: clip(1, 100, 100) }),
  'page.screenshot': () => page.screenshot(),
};

console.log(`${W}×${H}, ${N} each; ms per capture: wall, then CPU by Chromium process type`);
for (const [name, run] of Object.entries(VARIANTS)) {
  for (let i = 0; i < 3; i++) await run();
  const before = chromiumCpu();
  const started = performance.now();
  for (let i = 0; i < N; i++) await run();
  const wall = (performance.now() - started) / N;
  const byType = {};
  for (const [pid, { type, ms }] of chromiumCpu()) byType[type] = (byType[type] ?? 0) + (ms - (before.get(pid)?.ms ?? 0)) / N;
  const cpu = Object.entries(byType)
    .filter(([, ms]) => ms >= 0.5)
    .map(([type, ms]) => `${type} ${ms.toFixed(1)}`)
    .join(' · ');
  console.log(`  ${name.padEnd(24)} wall ${wall.toFixed(1).padStart(5)}   ${cpu}`);
}
await browser.close();
