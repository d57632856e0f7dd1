import { expect, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import type { EpisodeResult } from '../../src/ir/results.js';
import { FIXTURES, serveSite, tempDir } from '../support/fixture-site.js';
import { launch, replayOnSite, rpawebRow } from '../support/replay.js';

// Re-identification across two releases of an enhanced select (fixtures/reidentify/picker): the
// corpus's Choices 11 → 10/9 failures made small. Recorded on "new" the way the 1.65 recorder
// records it, replayed on "old", where
// - the shown choice lost role=listbox, which only the dropdown's hidden list keeps;
// - the search field is `type=text` (a textbox, not a searchbox) named `aria-label="null"`;
// - the options left the <select>, so the recorder's `div >> has-text >> nth=2` names a hidden div.
// Judged by the app's end state: the city the page says was chosen.
const SHARED = join(FIXTURES, 'reidentify/picker');
const NEW = [join(FIXTURES, 'reidentify/picker-new'), SHARED];
const OLD = [join(FIXTURES, 'reidentify/picker-old'), SHARED];
const RECORDED_ORIGIN = 'http://127.0.0.1:38122';
const GUID = 'page@00112233445566778899aabbccddeeff';
const INTENT = 'Plan a trip.';

let browser: Browser;
test.beforeAll(async () => {
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
});

type Recorded = { browserCode: Record<string, unknown>; act: (page: Page) => Promise<void> };

/** The search field of the picker labelled `name`, as the recorder names it, and what typing `text` then Enter records. */
function searchAndEnter(name: string, text: string): Recorded[] {
  const selector = `internal:role=searchbox[name="${name}"i]`;
  const locator = { kind: 'role', body: 'searchbox', options: { attrs: [], exact: false, name } };
  return [
    {
      browserCode: { name: 'fill', selector, text, signals: [], pageGuid: GUID, locator },
      act: (page) => page.locator(selector).pressSequentially(text),
    },
    {
      browserCode: { name: 'press', selector, key: 'Enter', modifiers: 0, signals: [], pageGuid: GUID, locator },
      act: (page) => page.locator(selector).press('Enter'),
    },
  ];
}

const clicked = (selector: string, locator: object): Recorded => ({
  browserCode: { name: 'click', selector, button: 'left', modifiers: 0, clickCount: 1, signals: [], pageGuid: GUID, locator },
  act: (page) => page.locator(selector).click(),
});

/** Records the steps on "new": each row's before-state (HTML, screenshot) taken just before its action. */
async function record(id: string, steps: Recorded[], expected: { output: string; text: string }): Promise<string> {
  const site = await serveSite(NEW);
  const dir = tempDir('rw-picker-rec-');
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    const rows = [{ name: 'navigate', url: `${RECORDED_ORIGIN}/`, signals: [], pageGuid: GUID }].map((browserCode, i) =>
      rpawebRow(id, INTENT, i + 1, browserCode, '<html><head></head><body></body></html>', null),
    );
    for (const [i, step] of steps.entries()) {
      const html = (await page.content()).split(site.url).join(RECORDED_ORIGIN);
      const png = `${id}-${i + 2}.png`;
      await page.screenshot({ path: join(dir, png) });
      rows.push(rpawebRow(id, INTENT, i + 2, step.browserCode, html, png));
      await step.act(page);
    }
    await expect(page.locator(expected.output)).toHaveText(expected.text);
    writeFileSync(join(dir, 'episodes.jsonl'), rows.join('\n') + '\n');
    return dir;
  } finally {
    await context.close();
    await site.close();
  }
}

async function replayOn(root: string[], dataset: string, output: string): Promise<{ result: EpisodeResult; chosen: string }> {
  const { result, finalHtml } = await replayOnSite(browser, root, dataset, RECORDED_ORIGIN, 5000);
  return { result, chosen: new RegExp(`<output id="${output}">([^<]*)<`).exec(finalHtml)?.[1] ?? '' };
}

const step = (r: EpisodeResult, action: string) => r.steps.find((s) => s.action === action)!;

test('the shown choice that lost its role is found beside its hidden twin of that role, and the unnamed search field by its label', async () => {
  const dataset = await record(
    'by-role',
    [
      clicked('internal:role=listbox >> internal:has-text="Pick a city"i', {
        kind: 'role',
        body: 'listbox',
        options: { attrs: [] },
        next: { kind: 'has-text', body: 'Pick a city', options: { exact: false } },
      }),
      ...searchAndEnter('Destination', 'Ber'),
    ],
    { output: '#chosen-city', text: 'Berlin' },
  );
  const recorded = await replayOn(NEW, dataset, 'chosen-city');
  expect(recorded.result.status, recorded.result.message).toBe('passed');
  expect(recorded.chosen).toBe('Berlin');

  const { result, chosen } = await replayOn(OLD, dataset, 'chosen-city');
  expect(result.status, result.message).toBe('passed');
  expect(chosen).toBe('Berlin');
  const click = step(result, 'click');
  expect(click.resolvedBy).toBe('similarity');
  expect(click.target?.evidence?.join('; ')).toMatch(/set aside 2 hidden look-alikes no hover shows/);
  expect(step(result, 'fill').target?.evidence?.join('; ')).toMatch(/stands in for the hidden control "Destination"/);
});

test('a recorded nth= that now names a hidden div is not clicked: the recorded box, a plain wrapper, is found again', async () => {
  const dataset = await record(
    'by-nth',
    [
      clicked('div >> internal:has-text="FoodMuseumsHikingMusic"i >> nth=2', {
        kind: 'default',
        body: 'div',
        options: {},
        next: {
          kind: 'has-text',
          body: 'FoodMuseumsHikingMusic',
          options: { exact: false },
          next: { kind: 'nth', body: '2', options: {} },
        },
      }),
      ...searchAndEnter('Interests', 'Hik'),
    ],
    { output: '#chosen-interests', text: 'Hiking' },
  );
  const { result, chosen } = await replayOn(OLD, dataset, 'chosen-interests');
  expect(result.status, result.message).toBe('passed');
  expect(chosen).toBe('Hiking');
  expect(step(result, 'click').resolvedBy).toBe('similarity');
  expect(step(result, 'click').target?.evidence?.join('; ')).toMatch(/\(hidden\) → 1/);
});
