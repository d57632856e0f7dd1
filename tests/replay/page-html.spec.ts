import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { pageHtml } from '../../src/replay/page-html.js';
import { FIXTURES } from '../support/fixture-site.js';
import { useSite } from '../support/live-site.js';
import { usePage } from '../support/replay.js';

// The final page's HTML (final.html, the end-state text check) is read in the page's own world:
// it must be what Playwright's content() gives, and never what a page's own serialiser says.
const view = usePage();
const site = useSite(() => join(FIXTURES, 'effects'));

test("the page's HTML is page.content()'s: doctype, live DOM, a page without a doctype", async () => {
  const { page } = view;
  await page.goto(`${site.url}/still.html`);
  await page.evaluate(() => document.body.setAttribute('data-live', 'yes'));
  const ours = await pageHtml(page);
  expect(ours).toBe(await page.content());
  expect(ours).toMatch(/^<!DOCTYPE html>/i);
  expect(ours).toContain('data-live="yes"');
  await page.setContent('<p>no doctype</p>');
  expect(await pageHtml(page)).toBe(await page.content());
});

for (const forged of ['outerHTML', 'serializeToString']) {
  test(`a page that replaced ${forged} is read with Playwright's own content()`, async () => {
    const { page } = view;
    await page.goto(`${site.url}/still.html`);
    await page.evaluate((which) => {
      if (which === 'outerHTML')
        Object.defineProperty(Element.prototype, 'outerHTML', { configurable: true, get: () => '<html>forged</html>' });
      else XMLSerializer.prototype.serializeToString = () => '<!DOCTYPE forged>';
    }, forged);
    const ours = await pageHtml(page);
    expect(ours).not.toContain('forged');
    expect(ours).toBe(await page.content());
  });
}
