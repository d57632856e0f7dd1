import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { findChromium, launchOptions } from '../../src/replay/browser.js';
import { queryText } from '../../src/replay/devtools/text-query.js';
import { FIXTURES, serveSite, type FixtureServer } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';
import { loadPeer, type PpBrowser } from './both.js';

// Our text/ query against Puppeteer's own (`page.$$('text/…')`, puppeteer-core driving the same
// Chromium) on a page of the cases where a text query can go either way: script and style text,
// <head>, text split by elements and comments, case and white space, field values (a checkbox's
// not), open and closed shadow roots, SVG.

let server: FixtureServer;
let browser: Browser;
let ppBrowser: PpBrowser;

test.beforeAll(async () => {
  server = await serveSite(join(FIXTURES, 'devtools', 'conformance'));
  browser = await launch();
  const chromium = findChromium();
  const peer = await loadPeer();
  ppBrowser = await peer.puppeteer.launch({ executablePath: chromium.executablePath, headless: true, args: launchOptions(chromium).args });
});
test.afterAll(async () => {
  await browser?.close();
  await ppBrowser?.close();
  await server?.close();
});

const TEXTS = ['Alpha', 'Beta', 'Gamma', 'Delta', 'x', 'Alpha Beta', 'Alpha\u00a0Beta', 'Alpha  Beta', 'light', 'Gamma ray', 'nowhere'];

test("finds what Puppeteer's text/ query finds", async () => {
  const url = `${server.url}/text-cases.html`;
  const context = await ppBrowser.createBrowserContext();
  const ppPage = await context.newPage();
  await ppPage.goto(url);
  const page = await browser.newPage();
  await page.goto(url);
  try {
    for (const text of TEXTS) {
      const theirs = await Promise.all((await ppPage.$$(`text/${text}`)).map((h) => h.evaluate((el) => el.id || el.localName)));
      const ours = await queryText(page, { text });
      expect(ours, text).toBeDefined();
      const ids = await ours!.locator.evaluateAll((els) => els.map((el) => el.id || el.localName));
      // The locator lists them in document order, Puppeteer in its search order: compared as sets.
      expect(ids.sort(), JSON.stringify(text)).toEqual([...theirs].sort());
      expect(ours!.count, JSON.stringify(text)).toBe(theirs.length);
    }
    // Sanity: the cases are not all empty.
    expect((await queryText(page, { text: 'Alpha' }))!.count).toBeGreaterThan(3);
  } finally {
    await context.close();
    await page.close();
  }
});

test('a page that replaced what the query reads is not asked: undefined, and the caller goes on to the other locates', async () => {
  const page = await browser.newPage();
  try {
    await page.goto(`${server.url}/text-cases.html`);
    expect((await queryText(page, { text: 'Alpha' }))?.count).toBeGreaterThan(0);
    await page.evaluate(() => {
      String.prototype.includes = () => true;
    });
    expect(await queryText(page, { text: 'Alpha' })).toBeUndefined();
  } finally {
    await page.close();
  }
});
