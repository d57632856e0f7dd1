// A dataset as a Playwright Test suite: one test per episode (title = episode id), one test step
// per replayed step. Run with `npx playwright test --project=replays`; everything the runner does
// applies — --shard, --workers, --retries, --grep, --last-failed, the blob reporter and
// `npx playwright merge-reports`. Which dataset: see replays/fixtures.ts.
import { basename, join } from 'node:path';
import { formatProblem } from '../src/formats/problem.js';
import { loadDataset } from '../src/formats/load-dataset.js';
import type { Episode } from '../src/ir/index.js';
import { runEpisode } from '../src/replay/run-episode.js';
import { groupChains } from '../src/replay/shard.js';
import type { StepResult } from '../src/report/results.js';
import { DATASET, FIXTURE_DATASET, FORMAT, test } from './fixtures.js';

// Decoded when the file loads: the episodes are the tests.
const data = await loadDataset(DATASET ?? FIXTURE_DATASET, { format: FORMAT });

if (data.files.length === 0 || data.recordsRead === 0) {
  test('dataset', () => {
    throw new Error(`nothing to replay in ${DATASET ?? FIXTURE_DATASET}: ${data.problems.map((p) => formatProblem(p)).join('\n') || 'no record could be read'}`);
  });
}

// Test titles must be unique; the same id in two dataset files gets its source added.
const titles = new Set<string>();
function titleFor(id: string, source: { file: string; line?: number }): string {
  const title = titles.has(id) ? `${id} [${basename(source.file)}${source.line ? `:${source.line}` : ''}]` : id;
  titles.add(title);
  return title;
}

function episodeTest(episode: Episode): void {
  const annotation = [
    { type: 'format', description: episode.format },
    { type: 'source', description: `${episode.source.file}${episode.source.line ? `:${episode.source.line}` : ''}` },
    ...(episode.instruction ? [{ type: 'instruction', description: episode.instruction }] : []),
    ...(episode.continues ? [{ type: 'continues', description: episode.continues }] : []),
  ];
  test(titleFor(episode.id, episode.source), { annotation }, async ({ browser, replay }, testInfo) => {
    const out = testInfo.outputPath('replay');
    const result = await runEpisode(browser, episode, { ...replay.options, filesDir: replay.options.filesDir ?? data.root, out });
    await testInfo.attach('result.json', { body: JSON.stringify(result, null, 2), contentType: 'application/json' });
    if (result.final?.screenshot) await testInfo.attach('final.png', { path: join(out, result.final.screenshot), contentType: 'image/png' });

    // The replay already happened; each step is reported as a test step with its outcome, and
    // the test fails with the first step that did not pass (later steps show as skipped).
    let firstFailure: Error | undefined;
    for (const step of result.steps) {
      const title = `${step.index + 1}. ${step.description}`;
      if (step.status === 'skipped') {
        await test.step.skip(title, async () => undefined);
        continue;
      }
      try {
        await test.step(title, async () => {
          if (step.status !== 'passed') throw stepError(step);
        }, { box: true });
      } catch (error) {
        firstFailure ??= error as Error;
      }
    }
    if (firstFailure) throw firstFailure;
    if (result.status !== 'passed') throw new Error(`${result.reason ?? 'error'}: ${result.message ?? 'the episode did not pass'}`);
  });
}

function stepError(step: StepResult): Error {
  const e = new Error(`${step.reason ?? step.status}: ${step.message ?? `step ${step.index + 1} did not pass`}`);
  e.stack = e.message; // where it failed is the step title, not this file
  return e;
}

// A continues-chain (MT-Mind2Web turns) stays together, in order, on one worker and one shard.
for (const chain of groupChains(data.episodes)) {
  if (chain.length === 1) episodeTest(chain[0]!);
  else {
    test.describe(`${chain[0]!.id} (chain)`, () => {
      test.describe.configure({ mode: 'default' });
      for (const episode of chain) episodeTest(episode);
    });
  }
}

// Episodes that could not be decoded are failing tests, never silently missing ones.
for (const rejected of data.rejected) {
  test(titleFor(rejected.id, rejected.source), { annotation: [{ type: 'format', description: rejected.format }] }, () => {
    const e = new Error(`invalid-input:\n${rejected.problems.map((p) => formatProblem(p)).join('\n')}`);
    e.stack = e.message;
    throw e;
  });
}
