// The public API as a user sees it: this file imports replaywright through its entry point only
// (src/index.ts, what `import … from 'replaywright'` resolves to), plus the fixture site's server.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { compareHtml, loadDataset, REASON_NAMES, replay, validateDataset, type ReplayHooks } from '../../src/index.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const DATASET = join(FIXTURES, 'rpaweb', 'episodes-1.49.jsonl');
/** Where the fixture recordings were made; replayed against the site served here. */
const RECORDED_ORIGIN = 'http://127.0.0.1:38080';
const EPISODE = 'library-save-record@1.49';

let site: { url: string; close(): Promise<void> };
test.beforeAll(async () => {
  const { startFixtureServer } = await import(join(FIXTURES, 'server.mjs'));
  site = await startFixtureServer({ root: join(FIXTURES, 'site') });
});
test.afterAll(async () => site?.close());

/** Hooks that write down what they were called with, in order. */
function recordingHooks(events: string[], extra: Partial<ReplayHooks> = {}): ReplayHooks {
  return {
    beforeEpisode: ({ episode }) => void events.push(`beforeEpisode ${episode.id}`),
    beforeStep: async ({ step, page }) => {
      // Awaited: the step does not start until this resolves.
      await new Promise((r) => setTimeout(r, 5));
      events.push(`beforeStep ${step.index}${page ? '' : ' (no page)'}`);
      await extra.beforeStep?.({ step, page } as never);
    },
    afterStep: ({ step, result }) => void events.push(`afterStep ${step.index} ${result.status}`),
    afterEpisode: ({ result }) => void events.push(`afterEpisode ${result.status}`),
  };
}

test('validateDataset and loadDataset decode a dataset and say what is in it', async () => {
  const v = await validateDataset(DATASET);
  expect(v).toMatchObject({ ok: true, episodes: 3, steps: 31, rejected: 0, problems: [] });
  const data = await loadDataset(DATASET);
  expect(data.episodes.map((e) => e.id)).toEqual(['library-save-record@1.49', 'tax-submit-declaration@1.49', 'board-add-move-delete@1.49']);
});

test('replay runs an episode in Chromium, calling every hook in order, and resolves with its result', async () => {
  const events: string[] = [];
  const run = await replay(DATASET, {
    episode: [EPISODE],
    mapUrl: [`${RECORDED_ORIGIN}=${site.url}`],
    out: mkdtempSync(join(tmpdir(), 'rw-api-')),
    workers: 1,
    hooks: recordingHooks(events),
  });
  expect(run.results).toHaveLength(1);
  const [result] = run.results;
  expect(result).toMatchObject({ episode: EPISODE, format: 'rpaweb', status: 'passed' });
  expect(result!.steps).toHaveLength(9);
  expect(run.browser?.version).toMatch(/^\d+\./);
  // openPage has no page before it; every later step does.
  expect(events).toEqual([
    `beforeEpisode ${EPISODE}`,
    ...result!.steps.flatMap((s) => [`beforeStep ${s.index}${s.index === 0 ? ' (no page)' : ''}`, `afterStep ${s.index} passed`]),
    'afterEpisode passed',
  ]);
});

test('a hook that throws ends its episode as error, naming the hook; the steps before it are not rerun', async () => {
  const { episodes } = await loadDataset(DATASET);
  const episode = episodes.find((e) => e.id === EPISODE)!;
  const events: string[] = [];
  const run = await replay([episode], {
    mapUrl: [`${RECORDED_ORIGIN}=${site.url}`],
    out: mkdtempSync(join(tmpdir(), 'rw-api-')),
    workers: 1,
    hooks: recordingHooks(events, {
      beforeStep: ({ step }) => {
        if (step.index === 2) throw new Error('stop here');
      },
    }),
  });
  expect(run.results).toHaveLength(1);
  expect(run.results[0]).toMatchObject({
    episode: EPISODE,
    status: 'error',
    reason: 'error',
    message: 'the beforeStep hook threw: stop here',
  });
  expect(events).toEqual([
    `beforeEpisode ${EPISODE}`,
    'beforeStep 0 (no page)',
    'afterStep 0 passed',
    'beforeStep 1',
    'afterStep 1 passed',
    'beforeStep 2',
    'afterEpisode error',
  ]);
});

test("compareHtml compares two pages without a browser, with the replayer's verdicts", () => {
  const page = '<main><h1>Library</h1><button>Save record</button><p>3 records</p></main>';
  expect(compareHtml(page, page)).toMatchObject({ verdict: 'match', reasons: [], textSimilarity: 1, structureSimilarity: 1 });
  const other = compareHtml(page, '<main><h2>Checkout</h2><form><input name="card"><button>Pay now</button></form></main>');
  expect(other.verdict).toBe('diverged');
  expect(other.reasons).toContain('content-drift');
  expect(other.textDiff).toEqual({ missing: ['library', 'save', 'record', '3', 'records'], extra: ['checkout', 'pay', 'now'] });
  expect(REASON_NAMES).toContain('final-state-mismatch');
});

test('snapshot mode calls the step hooks around each step it checks, with the recorded page rendered', async () => {
  const dataset = join(FIXTURES, 'mind2web', 'tasks.json');
  const { episodes } = await loadDataset(dataset);
  const episode = episodes[0]!;
  const seen: string[] = [];
  const run = await replay(dataset, {
    mode: 'snapshot',
    episode: episode.id,
    out: mkdtempSync(join(tmpdir(), 'rw-api-')),
    workers: 1,
    hooks: {
      beforeStep: async ({ step, page }) =>
        void seen.push(`before ${step.index} ${(await page!.content()).length > 100 ? 'rendered' : 'empty'}`),
      afterStep: ({ step, result }) => void seen.push(`after ${step.index} ${result.status}`),
    },
  });
  expect(run.results.map((r) => r.episode)).toEqual([episode.id]);
  expect(run.results[0]!.steps.length).toBeGreaterThan(1);
  expect(seen).toEqual(
    run.results[0]!.steps.filter((s) => !/^(not checked|no recorded)/.test(s.message ?? '')).flatMap((s) => [
      `before ${s.index} rendered`,
      `after ${s.index} ${s.status}`,
    ]),
  );
});
