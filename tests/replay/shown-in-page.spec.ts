import { expect, test } from '@playwright/test';
import { shownInPage } from '../../src/replay/resolve/shown-in-page.js';
import { revealByHover } from '../../src/replay/resolve/reveal.js';
import { MARK } from '../../src/replay/resolve/collect.js';
import { usePage } from '../support/replay.js';

const ctx = usePage();

test('shown: a box with an area, neither visibility hidden nor collapse (Chrome draws neither)', async () => {
  const { page } = ctx;
  await page.setContent(`
    <button id="plain">plain</button>
    <button id="hidden" style="visibility: hidden">hidden</button>
    <button id="collapse" style="visibility: collapse">collapse</button>
    <button id="none" style="display: none">none</button>
    <div id="empty" style="width: 0; height: 20px"></div>
    <div style="visibility: collapse"><button id="inside">inside a collapsed box</button></div>`);
  const shown = await page.$$eval(
    '[id]',
    (els, source) => {
      const test = new Function(`return ${source}`)() as (el: Element) => boolean;
      return Object.fromEntries(els.map((el) => [el.id, test(el)]));
    },
    shownInPage.toString(),
  );
  expect(shown).toEqual({ plain: true, hidden: false, collapse: false, none: false, empty: false, inside: false });
  // Playwright's own visible test agrees on each.
  for (const [id, expected] of Object.entries(shown)) expect(await page.locator(`#${id}`).isVisible(), id).toBe(expected);
});

test('a control collapsed until its row is hovered is revealed by hovering the row, not taken as shown', async () => {
  const { page } = ctx;
  await page.setContent(`
    <style>
      li { padding: 8px; width: 300px }
      li .delete { visibility: collapse }
      li:hover .delete { visibility: visible }
    </style>
    <ul><li>Alice <button class="delete">Delete</button></li><li>Bob <button class="delete">Delete</button></li></ul>`);
  await page.mouse.move(600, 400);
  const control = page.locator('li', { hasText: 'Bob' }).locator('.delete');
  expect(await control.isVisible()).toBe(false);
  await control.evaluate((el, attr) => el.setAttribute(attr, 'bob'), MARK);
  expect(await revealByHover({ frame: page.mainFrame(), mark: 'bob' })).toBe(true);
  // Revealed for real: Playwright could act on it now (a collapsed one it would wait for).
  expect(await control.isVisible()).toBe(true);
});
