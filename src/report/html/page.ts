import { createHash } from 'node:crypto';
import { REPORT_CLIENT_SCRIPT } from './client-bundle.generated.js';

/**
 * The report's index.html: static markup, inline CSS and the inline page script. It holds no
 * dataset text at all — everything a run produced is in data/*.js, read by the script and put
 * on the page as text nodes — so nothing in a dataset can end up parsed as HTML here.
 */
export function reportPage(): string {
  // The page script is src/report/html/client/, bundled ahead of time (scripts/build-report-client.mjs).
  const script = REPORT_CLIENT_SCRIPT;
  // The script is our own code, but a stray `</script` or `<!--` in it would still break the page.
  if (/<\/script|<!--/i.test(script)) throw new Error('report client script contains </script or <!--');
  // Only this exact inline script may run (no inline event handlers, no other inline code): a
  // second line of defence should any text ever reach the page as markup.
  const hash = createHash('sha256').update(script, 'utf8').digest('base64');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self' file: 'sha256-${hash}'; style-src 'unsafe-inline'; img-src 'self' file: data:; connect-src 'none'; base-uri 'none'; form-action 'none'">
<title>replaywright report</title>
<style>${CSS}</style>
</head>
<body>
<header class="top"><a class="brand" href="#/">replaywright</a><span class="muted">replay report</span></header>
<main id="app"><noscript>This report needs JavaScript to show the episodes.</noscript></main>
<script src="data/index.js"></script>
<script>${script}</script>
</body>
</html>
`;
}

const CSS = `
:root {
  --bg: #f6f7f9; --panel: #fff; --text: #1d2330; --muted: #6b7385; --line: #e3e6ec; --accent: #3456d1;
  --pass: #1f8a4c; --pass-bg: #e6f4ec; --fail: #c4312b; --fail-bg: #fbe9e8; --err: #b86200; --err-bg: #fdf0e0;
  --skip: #8a90a0; --skip-bg: #eef0f4; --input: #7140b8; --input-bg: #f1eafb; --drift: #a67c00; --drift-bg: #fbf4dc;
  --rec: #2f6fe4; --live: #e0368c;
  --radius: 10px; --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #12151c; --panel: #1b2029; --text: #e4e7ee; --muted: #939bad; --line: #2c333f; --accent: #7d9bff;
    --pass-bg: #173526; --fail-bg: #3d1d1c; --err-bg: #3b2a14; --skip-bg: #262b35; --input-bg: #2c2140; --drift-bg: #362d12;
    --pass: #4cc47f; --fail: #ff6b63; --err: #f0a34a; --input: #b48cf0; --drift: #e0b93c; }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; background: var(--bg); color: var(--text); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
code, pre, .cmd { font-family: var(--mono); font-size: 12.5px; }
pre { white-space: pre-wrap; word-break: break-word; margin: 0; }
.muted { color: var(--muted); }
.warn { color: var(--err); }
.top { display: flex; gap: 12px; align-items: baseline; padding: 14px 28px; background: var(--panel); border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 5; }
.brand { font-weight: 700; font-size: 16px; color: var(--text); }
main { max-width: 1280px; margin: 0 auto; padding: 20px 28px 60px; }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: 16px 18px; margin: 0 0 16px; }
.panel h3 { margin: 0 0 10px; font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
.cards { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 12px; margin-bottom: 8px; }
.card { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: 14px 16px; display: flex; flex-direction: column; color: var(--text); border-top: 4px solid var(--line); }
.card:hover { text-decoration: none; border-color: var(--accent); }
.card-n { font-size: 26px; font-weight: 700; line-height: 1.2; }
.card-label { color: var(--muted); }
.c-passed { border-top-color: var(--pass); } .c-failed { border-top-color: var(--fail); } .c-error { border-top-color: var(--err); } .c-total { border-top-color: var(--accent); }
.meta { display: flex; flex-wrap: wrap; gap: 6px 18px; color: var(--muted); margin: 4px 2px 16px; }
.grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 16px; }
.bars { list-style: none; margin: 0; padding: 0; max-height: 260px; overflow: auto; }
.bars li { display: grid; grid-template-columns: minmax(90px, 40%) 1fr 44px; gap: 10px; align-items: center; padding: 2px 0; }
.bar-label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.bar-track { background: var(--skip-bg); border-radius: 4px; height: 10px; overflow: hidden; }
.bar { display: block; height: 100%; background: var(--accent); border-radius: 4px; min-width: 2px; }
[data-testid="hist-failure"] .bar, [data-testid="reasons"] .bar { background: var(--fail); }
[data-testid="hist-divergence"] .bar, [data-testid="divergences"] .bar { background: var(--drift); }
.bar-n { text-align: right; font-variant-numeric: tabular-nums; }
.problems ul { margin: 8px 0 0; padding-left: 18px; }
.filters { display: flex; flex-wrap: wrap; gap: 10px 14px; align-items: center; margin-bottom: 10px; }
.filters input[type=search] { flex: 1 1 220px; min-width: 180px; }
input, select, button { font: inherit; color: inherit; }
input[type=search], select { background: var(--bg); border: 1px solid var(--line); border-radius: 7px; padding: 5px 9px; }
.select { display: flex; gap: 6px; align-items: center; color: var(--muted); }
.seg { display: inline-flex; border: 1px solid var(--line); border-radius: 8px; overflow: hidden; }
.seg-btn { background: var(--panel); border: 0; border-right: 1px solid var(--line); padding: 5px 12px; cursor: pointer; display: inline-flex; gap: 6px; align-items: center; }
.seg-btn:last-child { border-right: 0; }
.seg-btn.on { background: var(--accent); color: #fff; }
.seg-n { font-size: 12px; opacity: .8; font-variant-numeric: tabular-nums; }
.seg.small .seg-btn { padding: 3px 10px; font-size: 12.5px; }
.pager { display: flex; gap: 14px; align-items: center; justify-content: flex-end; margin: 6px 0; }
.btn { border: 1px solid var(--line); border-radius: 7px; padding: 3px 10px; }
.btn.disabled { color: var(--muted); pointer-events: none; opacity: .6; }
table.episodes { width: 100%; border-collapse: collapse; }
table.episodes th { text-align: left; font-weight: 600; color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; border-bottom: 1px solid var(--line); padding: 6px 8px; }
table.episodes td { border-bottom: 1px solid var(--line); padding: 8px; vertical-align: top; }
table.episodes tr:hover td { background: var(--bg); }
.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.ep-id { font-weight: 600; word-break: break-all; }
.instr { color: var(--muted); font-size: 12.5px; max-width: 560px; overflow: hidden; text-overflow: ellipsis; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; }
.stop { font-size: 12.5px; max-width: 360px; }
.empty { color: var(--muted); text-align: center; padding: 24px; }
.badge { display: inline-block; border-radius: 999px; padding: 1px 9px; font-size: 12px; font-weight: 600; white-space: nowrap; }
.b-passed { background: var(--pass-bg); color: var(--pass); } .b-failed { background: var(--fail-bg); color: var(--fail); }
.b-error { background: var(--err-bg); color: var(--err); } .b-skipped { background: var(--skip-bg); color: var(--skip); }
.b-needs-input { background: var(--input-bg); color: var(--input); }
.reason { font-family: var(--mono); font-size: 12px; color: var(--fail); }
.reason.r-error { color: var(--err); }
.chip { display: inline-block; border: 1px solid var(--line); border-radius: 6px; padding: 0 7px; font-size: 12px; color: var(--muted); background: var(--panel); white-space: nowrap; }
.chip.removable { color: var(--accent); }
.c-healed { color: var(--drift); border-color: var(--drift); }
.v-match.chip { color: var(--pass); border-color: var(--pass); } .v-drift.chip { color: var(--drift); border-color: var(--drift); } .v-diverged.chip { color: var(--fail); border-color: var(--fail); }
.c-why { font-family: var(--mono); }
.crumbs { display: flex; gap: 16px; align-items: center; margin-bottom: 12px; }
.spacer { flex: 1; }
.episode-head { border-left: 5px solid var(--line); }
.episode-head.e-passed { border-left-color: var(--pass); } .episode-head.e-failed { border-left-color: var(--fail); } .episode-head.e-error { border-left-color: var(--err); }
.title-row { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
.title-row h2 { margin: 0; font-size: 20px; word-break: break-all; }
.instruction { font-size: 15px; margin: 10px 0; white-space: pre-wrap; }
.message { background: var(--fail-bg); color: var(--text); border-radius: 7px; padding: 8px 10px; margin: 8px 0; }
.e-passed .message { background: var(--skip-bg); }
.head-grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 380px); gap: 18px; margin-top: 10px; }
dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 4px 14px; margin: 0; align-content: start; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; word-break: break-word; }
dl.facts ul { margin: 0; padding-left: 18px; }
.final-shot { margin: 0 0 8px; }
.final-shot img { width: 100%; border: 1px solid var(--line); border-radius: 6px; display: block; }
.final-shot figcaption { color: var(--muted); font-size: 12px; }
ul.links { margin: 0; padding-left: 18px; }
ul.links.inline { list-style: none; padding: 0; display: flex; gap: 16px; margin-top: 10px; }
.cmd { background: var(--bg); border: 1px solid var(--line); border-radius: 5px; padding: 1px 6px; word-break: break-all; }
.copy { margin-left: 6px; font-size: 11.5px; border: 1px solid var(--line); border-radius: 5px; background: var(--panel); cursor: pointer; padding: 0 6px; }
ol.timeline { list-style: none; margin: 0; padding: 0; position: relative; }
ol.timeline::before { content: ""; position: absolute; left: 15px; top: 8px; bottom: 8px; width: 2px; background: var(--line); }
li.step { position: relative; margin: 0 0 6px; scroll-margin-top: 64px; }
.step-head { width: 100%; display: grid; grid-template-columns: 32px minmax(0, 1fr) auto; gap: 12px; align-items: center; text-align: left; background: transparent; border: 0; padding: 6px 8px 6px 0; cursor: pointer; border-radius: 8px; }
.step-head:hover { background: var(--bg); }
.dot { width: 32px; height: 32px; border-radius: 50%; display: grid; place-items: center; font-size: 12px; font-weight: 700; background: var(--pass-bg); color: var(--pass); border: 2px solid var(--pass); position: relative; z-index: 1; }
.s-failed .dot { background: var(--fail-bg); color: var(--fail); border-color: var(--fail); }
.s-skipped .dot { background: var(--skip-bg); color: var(--skip); border-color: var(--skip); border-style: dashed; }
.s-needs-input .dot { background: var(--input-bg); color: var(--input); border-color: var(--input); }
.s-passed.v-drift .dot { border-color: var(--drift); } .s-passed.v-diverged .dot { border-color: var(--fail); }
.s-skipped .desc { color: var(--muted); }
.step-title { display: flex; flex-direction: column; gap: 3px; min-width: 0; }
.desc { font-weight: 600; word-break: break-word; }
.chips { display: flex; flex-wrap: wrap; gap: 5px; }
.step-status { display: flex; gap: 10px; align-items: center; white-space: nowrap; }
.step-body { display: none; margin: 2px 0 12px 44px; padding: 12px 14px; border: 1px solid var(--line); border-radius: var(--radius); background: var(--panel); }
li.step.open .step-body { display: block; }
li.step.open .step-head { background: var(--bg); }
.step-body > * + * { margin-top: 12px; }
.problem .reason { display: inline-block; margin-bottom: 4px; }
.s-needs-input .message { background: var(--input-bg); }
.compare h4 { margin: 0 0 8px; font-size: 13px; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.figures { display: flex; flex-wrap: wrap; gap: 10px; }
.figure { border: 1px solid var(--line); border-radius: 8px; padding: 6px 12px; display: flex; flex-direction: column; min-width: 110px; }
.figure.bad { border-color: var(--fail); }
.fig-v { font-size: 17px; font-weight: 700; font-variant-numeric: tabular-nums; }
.fig-k { color: var(--muted); font-size: 12px; }
.urls.bad code { color: var(--fail); }
.evidence { font-family: var(--mono); font-size: 12.5px; }
table.candidates { border-collapse: collapse; }
table.candidates td { padding: 1px 12px 1px 0; }
.shots { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 14px; }
.shot { margin: 0; }
.shot-link { display: block; }
.shot-frame { position: relative; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; background: var(--bg); line-height: 0; }
.shot-frame img { width: 100%; display: block; }
.shot-frame.missing::after { content: "image not found"; display: block; padding: 20px; color: var(--muted); line-height: 1.4; }
.shot figcaption { color: var(--muted); font-size: 12px; margin-top: 4px; }
.k-recorded figcaption::before { content: "■ "; color: var(--rec); }
.k-live figcaption::before, .k-stopped figcaption::before { content: "■ "; color: var(--live); }
.box { position: absolute; border: 2px solid var(--live); box-shadow: 0 0 0 2px rgba(255,255,255,.7), 0 0 0 9999px rgba(0,0,0,.08); border-radius: 3px; pointer-events: none; }
.box-recorded { border-color: var(--rec); }
.slider { max-width: 960px; }
.slider-stage { position: relative; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; line-height: 0; }
.slider-stage > img { width: 100%; display: block; }
.slider-top { position: absolute; inset: 0; }
.slider-top img { width: 100%; display: block; }
.slider-line { position: absolute; top: 0; bottom: 0; width: 2px; background: #fff; box-shadow: 0 0 3px rgba(0,0,0,.6); transform: translateX(-1px); pointer-events: none; }
.slider-stage .box { box-shadow: 0 0 0 2px rgba(255,255,255,.7); }
.slider-legend { display: flex; gap: 12px; align-items: center; margin-top: 6px; color: var(--muted); font-size: 12.5px; }
.slider-legend input { flex: 1; }
.error-panel { border-color: var(--fail); }
@media (max-width: 900px) {
  .cards { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .grid, .head-grid { grid-template-columns: minmax(0, 1fr); }
  main { padding: 14px; }
}
`;
