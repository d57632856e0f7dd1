import { expect, test } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCommand, type RunArgs } from '../../src/commands/run.js';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { silentLogger } from '../../src/log.js';
import type { EpisodeResult } from '../../src/ir/results.js';
import { changedSiteCopy, serveSite, tempDir } from '../support/fixture-site.js';
import { cli } from '../support/cli.js';
import { useLiveSite } from '../support/live-site.js';

// fixtures/site/office/ has a ticking clock, a visitor counter and a rotating banner.
const EPISODE = 'office-show-details';
const ON_OFFICE_PAGE = 2; // openPage (0), navigate (1), click "Show details" (2)

const live = useLiveSite();

/** An rpaweb recording of the office page: before-states captured from the live fixture site. */
async function recordDataset(): Promise<string> {
  const dir = tempDir('rw-office-');
  mkdirSync(join(dir, 'png'));
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const capture = async (n: number) => {
    writeFileSync(join(dir, 'png', `${n}.png`), await page.screenshot({ animations: 'disabled', caret: 'hide' }));
    return page.content();
  };
  const rows: unknown[] = [];
  const row = (step: number, browserCode: object, html: string) =>
    rows.push({
      id: EPISODE,
      language: 'en',
      input: '',
      requirements: '',
      outputs: '',
      anonymized_data: {},
      intent: 'Open the citizen office page and show the details.',
      step,
      png_file: `png/${step}.png`,
      html_data: html,
      json_data: { browserCode: { signals: [], pageAlias: 'page', ...browserCode } },
    });
  row(1, { name: 'openPage', url: 'about:blank' }, await capture(1));
  row(2, { name: 'navigate', url: `${RECORDED_ORIGIN}/office/` }, await capture(2));
  await page.goto(`${live.site.url}/office/`);
  row(
    3,
    { name: 'click', selector: 'internal:role=button[name="Show details"i]', button: 'left', modifiers: 0, clickCount: 1 },
    await capture(3),
  );
  await context.close();
  writeFileSync(join(dir, 'episodes.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return dir;
}

/** A run: in-process, or for the calibrating one through the CLI, so `--calibrate` is wired as documented. */
async function run(dataset: string, siteUrl: string, calibrate = false): Promise<EpisodeResult & { printed: string[] }> {
  const out = tempDir('rw-out-');
  const printed: string[] = [];
  if (calibrate) {
    const { stdout } = await cli(
      'run',
      dataset,
      '--out',
      out,
      '--map-url',
      `${RECORDED_ORIGIN}=${siteUrl}`,
      '--workers',
      '1',
      '--timeout',
      '5000',
      '--calibrate',
    );
    printed.push(...stdout.split('\n'));
  } else {
    const args: RunArgs = { config: { dataset, out, mapUrl: [`${RECORDED_ORIGIN}=${siteUrl}`], timeout: 5000, workers: 1 } };
    await runCommand(args, silentLogger, (line) => printed.push(line));
  }
  const result = JSON.parse(readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n')[0]!) as EpisodeResult;
  return { ...result, printed };
}

test('what changes by itself drifts until --calibrate learns it; later runs apply the saved masks; a real change still drifts', async () => {
  const dataset = await recordDataset();
  // The visitor counter moves every 250 ms and the clock every second: be sure the replay sees another state.
  await new Promise((r) => setTimeout(r, 1100));

  const plain = await run(dataset, live.site.url);
  expect(plain.status, plain.message).toBe('passed');
  expect(plain.steps[ON_OFFICE_PAGE]!.compare).toMatchObject({ verdict: 'drift' });
  expect(plain.steps[ON_OFFICE_PAGE]!.compare!.reasons).toContain('content-drift');

  const calibrating = await run(dataset, live.site.url, true);
  expect(calibrating.steps[ON_OFFICE_PAGE]!.compare, JSON.stringify(calibrating.steps[ON_OFFICE_PAGE])).toMatchObject({
    verdict: 'match',
    textSimilarity: 1,
  });
  expect(calibrating.printed.join('\n')).toContain(join(dataset, '.replaywright', 'masks.json'));
  const saved = JSON.parse(readFileSync(join(dataset, '.replaywright', 'masks.json'), 'utf8'));
  const learned = saved.episodes[EPISODE][String(ON_OFFICE_PAGE)];
  // The clock, the counter and the banner, each by its element path.
  expect(learned.selectors).toHaveLength(3);
  expect(learned.selectors.every((s: string) => s.startsWith('html > body:nth-child(2) > main'))).toBe(true);
  // about:blank (step 0) and the page before the navigate do not move.
  expect(Object.keys(saved.episodes[EPISODE])).toEqual([String(ON_OFFICE_PAGE)]);

  await new Promise((r) => setTimeout(r, 1100));
  const later = await run(dataset, live.site.url);
  expect(later.status, later.message).toBe('passed');
  expect(later.steps[ON_OFFICE_PAGE]!.compare).toMatchObject({ verdict: 'match', textSimilarity: 1 });
  expect(later.steps[ON_OFFICE_PAGE]!.notes?.join(' ')).toContain('calibrated masks applied (3 elements');

  const changed = await serveSite(
    changedSiteCopy('office/index.html', '<h1>Citizen office opening hours</h1>', '<h1>Citizen office summer opening hours</h1>'),
  );
  try {
    const elsewhere = await run(dataset, changed.url);
    expect(elsewhere.steps[ON_OFFICE_PAGE]!.compare).toMatchObject({ verdict: 'drift' });
    expect(elsewhere.steps[ON_OFFICE_PAGE]!.compare!.reasons).toContain('content-drift');
    expect(elsewhere.steps[ON_OFFICE_PAGE]!.compare!.textSimilarity).toBeLessThan(1);
  } finally {
    await changed.close();
  }
});
