import { expect, test } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { runCommand } from '../../src/commands/run.js';
import { silentLogger } from '../../src/log.js';
import { passedLabel, passedUnverified, type EpisodeResult, type RunSummary } from '../../src/ir/results.js';
import { FIXTURES, tempDir } from '../support/fixture-site.js';
import { useLiveSite } from '../support/live-site.js';
import { replayFixture } from '../support/replay.js';
import { episodeDir } from '../../src/results/episode-files.js';

const live = useLiveSite();

test('a plain codegen file keeps no end state: passed, but the contract, terminal, JUnit and report say the final state was not verifiable', async () => {
  const out = tempDir('rw-out-');
  const printed: string[] = [];
  const code = await runCommand(
    {
      config: {
        dataset: join(FIXTURES, 'codegen', 'tax-form.jsonl'),
        out,
        mapUrl: [`${RECORDED_ORIGIN}=${live.site.url}`],
        timeout: 5000,
        workers: 1,
      },
    },
    silentLogger,
    (line) => printed.push(line),
  );
  const r = JSON.parse(readFileSync(join(out, 'results.jsonl'), 'utf8').trim()) as EpisodeResult;
  expect(r.status, r.message).toBe('passed');
  expect(code).toBe(0);
  expect(r.final).toMatchObject({ verified: false });
  expect(r.final!.unverifiedReason).toContain('codegen');
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as RunSummary;
  expect(summary.episodes).toMatchObject({ total: 1, passed: 1, passedUnverified: 1 });
  const text = printed.join('\n');
  // Steps whose effect could not be checked (an upload, a key press) are named alongside (issue 15).
  expect(text).toMatch(/PASS .*passed \(final state not verifiable(, \d+ steps? unverified)?\)/);
  expect(text).toContain('1 passed (1 final state not verifiable');
  expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toContain('passed (final state not verifiable): the recording keeps no page states');

  const page = await live.browser.newPage();
  try {
    await page.goto(pathToFileURL(join(out, 'report', 'index.html')).href);
    await expect(page.locator('.cards')).toContainText('passed (1 final state not verifiable');
    await page.getByRole('link', { name: r.episode }).click();
    await expect(page.getByTestId('final-unverified')).toContainText('passed (final state not verifiable)');
  } finally {
    await page.close();
  }
});

test('a recording that keeps its end state is verified; the 1.65 recorder, which drops closePage, is not', async () => {
  const kept = await replayFixture(live.browser, 'library-save-record@1.49', live.site.url);
  expect(kept.status, kept.message).toBe('passed');
  expect(kept.final).toMatchObject({ verified: true });
  expect(kept.final!.unverifiedReason).toBeUndefined();
  expect(kept.final!.textSimilarity).toBeGreaterThan(0.95);

  const dropped = await replayFixture(live.browser, 'library-save-record@1.65', live.site.url);
  expect(dropped.status, dropped.message).toBe('passed');
  expect(dropped.final).toMatchObject({ verified: false });
  expect(dropped.final!.unverifiedReason).toContain('closePage');
});

test('a final page that cannot be captured is said, not dropped: the pass says its final state was not verifiable', async () => {
  // A real fault, not a mock: the episode's final.html is made a folder after the last step, so
  // writing the final page fails (EISDIR) as a full or read-only disk would make it fail.
  const out = tempDir('rw-out-');
  const r = await replayFixture(live.browser, 'library-save-record@1.65', live.site.url, {
    out,
    hooks: {
      afterStep: ({ episode, step }) => {
        if (step.index === episode.steps.at(-1)!.index) mkdirSync(join(episodeDir(out, episode.id), 'final.html'), { recursive: true });
      },
    },
  });
  expect(r.status, r.message).toBe('passed');
  expect(r.final).toBeUndefined();
  expect(r.finalUnchecked).toMatch(/^the final page could not be captured \(EISDIR: /);
  // A pass never hides what could not be checked: counted and labelled as an unverifiable end state.
  expect(passedUnverified(r)).toBe(true);
  expect(passedLabel(r)).toBe('passed (final state not verifiable)');
});
