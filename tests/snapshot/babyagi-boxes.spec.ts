import { expect, test } from '@playwright/test';
import type { Page } from 'playwright';
import { loadDataset } from '../../src/formats/load-dataset.js';
import type { Episode } from '../../src/ir/index.js';
import { useSite } from '../support/live-site.js';
import { launch } from '../support/replay.js';
import { BABYAGI, BABYAGI_METADATA } from './fixtures.js';

/**
 * The generated baby-agi boxes are in screenshot pixels of a 2036×1144 capture of a 1280×720
 * viewport. Walking each trajectory on the live fixture site, a click at the chosen box's centre
 * (scaled back by 1280/2036, 720/1144, as the replayer scales `point.viewport`) must land on the
 * element the trajectory meant, and the trajectory must end where the recording ended.
 */
const VIEWPORT = { width: 1280, height: 720 };

/** What is at a viewport point: the nearest interactive element, `tag#id "text"`. */
async function at(page: Page, x: number, y: number): Promise<string> {
  return page.evaluate(
    ([px, py]) => {
      const el = document.elementFromPoint(px!, py!)?.closest('a, button, input, select, textarea');
      if (!el) return 'nothing';
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.textContent?.trim() ? ` "${el.textContent.trim()}"` : ''}`;
    },
    [x, y],
  );
}

async function walk(page: Page, episode: Episode, expected: { hits?: string; url?: RegExp }[]): Promise<void> {
  expect(episode.steps).toHaveLength(expected.length);
  for (const [i, step] of episode.steps.entries()) {
    const want = expected[i]!;
    const a = step.action;
    if (a.type === 'clickPoint') {
      const x = (a.point.x * VIEWPORT.width) / a.point.viewport!.width;
      const y = (a.point.y * VIEWPORT.height) / a.point.viewport!.height;
      expect(await at(page, x, y), `step ${i}`).toBe(want.hits);
      await page.mouse.click(x, y);
    } else if (a.type === 'type') {
      // Typed into the focused element, which is the one in the step's chosen box.
      // In CSS px of the recorded window (step.before.viewport), scaled to this one.
      const box = step.before!.targetBox!;
      const recorded = step.before!.viewport!;
      const x = ((box.x + box.width / 2) * VIEWPORT.width) / recorded.width;
      const y = ((box.y + box.height / 2) * VIEWPORT.height) / recorded.height;
      expect(await at(page, x, y), `step ${i}`).toBe(want.hits);
      expect(
        await page.evaluate(([px, py]) => document.activeElement === document.elementFromPoint(px!, py!), [x, y]),
        `step ${i}: focused`,
      ).toBe(true);
      await page.keyboard.type(a.text);
    } else if (a.type === 'scroll') {
      await page.evaluate((dy) => window.scrollBy(0, dy), a.dy);
    } else {
      throw new Error(`unexpected ${a.type}`);
    }
    if (want.url) await page.waitForURL(want.url);
  }
}

const site = useSite();

test('baby-agi click boxes land on the intended elements of the live site', async () => {
  const data = await loadDataset(BABYAGI_METADATA);
  const byId = new Map(data.episodes.map((e) => [e.id, e]));
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    await walk(page, byId.get(BABYAGI.library)!, [
      { hits: 'a "Library catalogue"', url: /\/library\/$/ },
      { hits: 'input#q' },
      { hits: 'input#q' },
      { hits: 'button "Search"', url: /\/library\/results\.html\?q=Garcia$/ },
      { hits: 'a "La casa de Bernarda Alba"', url: /\/library\/record\.html\?id=4$/ },
    ]);
    await expect(page.locator('h1')).toHaveText('La casa de Bernarda Alba');

    await page.goto(`${site.url}/`);
    await walk(page, byId.get(BABYAGI.tax)!, [
      { hits: 'a "Tax form"', url: /\/tax\/$/ },
      { hits: 'input#nif' },
      { hits: 'input#nif' },
      {},
      { hits: 'input#truthful' },
    ]);
    await expect(page.locator('#nif')).toHaveValue('12345678Z');
    await expect(page.locator('#truthful')).toBeChecked();
    await context.close();
  } finally {
    await browser.close();
  }
});
