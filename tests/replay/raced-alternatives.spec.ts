import { expect, test } from '@playwright/test';
import type { Locate } from '../../src/ir/index.js';
import { countAndProbe } from '../../src/replay/count-and-probe.js';
import { askingOrder } from '../../src/replay/resolve/raced-alternatives.js';
import { shownProbed, withShown } from '../../src/replay/resolve/shown-in-page.js';
import { usePage } from '../support/replay.js';

// A DevTools step's selectors race in @puppeteer/replay. We ask the ones the page answers before
// the aria/ ones (Chrome's accessibility tree answers a frame later), and a page-answered one
// wins only on a shown element, as the accessibility tree leaves hidden ones out.
const view = usePage();

const aria: Locate = { kind: 'aria', name: 'Pay' };
const css: Locate = { kind: 'css', css: '#pay' };
const xpath: Locate = { kind: 'xpath', xpath: '//button' };
const label: Locate = { kind: 'label', text: 'Pay', exact: true };

test('asking order: the raced alternatives the page answers first, aria/ after them, the approximations last', () => {
  expect(askingOrder([aria, css, xpath, label], 3)).toEqual([1, 2, 0, 3]);
  expect(askingOrder([css, aria, label], 2)).toEqual([0, 1, 2]);
  // Not raced (a recorder line, or --heal): as listed.
  expect(askingOrder([aria, css, label], 0)).toEqual([0, 1, 2]);
  expect(askingOrder([aria, css], 1)).toEqual([0, 1]);
});

test('an element is shown unless visibility hides it or its box is empty; the step probe still answers beside it', async () => {
  const { page } = view;
  await page.setContent(`
    <button id="shown">Pay</button>
    <button id="hidden" style="visibility:hidden">Pay</button>
    <div style="visibility:collapse"><button id="collapsed">Pay</button></div>
    <button id="none" style="display:none">Pay</button>
    <button id="empty" style="width:0;height:0;padding:0;border:0"></button>`);
  const probe = { run: (el: Element) => el.id.toUpperCase(), arg: null };
  const ask = async (id: string) => {
    const { count, probed } = await countAndProbe(page.locator(`#${id}`), withShown(probe));
    expect(count).toBe(1);
    return shownProbed(probed);
  };
  expect(await ask('shown')).toEqual({ probed: 'SHOWN' });
  for (const id of ['hidden', 'collapsed', 'none', 'empty']) expect(await ask(id), id).toBeUndefined();
  // Without a step probe, only whether it is shown.
  const bare = await countAndProbe(page.locator('#shown'), withShown(undefined));
  expect(shownProbed(bare.probed)).toEqual({ probed: undefined });
});
