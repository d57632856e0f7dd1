// docs/benchmarks.md from bench/results.json: every goal of issue 18 beside what was measured,
// and the gap. Each section keeps the date and load of its own last measurement.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const r2 = (n) => (Number.isFinite(n) ? Math.round(n * 100) / 100 : n);
const when = (s) =>
  s?.measuredAt
    ? `${s.measuredAt.slice(0, 16).replace('T', ' ')} UTC, load ${s.loadAverage1m?.before}→${s.loadAverage1m?.after}`
    : 'not measured';

/** One goal row: what, measured, goal, whether met, and by how much it is missed. */
function row(what, measured, goal, met, gap, section) {
  return `| ${what} | ${measured ?? '–'} | ${goal} | ${measured === undefined ? '–' : met ? 'met' : 'not met'} | ${measured === undefined || met ? '' : gap} | ${when(section)} |`;
}

export function writeGoalTable(results) {
  const o = results.overhead?.total;
  const p = results.puppeteer?.total;
  const s = results.startup;
  const decodeRows = results.decode?.rows ?? [];
  const m2w = decodeRows.find((d) => d.dataset?.startsWith('Mind2Web shard'));
  const json = decodeRows.find((d) => d.dataset?.startsWith('same bytes'));
  const rpaweb = decodeRows.find((d) => d.dataset?.startsWith('rpaweb JSONL'));
  const cores = results.machine?.cores ?? 1;
  const scaling = results.scaling?.rows ?? [];
  const handAtCores = (results.scaling?.handLoop ?? []).find((x) => x.lanes === cores)?.speedup;
  const handCaptureAtCores = (results.scaling?.handLoopCapture ?? []).find((x) => x.lanes === cores)?.speedup;
  // How much of the machine one lane of the bare hand loop already keeps busy: the room left for more.
  const handOneBusy = (results.scaling?.handLoop ?? []).find((x) => x.lanes === 1)?.machineBusy;
  const rwOneBusy = scaling.find((x) => x.workers === 1 && x.mode === 'async')?.machineBusy;
  const atCores = scaling.filter((x) => x.workers === cores).map((x) => x.speedup);
  const bestAtCores = atCores.length ? Math.max(...atCores) : NaN;
  const rows = [
    row(
      'compare off vs hand-written loop (time ratio)',
      o?.noCompareRatio !== undefined ? `${o.noCompareRatio}×` : undefined,
      '≤ 1.10×',
      o?.noCompareRatio <= 1.1,
      `${r2(o?.noCompareRatio - 1.1)}× over`,
      results.overhead,
    ),
    row(
      'compare on (screenshot + DOM every step) vs loop',
      o?.ratio !== undefined
        ? `${o.ratio}×${o.captureFloorRatio !== undefined ? ` (the loop taking the same screenshot + DOM each step alone: ${o.captureFloorRatio}×)` : ''}${o.otherBytesRatio !== undefined ? `; recordings in other bytes (same pixels): ${o.otherBytesRatio}×` : ''}`
        : undefined,
      '≤ 1.5×',
      o?.ratio <= 1.5,
      `${r2(o?.ratio - 1.5)}× over`,
      results.overhead,
    ),
    row(
      'vs @puppeteer/replay, same flows, both pass',
      p?.ratio !== undefined
        ? `${p.ratio}× (${p.flows} flows)${p.traceOffRatio !== undefined ? `; with \`--trace off\` (no trace recorded): ${p.traceOffRatio}×` : ''}`
        : undefined,
      '≤ 0.67×',
      p?.ratio <= 0.67,
      `${r2(p?.ratio - 0.67)}× over`,
      results.puppeteer,
    ),
    row(
      '`--version`',
      s ? `${s.version.replaywrightS} s (node alone ${s.version.nodeS} s)` : undefined,
      '≤ 0.15 s',
      s?.version.replaywrightS <= 0.15,
      `${r2(s?.version.replaywrightS - 0.15)} s over`,
      s,
    ),
    row(
      'spawn → first step action, beyond a bare launch',
      s ? `+${s.firstStep.gapS} s (${s.firstStep.replaywrightS} s vs ${s.firstStep.bareLaunchS} s)` : undefined,
      '≤ launch + 0.3 s',
      s?.firstStep.gapS <= 0.3,
      `${r2(s?.firstStep.gapS - 0.3)} s over`,
      s,
    ),
    row(
      'Mind2Web shard decode throughput',
      m2w ? `${m2w.MBPerSec} MB/s (${m2w.sizeMB} MB; JSON.parse alone ${json?.MBPerSec} MB/s)` : undefined,
      '≥ 200 MB/s',
      m2w?.MBPerSec >= 200,
      `${r2(200 - m2w?.MBPerSec)} MB/s short`,
      results.decode,
    ),
    row(
      'Mind2Web shard decode peak RSS',
      m2w ? `${m2w.peakRssMB} MB` : undefined,
      '≤ 200 MB',
      m2w?.peakRssMB <= 200,
      `${r2(m2w?.peakRssMB - 200)} MB over`,
      results.decode,
    ),
    // Not in issue 18's list: a JSONL dataset streamed by `run`/`validate` must not cost the file's size in memory either.
    row(
      'rpaweb JSONL decode throughput (streamed)',
      rpaweb ? `${rpaweb.MBPerSec} MB/s (${rpaweb.sizeMB} MB, ${rpaweb.records} rows)` : undefined,
      '≥ 100 MB/s',
      rpaweb?.MBPerSec >= 100,
      `${r2(100 - rpaweb?.MBPerSec)} MB/s short`,
      results.decode,
    ),
    row(
      'rpaweb JSONL decode peak RSS (streamed)',
      rpaweb ? `${rpaweb.peakRssMB} MB` : undefined,
      '≤ 300 MB',
      rpaweb?.peakRssMB <= 300,
      `${r2(rpaweb?.peakRssMB - 300)} MB over`,
      results.decode,
    ),
    row(
      `workers: speed-up at ${cores} workers`,
      Number.isFinite(bestAtCores)
        ? `${bestAtCores}×${handAtCores !== undefined ? ` (the hand-written loop itself, ${cores} lanes: ${handAtCores}×` : ''}` +
            (handAtCores !== undefined && handCaptureAtCores !== undefined
              ? `; taking the same screenshot + DOM each step, as the CLI's default comparisons do: ${handCaptureAtCores}×)`
              : handAtCores !== undefined
                ? ')'
                : '') +
            (handOneBusy !== undefined
              ? `; one lane of the hand loop alone keeps ${Math.round(handOneBusy * 100)}% of the ${cores} cores busy` +
                (rwOneBusy !== undefined ? `, one replaywright worker ${Math.round(rwOneBusy * 100)}%` : '')
              : '')
        : undefined,
      `≥ ${r2(0.8 * cores)}× (0.8 × cores)`,
      bestAtCores >= 0.8 * cores,
      `${r2(0.8 * cores - bestAtCores)}× short`,
      results.scaling,
    ),
  ];
  const text = `# Benchmarks

\`npm run bench\` (bench/bench.mjs) measures replaywright against baselines run in the same
script, alternating, and reports medians and ratios; raw numbers are in bench/results.json.
Absolute times depend on the machine and its load (a shared ${cores}-core machine here, whose
load average is noted per section): read the ratios. Headless runs use the system's headless
shell when it has one (docs/checks.md#browser), as every section here did. \`BENCH_ONLY=overhead,decode,scaling,puppeteer,startup\`
runs some sections only; the others keep their last measurement.

Machine: ${results.machine?.cpu ?? '?'}, ${cores} cores, ${results.machine?.memoryGB ?? '?'} GB, Node ${results.machine?.node ?? '?'}, Chromium ${results.machine?.chromium ?? '?'}.

| goal (issue 18) | measured | goal | status | gap | measured at |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

How each is measured:

- **Replay overhead**: the fixture rpaweb episodes (fixtures/rpaweb) in one process and one
  browser, a fresh context each: \`runEpisode\` with comparisons on (default) and \`--compare off\`,
  both with the CLI's default trace (\`--trace retain-on-failure --trace-detail actions\`: every
  episode is traced, its trace kept if it does not pass), and a hand-written Playwright loop
  (bench/lib.mjs \`handReplay\`: the recorded selector, the recorded action, nothing else; a
  click target shown only on hover, the board's Delete, gets the text typed last hovered
  first, as one would by hand; a page a popup went in front of is brought back to the front
  before its next step, or Playwright's click waits 1-2 s for it to look stable, as tax@1.65's
  Submit after Help did in some runs). Totals over the episodes both pass.
  "loop + capture" is the same loop taking one viewport screenshot and the DOM before each step:
  the least any replay that compares every step can cost (a 1280×720 screenshot costs
  Chromium ~50–70 ms here, a new frame drawn, read back and encoded; PNG or JPEG, the headless
  shell or the full browser, GPU flags: the same within noise; half the pixels take about half
  the time). Where that time goes (bench/capture-cpu.mjs, CPU per capture by Chromium process,
  2026-12-07): of ~60 ms, ~38 ms in the GPU process, which composites in software here, and
  ~20 ms in the browser process (the PNG encoding; Chromium's fast encoding saves ~5 ms of it).
  Drawing the frame is not it: a frame with the whole page repainted and no capture costs the
  GPU process ~3 ms, and a 100×100 capture ~3 ms; a profile of the GPU process (perf) puts 41%
  of its samples in copying memory and 34% in the kernel faulting in the fresh shared memory
  each capture is read back into (a paravirtualized machine, where a page fault is dear).
  Shared memory in /dev/shm instead of /tmp (Playwright's \`--disable-dev-shm-usage\` left out):
  the same (memfd). The cost is per pixel read back, which only a smaller capture lowers, and a
  comparison at a lower resolution would miss what a full one sees (a changed character). Since the headless shell halved the loop's time and not the screenshot's, the
  ratio with comparisons on rose while its time fell (rpaweb fixtures: 19.0 s → 9.9 s). The fixture screenshots were taken by the same Chromium, so most live
  screenshots are the recorded bytes exactly and skip the pixel comparison; "recordings in
  other bytes" replays a copy whose screenshots hold the same pixels re-encoded (pngjs), as a
  recording made on another machine is: every step then decodes and compares pixels.
  Chromium's faster PNG encoding for every capture (the same pixels, ~15–25 ms less a
  screenshot) was tried and is used only once a recording has shown other bytes: on these
  recordings it loses the identical-bytes shortcut, and decoding and comparing every step's
  pixels in the pixel thread costs the 2 cores what the encoding saved (A/B, medians of 5:
  1.80× the loop against 1.78×).
- **@puppeteer/replay**: the Chrome Recorder flows in bench/devtools on the fixture site,
  replaywright \`--compare off\` vs @puppeteer/replay 3.1.3 on puppeteer-core with the same
  Chromium (\`npm --prefix bench install\`; its headless shell, Puppeteer's \`headless: 'shell'\`,
  when installed), fresh context each, launch excluded. replaywright runs with the CLI's
  defaults, its trace included: Playwright records every episode's trace and we keep it only
  for one that does not pass, which costs every passing flow too (3–11% of a flow in an A/B here); "trace off"
  beside it is the same replay with \`--trace off\`. The ratio moves with the machine more than
  with our changes: 0.61× on 2026-12-07 15:44, and 0.74–0.77× at 20:03–20:05 on another machine
  of this kind (the hand loop's one lane there kept 73% of the cores busy where it had kept 56%)
  for builds that bench/ab.mjs finds within 1% of each other on these flows (paired medians
  1.003, 0.999, 1.009 and 0.992 between them). Even with no snapshots or screenshots
  (\`--trace-detail actions\`), Playwright writes each call's before and after events with a file
  append of their own: a CPU profile puts ~19 ms of the Node process's time per flow in those
  writes. The trace's step groups are ~1% of it (A/B without them: 0.991×), so they stay. Taken apart (3 flows, 15 interleaved runs each, 2026-12-06): 1164 ms with the
  default trace, 1148 ms with Playwright's client-side stack collection switched off by hand, 1097 ms
  with no trace. While any context traces, Playwright's client sends every call's stack in a
  message of its own (313 for the 3 flows, one per call, CDP sends included): ~1.4% of a flow,
  and \`tracing.start\` has no option to leave it out; the rest is the server's trace events. Our
  own calls are few: ~125 a flow, half of them the typed keys, sent all at once (CDP
  \`Input.dispatchKeyEvent\`, ~0.56 ms a send, ~0.41 ms of it the Node process's time inside
  Playwright: 1.1 ms a character, where \`keyboard.type\` takes 1.7). Chrome's accessibility tree
  answers an \`aria/\` query (CDP \`Accessibility.queryAXTree\`) at the renderer's next
  accessibility update, one frame (~16.6 ms) later (Blink schedules the query for it:
  \`ScheduleAXUpdateWithCallback\`). Puppeteer races a step's recorded selectors and takes
  whichever answers first, the CSS one as a rule; we asked them in order, aria/ first, until
  2026-12-06: now they race too (docs/formats.md, Chrome DevTools Recorder), the page-answered
  ones asked first, and a step whose CSS alternative finds a shown element never waits for the
  tree (A/B on these flows: 0.855× the time, paired median of 33). Chromium's \`--disable-frame-rate-limit\`
  would shorten the waits left (aria/-only steps, the final page's two-frame settle), but any
  page with a running animation then draws frames unthrottled (a CSS spinner: ~72% of both
  cores, against 3%), so it is not used. \`Accessibility.getFullAXTree\` answers at once (~5 ms on
  these pages) but walks the tree in another order, and on a page of 3000 list rows took 1.1 s
  where the query took 0.65 s: no substitute for the query Puppeteer runs.
- **Start-up**: whole processes. \`--version\` beside \`node -e 0\`; "first step" is the time
  from spawning \`replaywright run flow.json\` (the CLI's defaults: comparisons on, its trace
  on) until its first step's request reaches a loopback server, beside a bare Playwright script
  (bench/first-step-child.mjs) that loads Playwright the fastest way (\`require\`), launches the
  same Chromium and goes to the same URL. The CLI runs from dist/bin/, its modules joined into
  a few files (scripts/build-cli.mjs): Node's loader costs per module, and ~220 of them took
  ~150 ms more before the first step.
- **Decode**: a generated Mind2Web-shaped train shard (the test sample's tasks, raw_html padded
  to 256 KiB) decoded as \`run\`/\`validate\` stream it, in a fresh process (peak RSS is its
  own), beside the same records through \`Buffer#toString\` + \`JSON.parse\` only. The decoder
  can beat that limit because it does not decode raw_html/cleaned_html until a step reads them
  (src/formats/mind2web/lazy-record.ts). The rpaweb rows (the fixture rows repeated to 200 000,
  ~3 KB a row, mostly html_data) are streamed the same way (\`openDataset().items()\`).
- **Workers**: \`replaywright run\` on twice the fixture episodes with 1..cores workers
  (async and worker_threads), whole process; speed-up relative to one async worker. Beside
  it, the machine's ceiling: the hand-written loop over the same episodes in 1..cores lanes at
  once (a browser each, one process). "Cores busy" is the share of all cores in use during a
  run, every process counted (/proc/stat), Chromium's renderers included: where one lane of
  the bare loop already keeps most of them busy, Chromium alone uses the cores (a new page
  and its renderer process, each step's frames, each comparison's screenshot), no second lane can run much faster,
  and the gap is the machine's, not the worker design's. The CLI compares every step by default,
  so the loop runs a second time taking the same screenshot + DOM before each step: the ceiling
  for a replay that compares. Where the CPU goes (all processes' CPU time from /proc, one worker,
  the 12 episodes, two runs of each, 2026-12-06; a core-second here varies with the neighbours'
  load, so only runs made side by side compare): with comparisons off replaywright used 8.0–8.2
  core-seconds (6.8–7.4 with \`--trace off\`) where the hand loop used 7.2–7.9; with comparisons
  on, 11.8–12.5 (10.7–11.6 with \`--trace off\`) where the loop taking the same screenshot + DOM
  used 9.3–10.1. What a replay adds to the loop's CPU is the default trace (~1 core-second in
  these 12 episodes) and, with comparisons on, the pixels it decodes and compares (the pixel
  thread, ~1.1 s here: 16 of 104 screenshots in other bytes than recorded); the screenshots
  themselves cost Chromium the same in both. Two experiments gave no more:
  one browser shared by both workers (1.33× against 1.35× with a browser each, medians of 5),
  and opening each next episode's context and page while the one before ran (the page ready at
  once, but the whole run 1.008× the time, medians of 9: on 2 cores the new renderer process
  only takes CPU from the episode running).

## Profiling a replay

\`REPLAYWRIGHT_PROFILE=1\` (\`run\`, the library's \`replay()\`, the Playwright-test project)
prints one line per episode to stderr, nothing else changing:
\`replaywright-profile {"episode":…,"totalMs":…,"phases":{"<phase>":{"ms":…,"n":…}}}\`, the
phases sorted by time (ms summed, n times entered). Phases nest, so their sums overlap:
\`step.run\` contains \`run.resolve\`, which contains \`resolve.exact\`. The families
(tests/replay/profile.spec.ts checks every phase the code can print belongs to one):

| phase | what it times |
| --- | --- |
| \`step.*\` | a step: \`step.run\` (its whole work), split by action type as \`step.run.click\`, \`step.run.fill\`, \`step.run.navigate\`…; \`step.compare\` / \`step.compare-finish\` (its before-state comparison), \`step.heal-baseline\` |
| \`run.*\` | inside \`step.run\`: \`run.page\` (the step's page; the first is opened here), \`run.await-visible\`, \`run.resolve\`, \`run.perform\` (acting and checking the effect), \`run.signals\` |
| \`resolve.*\` | finding the target: exact selectors, counting, recorded facts, scoring, hidden or hover-revealed targets, visual agreement |
| \`act.*\` | an action by type (\`act.click\`, \`act.fill\`…), the guarded click, hit tests, the check after a fill |
| \`capture.*\`, \`shot.*\` | the live before-state: waits for the URL and load, the viewport screenshot, the DOM |
| \`compare.*\` | comparing it with the recording: pixels (in this thread or the pixel thread), DOM, target, decoding ahead |
| \`hover.*\`, \`hidden.*\`, \`facts.*\`, \`evidence.*\` | a recorded hover's regions, targets shown only on hover, the recorded page's facts about a target, full-page/ARIA evidence on divergence |
| \`final.*\`, \`episode.*\` | the episode: \`episode.context\`, \`episode.final-capture\` (\`final.settle\`, \`final.content\`, \`final.screenshot\`, \`final.write-html\`), \`episode.final-text\`, \`episode.trace-start\` and \`episode.trace-stop\` (the trace of \`--trace\`), \`episode.close\` |

On the DevTools flows above with comparisons off (the shell): a fresh page is ~25% of a flow,
the first target lookup on a page ~45 ms (later ones 10–30 ms), a click 10–95 ms (those that
navigate wait for the new page), the final capture ~30 ms.

## Comparing two builds

A change worth a few percent of a flow is below what two \`npm run bench\` runs can tell apart
here: around a change that measured 0.996× in an A/B, two bench runs gave 0.74× and 0.71×
@puppeteer/replay's time.
bench/ab.mjs runs two builds in one process and one browser, back to back, the order
alternating, and gives the median of the paired B/A ratios with their interquartile range:

\`\`\`sh
npm run build && node bench/ab.mjs save   # this build becomes the baseline (.ab/baseline)
# …change the code…
npm run build && node bench/ab.mjs        # the baseline (A) against dist/ (B)
\`\`\`

\`AB_SET=flows\` (the default) replays section 4's Chrome Recorder flows with \`--compare off\`,
\`AB_SET=episodes\` section 1's rpaweb episodes with comparisons on; \`AB_REPS\` (15) runs of
each build per flow or episode. Both builds run with the CLI's defaults. Compare the baseline
with itself first: here an unchanged build gave paired medians of 0.99 (flows) and 1.03
(episodes, 3 reps) with interquartile ranges about 6% wide, so a range that holds 1 is noise.
`;
  const dir = join(ROOT, 'docs');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'benchmarks.md');
  writeFileSync(path, text);
  return path;
}
