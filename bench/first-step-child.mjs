// The baseline for "time to first step": a bare Playwright script that imports Playwright,
// launches the same Chromium with the same flags, opens a page and goes to the URL given —
// what any replay must do before its first action. The bench times this process from spawn to
// the moment the page's request reaches the server, exactly as it times `replaywright run`.
// Playwright is loaded with `require`, its fastest way in (an ESM `import` of it costs ~100 ms
// more: src/replay/playwright.ts), so the baseline is the quickest bare script, not a slow one.
//   node bench/first-step-child.mjs <url>
import { createRequire } from 'node:module';
const { chromium } = createRequire(import.meta.url)('playwright');
const { findChromium, launchOptions } = await import('../dist/replay/browser.js');
const browser = await chromium.launch(launchOptions(findChromium()));
const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
const page = await context.newPage();
await page.goto(process.argv[2]);
await browser.close();
