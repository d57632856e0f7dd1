// A dataset as a Playwright Test suite: one test per episode (title = episode id), one test step
// per replayed step. Run with `npx playwright test --project=replays`; everything the runner does
// applies — --shard, --workers, --retries, --grep, --last-failed, the blob reporter and
// `npx playwright merge-reports`. Which dataset: see replays/fixtures.ts; settings: replays/settings.ts.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { formatProblem } from '../src/ir/problem.js';
import { loadDataset } from '../src/formats/load-dataset.js';
import type { Episode } from '../src/ir/index.js';
import { withNoiseMasks } from '../src/replay/noise-masks-file.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode, type ReplayOptions } from '../src/replay/run-episode.js';
import { runSnapshotEpisode } from '../src/replay/snapshot/run-snapshot-episode.js';
import { groupChains } from '../src/replay/shard.js';
import type { StepResult } from '../src/ir/results.js';
import { Redactor } from '../src/secrets.js';
import { ChainSession } from './chain-session.js';
import { CONFIG, DATASET, FIXTURE_DATASET, FORMAT, test, type ReplaySettings } from './fixtures.js';
import { settingsFrom } from './settings.js';
import { replayTrace } from './trace-mode.js';

// Decoded when the file loads: the episodes are the tests.
const data = await loadDataset(DATASET ?? FIXTURE_DATASET, { format: FORMAT });

// Titles and annotations exist before any fixture: the secrets the environment declares are
// scrubbed from them now (those in `use.replaywright` only reach what the test writes).
let titleRedactor = new Redactor();
let settingsProblem: string | undefined = CONFIG.problem;
try {
  titleRedactor = new Redactor(settingsFrom({}, process.env, CONFIG.config).secrets);
} catch (error) {
  settingsProblem = (error as Error).message;
}
const fail = (message: string): never => {
  const e = new Error(message);
  e.stack = e.message; // a settings or input problem, not a place in this file
  throw e;
};

if (settingsProblem !== undefined) {
  test('settings', () => fail(settingsProblem!));
} else if (data.files.length === 0 || data.recordsRead === 0) {
  test('dataset', () =>
    fail(
      `nothing to replay in ${DATASET ?? FIXTURE_DATASET}: ${data.problems.map((p) => formatProblem(p)).join('\n') || 'no record could be read'}`,
    ));
}

// Test titles must be unique; the same id in two dataset files gets its source added.
const titles = new Set<string>();
function titleFor(id: string, source: { file: string; line?: number }): string {
  const title = titleRedactor.scrub(titles.has(id) ? `${id} [${basename(source.file)}${source.line ? `:${source.line}` : ''}]` : id);
  titles.add(title);
  return title;
}

// The dataset's calibrated noise masks (`replaywright run --calibrate`), applied as the CLI does; read once per worker.
let withMasks: ((options: ReplaySettings['options']) => ReplaySettings['options']) | undefined;
function masked(options: ReplaySettings['options']): ReplaySettings['options'] {
  withMasks ??= (() => {
    const m = withNoiseMasks({ compare: options.compare }, DEFAULT_REPLAY_OPTIONS.compare, data.root, (message) => console.warn(message));
    return (o) => (m?.compare ? { ...o, compare: m.compare } : o);
  })();
  return withMasks(options);
}

function episodeTest(episode: Episode, chain: readonly Episode[], session?: ChainSession): void {
  const annotation = [
    { type: 'format', description: episode.format },
    { type: 'source', description: `${episode.source.file}${episode.source.line ? `:${episode.source.line}` : ''}` },
    ...(episode.instruction ? [{ type: 'instruction', description: titleRedactor.scrub(episode.instruction) }] : []),
    ...(episode.continues ? [{ type: 'continues', description: episode.continues }] : []),
  ];
  test(titleFor(episode.id, episode.source), { annotation }, async ({ browser, replay, trace }, testInfo) => {
    const { redactor } = replay;
    for (const a of testInfo.annotations) if (a.description) a.description = redactor.scrub(a.description);
    const out = testInfo.outputPath('replay');
    const options: ReplayOptions = {
      ...masked(replay.options),
      filesDir: replay.options.filesDir ?? data.root,
      out,
      trace: replayTrace(trace, testInfo.retry),
    };
    let raw;
    try {
      raw =
        options.replayMode === 'snapshot'
          ? await runSnapshotEpisode(browser, episode, {
              timeoutMs: options.timeoutMs,
              allowScripts: options.allowScripts,
              defaultViewport: options.defaultViewport,
            })
          : await runEpisode(browser, episode, options, await session?.for(browser, episode, chain, options));
    } catch (error) {
      fail(redactor.scrub((error as Error).message ?? String(error)));
    }
    // What the replay returns holds the typed values wherever a message quoted them; the CLI scrubs it the same way.
    const result = redactor.scrubDeep(raw!);
    await testInfo.attach('result.json', { body: JSON.stringify(result, null, 2), contentType: 'application/json' });
    if (result.final?.screenshot)
      await testInfo.attach('final.png', { path: join(out, result.final.screenshot), contentType: 'image/png' });
    if (result.trace && existsSync(join(out, result.trace)))
      await testInfo.attach('trace', { path: join(out, result.trace), contentType: 'application/zip' });

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
        await test.step(
          title,
          async () => {
            if (step.status !== 'passed') throw stepError(step);
          },
          { box: true },
        );
      } catch (error) {
        firstFailure ??= error as Error;
      }
    }
    if (firstFailure) throw firstFailure;
    if (result.status !== 'passed') fail(`${result.reason ?? 'error'}: ${result.message ?? 'the episode did not pass'}`);
  });
}

function stepError(step: StepResult): Error {
  const e = new Error(`${step.reason ?? step.status}: ${step.message ?? `step ${step.index + 1} did not pass`}`);
  e.stack = e.message; // where it failed is the step title, not this file
  return e;
}

// A continues-chain (MT-Mind2Web turns) stays together, in order, on one worker and one shard,
// and live its turns share one browser session, as `replaywright run` replays them. Serial: a
// turn after a failed one is skipped (its starting page is gone), and a retry replays the chain.
if (settingsProblem === undefined) {
  for (const chain of groupChains(data.episodes)) {
    if (chain.length === 1) episodeTest(chain[0]!, chain);
    else {
      test.describe(titleRedactor.scrub(`${chain[0]!.id} (chain)`), () => {
        test.describe.configure({ mode: 'serial' });
        const session = new ChainSession();
        test.afterAll(() => session.close());
        for (const episode of chain) episodeTest(episode, chain, session);
      });
    }
  }
}

// Episodes that could not be decoded are failing tests, never silently missing ones.
for (const rejected of data.rejected) {
  test(titleFor(rejected.id, rejected.source), { annotation: [{ type: 'format', description: rejected.format }] }, () =>
    fail(titleRedactor.scrub(`invalid-input:\n${rejected.problems.map((p) => formatProblem(p)).join('\n')}`)),
  );
}
