import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright';
import { DEFAULT_REPLAY_OPTIONS } from '../../src/replay/run-episode.js';
import { ArtifactBudget } from '../../src/replay/artifact-budget.js';
import { changedSiteCopy, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { launch, replayFixture } from '../support/replay.js';
import { runArgv, results, start } from '../scale/support.js';
import { STACK_LINE } from '../bad-input/support.js';
import { line, ORIGIN, writeCodegen, writeGoodEpisode } from './support.js';

test.setTimeout(240_000);

let site: FixtureServer;
let browser: Browser;
test.beforeAll(async () => {
  site = await serveSite();
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
  await site?.close();
});

test('--episode-timeout: an episode past its deadline is error/timeout at the step it was on; the next episode passes; disk use is reported', async () => {
  const data = tempDir('rw-deadline-');
  // The click waits up to the 120 s step timeout for a target that never appears: only the
  // episode deadline can end it.
  writeCodegen(
    data,
    '1-stuck',
    line.openPage,
    line.navigate(`${ORIGIN}/tax/`),
    line.click('internal:role=button[name="Never there"i]'),
    line.closePage,
  );
  writeGoodEpisode(data, '2-good');
  const out = tempDir('rw-deadline-out-');
  const r = await start(runArgv(data, out, '--map-url', `${ORIGIN}=${site.url}`, '--timeout', '120000', '--episode-timeout', '20000')).done;
  expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
  expect(r.code, r.stderr).toBe(1);
  const [stuck, good] = results(out) as (ReturnType<typeof results>[number] & { message?: string; failedStep?: number })[];
  expect(stuck).toMatchObject({ episode: '1-stuck', status: 'error', reason: 'timeout', failedStep: 2 });
  expect(stuck!.message).toContain('did not finish within 20000 ms (--episode-timeout): it was at step 3');
  expect(good).toMatchObject({ episode: '2-good', status: 'passed' });

  // Disk use: summary.json and the terminal, counting everything the run left (reports included).
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
  const sizeOf = (p: string) => statSync(join(out, p)).size;
  expect(summary.diskBytes).toBeGreaterThan(sizeOf('results.jsonl') + sizeOf('junit.xml') + sizeOf('report/index.html'));
  expect(r.stdout).toMatch(new RegExp(`^disk: +[\\d.]+ (KiB|MiB|bytes) in ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
});

test('--max-artifact-bytes: a step that fails the run (--fail-on drift) keeps what fits under the cap (here the HTML dumps, not the screenshots) and names the rest', async () => {
  const changed = await serveSite(
    changedSiteCopy('library/index.html', '<h1>Public library catalogue</h1>', '<h1>Public library catalogue (new)</h1>'),
  );
  try {
    const capped = await replayFixture(browser, 'library-save-record@1.49', changed.url, {
      compare: { ...DEFAULT_REPLAY_OPTIONS.compare, maxArtifactBytes: 2000 },
      failOn: 'drift',
    });
    const drifted = capped.steps.filter((s) => s.compare && s.compare.verdict !== 'match');
    expect(drifted.length).toBeGreaterThan(0);
    for (const s of drifted) {
      // Each screenshot is over 2000 bytes; the two HTML dumps (under 900 each) fit.
      expect(s.compare!.images).toBeUndefined();
      expect(s.compare!.html).toMatchObject({
        recorded: expect.stringContaining('recorded.html.txt'),
        live: expect.stringContaining('live.html.txt'),
      });
      // The divergence evidence (full-page PNG, ARIA snapshot) comes after the dumps and is named too.
      expect(s.notes?.join('\n')).toMatch(
        /^not written \(over --max-artifact-bytes 2000 for this step\): \d+-recorded\.png \(\d+ bytes\), \d+-live\.png \(\d+ bytes\), \d+-diff\.png \(\d+ bytes\), \d+-live-full\.png \(\d+ bytes\)(, \d+-live-aria\.yml \(\d+ bytes\))?$/,
      );
    }
    const stepsDir = join(capped.out, 'episodes', 'library-save-record@1.49', 'steps');
    expect(readdirSync(stepsDir).filter((f) => f.endsWith('.png'))).toEqual([]);
    expect(readdirSync(stepsDir).filter((f) => f.endsWith('.html.txt')).length).toBe(2 * drifted.length);

    // The default cap keeps them.
    const kept = await replayFixture(browser, 'library-save-record@1.49', changed.url);
    const s = kept.steps.find((x) => x.index === drifted[0]!.index)!;
    expect(s.compare!.images?.live).toBeTruthy();
    expect(s.notes ?? []).not.toContainEqual(expect.stringContaining('not written'));
  } finally {
    await changed.close();
  }
});

test('ArtifactBudget writes in order while the files fit, then names what it did not write', () => {
  const dir = tempDir('rw-budget-');
  const budget = new ArtifactBudget(10);
  expect(budget.write(join(dir, 'a.png'), Buffer.alloc(6))).toBe(true);
  expect(budget.write(join(dir, 'b.png'), Buffer.alloc(6))).toBe(false);
  expect(budget.write(join(dir, 'c.txt'), 'abcd')).toBe(true);
  expect(readdirSync(dir).sort()).toEqual(['a.png', 'c.txt']);
  expect(budget.note()).toBe('not written (over --max-artifact-bytes 10 for this step): b.png (6 bytes)');
  expect(new ArtifactBudget(10).note()).toBeUndefined();
});
