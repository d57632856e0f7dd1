// Helpers shared by the benchmarks: statistics, the fixture site, dataset generators, and the
// hand-written Playwright loop replaywright is compared with.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const TMP = join(ROOT, 'bench', '.tmp');
export const RECORDED_ORIGIN = 'http://127.0.0.1:38080';

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const round = (n, d = 2) => (Number.isFinite(n) ? Math.round(n * 10 ** d) / 10 ** d : n);
export const now = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * How busy the machine's cores were while `work` ran (0-1, all cores, every process: /proc/stat),
 * with `work`'s result. A replay keeps Chromium's processes busy too, which no per-process
 * timer of ours sees; undefined where /proc/stat is not there (not Linux).
 */
export async function withMachineBusy(work) {
  const before = cpuTicks();
  const value = await work();
  const after = cpuTicks();
  const busy = before && after && after.total > before.total ? round((after.busy - before.busy) / (after.total - before.total)) : undefined;
  return { value, busy };
}

function cpuTicks() {
  try {
    // cpu  user nice system idle iowait irq softirq steal …
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = fields[3] + fields[4];
    return { total, busy: total - idle };
  } catch {
    return undefined;
  }
}

export function freshDir(name) {
  const dir = join(TMP, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function startSite() {
  const { startFixtureServer } = await import(new URL('../fixtures/server.mjs', import.meta.url).href);
  return startFixtureServer();
}

/** Prints rows as an aligned table. */
export function table(title, head, rows) {
  const cells = [head, ...rows].map((r) => r.map((c) => String(c ?? '')));
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const numeric = (c) => /^[\d.,]+(×|%)?$/.test(c) || c === '';
  const line = (r) =>
    r
      .map((c, i) => (i > 0 && numeric(c) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(cells[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

/** Runs a node script, resolving with its stdout, exit code and wall time. */
export function runNode(args, opts = {}) {
  return new Promise((resolve) => {
    const started = now();
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, REPLAYWRIGHT_LOG_LEVEL: 'warn', ...opts.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: now() - started }));
  });
}

const fixtureRows = () =>
  ['episodes-1.49.jsonl', 'episodes-1.65.jsonl']
    .flatMap((f) => readFileSync(join(ROOT, 'fixtures', 'rpaweb', f), 'utf8').split('\n'))
    .filter(Boolean)
    .map((l) => JSON.parse(l));

/**
 * An rpaweb dataset of `rows` rows: the fixture episodes again and again under new ids
 * (`<id>#<k>`), with the recorded screenshots they name.
 */
export function generateRpaweb(dir, rows) {
  cpSync(join(ROOT, 'fixtures', 'rpaweb', 'png'), join(dir, 'png'), { recursive: true });
  const source = fixtureRows();
  const file = join(dir, 'episodes.jsonl');
  const fd = openSync(file, 'w');
  let n = 0;
  let chunk = '';
  for (let k = 0; n < rows; k++) {
    for (const r of source) {
      if (n >= rows) break;
      chunk += JSON.stringify({ ...r, id: `${r.id}#${k}` }) + '\n';
      n++;
      if (chunk.length > 1 << 20) {
        writeSync(fd, chunk);
        chunk = '';
      }
    }
  }
  writeSync(fd, chunk);
  closeSync(fd);
  return file;
}

/** A Mind2Web JSON-array shard of `tasks` tasks (the test sample's tasks under new ids). */
export function generateMind2web(dir, tasks) {
  const source = JSON.parse(readFileSync(join(ROOT, 'tests', 'formats', 'data', 'mind2web', 'train_sample.json'), 'utf8'));
  const file = join(dir, 'train_big.json');
  const fd = openSync(file, 'w');
  writeSync(fd, '[\n');
  let chunk = '';
  for (let n = 0; n < tasks; n++) {
    const t = source[n % source.length];
    chunk += (n ? ',\n' : '') + JSON.stringify({ ...t, annotation_id: `${t.annotation_id}-${Math.floor(n / source.length)}` });
    if (chunk.length > 1 << 20) {
      writeSync(fd, chunk);
      chunk = '';
    }
  }
  writeSync(fd, chunk + '\n]\n');
  closeSync(fd);
  return file;
}

/**
 * A Mind2Web-shaped train shard of about `targetMB` MB: the sample tasks of
 * tests/formats/data/mind2web under new ids, each action's raw_html padded to `htmlKB` KiB like a
 * real page dump. One record a line (json-parse-child.mjs relies on it).
 */
export function generateMind2webShard(dir, targetMB, htmlKB) {
  const source = JSON.parse(readFileSync(join(ROOT, 'tests', 'formats', 'data', 'mind2web', 'train_sample.json'), 'utf8'));
  const filler = (n) => {
    const row = (i) =>
      `<div backend_node_id="${90000 + i}" bounding_box_rect="0,${i * 20},1280,20" class="row"><text backend_node_id="${190000 + i}">Listing ${i} — padded page text</text></div>\n`;
    let s = '';
    for (let i = 0; s.length < n; i++) s += row(i);
    return s;
  };
  const pad = filler(htmlKB * 1024);
  const file = join(dir, 'train_big.json');
  const fd = openSync(file, 'w');
  writeSync(fd, '[\n');
  let written = 2;
  for (let n = 0; written < targetMB * 2 ** 20; n++) {
    const t = source[n % source.length];
    const actions = t.actions.map((a) => ({ ...a, raw_html: a.raw_html.replace('</body>', `${pad}</body>`) }));
    const text = (n ? ',\n' : '') + JSON.stringify({ ...t, annotation_id: `${t.annotation_id}-${n}`, actions });
    writeSync(fd, text);
    written += Buffer.byteLength(text);
  }
  writeSync(fd, '\n]\n');
  closeSync(fd);
  return file;
}

/** The fixture episodes twice over (new ids): enough work for the worker-scaling runs. */
export function generateReplaySet(dir, copies) {
  cpSync(join(ROOT, 'fixtures', 'rpaweb', 'png'), join(dir, 'png'), { recursive: true });
  const rows = fixtureRows();
  const lines = [];
  for (let k = 0; k < copies; k++) for (const r of rows) lines.push(JSON.stringify({ ...r, id: `${r.id}#${k}` }));
  const fd = openSync(join(dir, 'episodes.jsonl'), 'w');
  writeSync(fd, lines.join('\n') + '\n');
  closeSync(fd);
  return dir;
}

const MODIFIER = { Alt: 'Alt', Control: 'Control', Meta: 'Meta', Shift: 'Shift', ControlOrMeta: 'ControlOrMeta' };

/**
 * The same episode, written the way one would by hand with Playwright: each recorded action
 * called on the recorded selector (`page.locator(recordedSelector).click()`…), the recorded
 * popup/download/dialog awaited. No fallbacks, no checks beyond Playwright's own, no artefacts;
 * one by-hand touch: a click target not visible yet (shown on hover) gets the text typed last hovered first.
 * Throws where Playwright throws.
 */
/**
 * `capture`: also take, before each step on a page, what comparing needs at the least — one
 * viewport screenshot and the DOM — the floor under any replay that compares every step; a
 * function `(page, context) => Promise` takes it another way (bench/capture-floor.mjs).
 */
export async function handReplay(browser, episode, { mapUrl, timeoutMs, downloads, capture = false, onStep }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, acceptDownloads: true, deviceScaleFactor: 1 });
  context.setDefaultTimeout(timeoutMs);
  const pages = new Map();
  let current;
  // A wait left pending when anything before the action throws (a hover, the action itself) must not
  // end the process when it times out later: each is guarded as it is made, and still awaited below.
  const guarded = (wait) => {
    wait.catch(() => undefined);
    return wait;
  };
  /** The text the episode typed last: what a user points at to show a control that appears on hover. */
  let typed;
  /**
   * The page in front. A popup comes to the front, and the page behind it is a background tab,
   * where Playwright's click waits ~1-2 s for it to look stable (tax@1.65's Submit after Help,
   * some runs): a hand-written loop brings the page it goes back to to the front, as this does.
   */
  let front;
  try {
    for (const step of episode.steps) {
      const stepStarted = now();
      const a = step.action;
      let page = pages.get(step.page) ?? current;
      const selector = a.target?.locate?.find((l) => l.kind === 'selector')?.selector;
      const expect = step.expect ?? [];
      const waits = [];
      for (const e of expect) {
        if (e.kind === 'popup') waits.push(guarded(page.waitForEvent('popup').then((p) => (pages.set(e.page, p), (front = p)))));
        if (e.kind === 'download')
          waits.push(guarded(page.waitForEvent('download').then((d) => d.saveAs(join(downloads, d.suggestedFilename())))));
        if (e.kind === 'dialog') page.once('dialog', (d) => (e.response === 'accept' ? d.accept(e.promptText) : d.dismiss()));
      }
      if (front && page && page !== front && !page.isClosed() && a.type !== 'openPage') await page.bringToFront();
      if (page && a.type !== 'openPage') front = page;
      if (capture && page && !page.isClosed() && a.type !== 'openPage')
        await (typeof capture === 'function' ? capture(page, context) : Promise.all([page.screenshot(), page.content()]));
      const loc = () => page.locator(selector);
      let act;
      switch (a.type) {
        case 'openPage':
          page = await context.newPage();
          pages.set(step.page, page);
          front = page;
          if (a.url && a.url !== 'about:blank') act = page.goto(mapUrl(a.url));
          break;
        case 'navigate':
          act = page.goto(mapUrl(a.url));
          break;
        case 'click':
          // A button that only shows while its card is hovered (the board's Delete): hover the
          // card by the text typed into it, as one would by hand, then click.
          // Only when that text is on the page: right after a navigation the target may simply not be there yet.
          if (typed && !(await loc().isVisible())) {
            const card = page.getByText(typed, { exact: true }).first();
            if (await card.count()) await card.hover();
          }
          act = loc().click({ button: a.button, clickCount: a.clickCount, modifiers: (a.modifiers ?? []).map((m) => MODIFIER[m] ?? m) });
          break;
        case 'hover':
          act = loc().hover();
          break;
        case 'fill':
          act = loc().fill(a.text);
          typed = a.text;
          break;
        case 'press':
          act = loc().press([...(a.modifiers ?? []), a.key].join('+'));
          break;
        case 'select':
          act = loc().selectOption(a.options);
          break;
        case 'check':
          act = loc().check();
          break;
        case 'uncheck':
          act = loc().uncheck();
          break;
        case 'closePage':
          act = page.close();
          pages.delete(step.page);
          break;
        default:
          throw new Error(`the hand-written loop does not do ${a.type}`);
      }
      await Promise.all([act, ...waits]);
      onStep?.(step.index, now() - stepStarted);
      if (!page.isClosed()) current = page;
      else current = [...pages.values()].find((p) => !p.isClosed());
    }
  } finally {
    await context.close().catch(() => undefined);
  }
}
