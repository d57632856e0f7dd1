import { expect, test } from '@playwright/test';
import type { Page } from 'playwright';
import { countAndProbe, countMatches } from '../../src/replay/count-and-probe.js';
import { countPlainly } from '../../src/replay/plain-query.js';
import { plainSelector } from '../../src/selectors/plain-selector.js';
import { FIXTURES } from '../support/fixture-site.js';
import { useSite } from '../support/live-site.js';
import { usePage } from '../support/replay.js';

// A plain CSS/XPath selector is counted by the browser's own query, without Playwright's
// selector engine (whose first use on a document injects its script: ~90 ms): the answers must
// be Playwright's, and where they could differ Playwright must answer.
const view = usePage();
const site = useSite(() => FIXTURES + '/effects');

const SELECTORS = [
  'css=li.row',
  'li.row button',
  'css=#list li:nth-child(3) button',
  'css=li.row:not(.done) button:not([disabled])',
  'css=form button[type="submit"]',
  'css=#nothing-here',
  'xpath=//li[contains(@class, "row")]',
  '//form//input',
  'xpath=//ul/li[2]/button',
];

const playwrightCount = (page: Page, selector: string) => page.locator(selector).count();

/** The scripts the page compiles from now on (CDP Debugger.scriptParsed), by length. */
async function scriptsParsed(page: Page): Promise<{ lengths: number[]; stop: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const lengths: number[] = [];
  cdp.on('Debugger.scriptParsed', (e) => lengths.push(e.length ?? 0));
  await cdp.send('Debugger.enable');
  return { lengths, stop: () => cdp.detach() };
}

test("plain selectors are counted as Playwright's engine counts them", async () => {
  const { page } = view;
  await page.goto(`${site.url}/plain-query.html`);
  for (const selector of SELECTORS) {
    const plain = plainSelector(selector);
    expect(plain, selector).toBeDefined();
    const ours = await countPlainly(page.mainFrame(), plain!, undefined);
    expect(ours, selector).toEqual({ count: await playwrightCount(page, selector), probed: undefined });
  }
});

test("a plain count does not load Playwright's selector engine into the page; an internal: one does", async () => {
  const { page } = view;
  await page.goto(`${site.url}/plain-query.html`);
  const parsed = await scriptsParsed(page);
  // Playwright's injected script is hundreds of kB; a page function is a few hundred bytes.
  const engineLoaded = () => parsed.lengths.some((n) => n > 100_000);
  expect(await countMatches({ frame: page.mainFrame(), selector: 'css=li.row' })).toBe(3);
  expect(await countMatches({ frame: page.mainFrame(), selector: 'xpath=//li' })).toBe(3);
  expect(engineLoaded()).toBe(false);
  expect(await countMatches({ frame: page.mainFrame(), selector: 'internal:text="Two"i' })).toBe(1);
  expect(engineLoaded()).toBe(true);
  await parsed.stop();
});

test("an open shadow root or a Playwright-only pseudo-class: Playwright's engine answers; replaced query functions: its own world", async () => {
  const { page } = view;
  await page.goto(`${site.url}/plain-query.html?shadow`);
  const frame = page.mainFrame();
  // Playwright's CSS pierces the shadow root: four rows. The browser's own query alone would say three.
  expect(await countPlainly(frame, { engine: 'css', body: 'li.row' }, undefined)).toBeUndefined();
  expect(await countMatches({ frame, selector: 'css=li.row' })).toBe(4);
  // XPath pierces no shadow root in either.
  expect(await countPlainly(frame, { engine: 'xpath', body: '//li' }, undefined)).toEqual({ count: 3, probed: undefined });
  expect(await countPlainly(frame, { engine: 'css', body: 'li:has-text("Two")' }, undefined)).toBeUndefined();
  expect(await countMatches({ frame, selector: 'css=li:has-text("Two")' })).toBe(1);

  await page.goto(`${site.url}/plain-query.html`);
  await page.evaluate(() => {
    Document.prototype.querySelectorAll = function () {
      return document.createDocumentFragment().querySelectorAll('*');
    } as typeof Document.prototype.querySelectorAll;
  });
  expect(await countPlainly(page.mainFrame(), { engine: 'css', body: 'li.row' }, undefined)).toBe('replaced');
  // Playwright's engine calls the page's function too, in the page's world: counted in its own world instead.
  expect(await page.locator('css=li.row').evaluateAll((els) => els.length)).toBe(0);
  expect(await countMatches({ frame: page.mainFrame(), selector: 'css=li.row' })).toBe(3);
});

test('the probe runs on the one match, in the same round trip', async () => {
  const { page } = view;
  await page.goto(`${site.url}/plain-query.html`);
  const probe = { run: ((el: Element, arg: string) => `${el.tagName}:${(el as HTMLInputElement).value}:${arg}`) as never, arg: 'x' };
  expect(await countAndProbe({ frame: page.mainFrame(), selector: '#name' }, probe)).toEqual({ count: 1, probed: 'INPUT:Ana:x' });
  expect(await countAndProbe({ frame: page.mainFrame(), selector: 'css=li.row' }, probe)).toEqual({ count: 3 });
  // The same answer through Playwright's engine, for a selector only it reads.
  expect(await countAndProbe({ frame: page.mainFrame(), selector: 'internal:label="Name"i' }, probe)).toEqual({
    count: 1,
    probed: 'INPUT:Ana:x',
  });
});
