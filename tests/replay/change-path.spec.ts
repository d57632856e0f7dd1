import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright';
import { FIELD_PROBE } from '../../src/replay/devtools/change-value.js';
import { launch } from '../support/replay.js';

// A DevTools `change` reads its field in the round trip that counts the target, with a path the
// page's own querySelector resolves: typing then prepares the field in one evaluation instead of
// a locator's ~10 round trips. The path must name that very field, and no path is given where
// querySelector from the top document cannot reach it (a shadow root, a frame).
let browser: Browser;
test.beforeAll(async () => {
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
});

test('the probe names a field by a path that finds exactly it, and none inside a shadow root or a frame', async () => {
  const page = await browser.newPage();
  try {
    await page.setContent(`
      <main><form><div><span>Title</span><input id="a"></div><div><input id="b" value="x"><textarea id="c"></textarea></div></form></main>
      <div id="host"></div><iframe srcdoc="<input id=f>"></iframe>`);
    await page.evaluate(() => document.getElementById('host')!.attachShadow({ mode: 'open' }).append(document.createElement('input')));
    await page.frames()[1]!.waitForSelector('#f');
    const probe = FIELD_PROBE.run.toString();
    const read = (find: string) =>
      page.evaluate(
        ([source, find]: [string, string]) => {
          const el = (0, eval)(find) as Element;
          const field = (0, eval)(`(${source})`)(el) as { kind: string; path?: string };
          return { kind: field.kind, path: field.path, same: field.path ? document.querySelector(field.path) === el : undefined };
        },
        [probe, find] as [string, string],
      );
    for (const id of ['a', 'b', 'c']) {
      const r = await read(`document.getElementById('${id}')`);
      expect(r, id).toMatchObject({ kind: 'typeable', same: true });
    }
    expect((await read(`document.getElementById('host').shadowRoot.querySelector('input')`)).path).toBeUndefined();
    const inFrame = await page
      .frames()[1]!
      .evaluate((source) => ((0, eval)(`(${source})`)(document.getElementById('f')) as { path?: string }).path, probe);
    expect(inFrame).toBeUndefined();
  } finally {
    await page.close();
  }
});
