// The floor under comparing every step, taken several ways: the hand-written loop over the
// fixture rpaweb episodes (bench/lib.mjs handReplay), capturing a viewport picture and the DOM
// before each step with Playwright's screenshot, a CDP Page.captureScreenshot, or Chromium's
// screencast (start, its first frame, stop). Medians of REPS per episode, the order rotating;
// totals as ratios to the loop without capture. An experiment behind docs/benchmarks.md, not a
// goal of `npm run bench`:
//
//   npm run build && REPS=5 node bench/capture-floor.mjs
import { join } from 'node:path';
import { chromium } from 'playwright';
import { loadDataset } from '../dist/formats/load-dataset.js';
import { findChromium, launchOptions } from '../dist/replay/browser.js';
import { mapUrl } from '../dist/ir/url-map.js';
import { ROOT, RECORDED_ORIGIN, median, now, freshDir, startSite, handReplay } from './lib.mjs';

const REPS = Math.max(1, Number(process.env.REPS ?? 5));
const PARAMS = { verification_code: '482915' };
const withParams = (e) => ({
  ...e,
  steps: e.steps.map((s) =>
    s.needsInput && s.action.type === 'fill' && PARAMS[s.needsInput.param]
      ? { ...s, action: { ...s.action, text: PARAMS[s.needsInput.param] } }
      : s,
  ),
});

const sessions = new WeakMap();
async function cdpOf(page, context) {
  let session = sessions.get(page);
  if (!session) sessions.set(page, (session = await context.newCDPSession(page)));
  return session;
}

/** The screencast's first frame: the last frame the compositor drew, no new one drawn for it. */
async function screencastFrame(page, context) {
  const cdp = await cdpOf(page, context);
  const frame = new Promise((resolve) =>
    cdp.once('Page.screencastFrame', (f) => {
      cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => undefined);
      resolve(f);
    }),
  );
  await cdp.send('Page.startScreencast', { format: 'png', maxWidth: 1280, maxHeight: 720 });
  const f = await frame;
  await cdp.send('Page.stopScreencast');
  return Buffer.from(f.data, 'base64');
}

let fallbacks = 0;
/** A page whose session went away (a popup closing) is captured by Playwright instead, counted. */
async function screencastOrScreenshot(page, context) {
  try {
    return await screencastFrame(page, context);
  } catch {
    sessions.delete(page);
    return screencastFrame(page, context).catch(() => (fallbacks++, page.screenshot()));
  }
}

/** One frame produced after everything done so far: a requestAnimationFrame, then a task. */
const frameDrawn = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

const VARIANTS = {
  'no capture': false,
  'page.screenshot': (page) => Promise.all([page.screenshot(), page.content()]),
  'CDP captureScreenshot': async (page, context) => {
    const cdp = await cdpOf(page, context);
    // A page just committed has no frame yet: Playwright's capture waits for one.
    await Promise.all([cdp.send('Page.captureScreenshot', { format: 'png' }).catch(() => page.screenshot()), page.content()]);
  },
  'screencast frame': (page, context) => Promise.all([screencastOrScreenshot(page, context), page.content()]),
  'screencast frame, a frame drawn first': async (page, context) => {
    const html = page.content();
    await frameDrawn(page);
    await Promise.all([screencastOrScreenshot(page, context), html]);
  },
};

const site = await startSite();
const urlMappings = [{ from: RECORDED_ORIGIN, to: site.url }];
const data = await loadDataset(join(ROOT, 'fixtures', 'rpaweb'));
const browser = await chromium.launch(launchOptions(findChromium()));
const downloads = freshDir('capture-floor-downloads');
const replay = (e, capture) =>
  handReplay(browser, withParams(e), { mapUrl: (u) => mapUrl(u, urlMappings), timeoutMs: 30_000, downloads, capture });
const names = Object.keys(VARIANTS);
const totals = Object.fromEntries(names.map((k) => [k, 0]));
try {
  for (const e of data.episodes) {
    const times = Object.fromEntries(names.map((k) => [k, []]));
    await replay(e, false);
    for (let i = 0; i < REPS; i++) {
      for (const k of [...names.slice(i % names.length), ...names.slice(0, i % names.length)]) {
        const started = now();
        await replay(e, VARIANTS[k]);
        times[k].push(now() - started);
      }
    }
    for (const k of names) totals[k] += median(times[k]);
    console.log(e.id.padEnd(32), names.map((k) => `${k} ${median(times[k]).toFixed(0)}`).join(' · '));
  }
} finally {
  await browser.close();
  await site.close();
}
console.log(`\ntotal (ms, ratio to no capture; ${fallbacks} screencast captures fell back to page.screenshot)`);
for (const k of names)
  console.log(`  ${k.padEnd(40)} ${totals[k].toFixed(0).padStart(6)}  ${(totals[k] / totals['no capture']).toFixed(2)}×`);
