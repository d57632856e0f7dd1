import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { RPAWEB_FIXTURES, tempDir } from '../support/fixture-site.js';
import { useSite } from '../support/live-site.js';
import { BROKEN, M2W_DIR, MT, MT_CONVERSATION, TASKS } from '../snapshot/fixtures.js';
import { attachedResult, runReplays } from './support.js';

// The replays project in a child `npx playwright test --project=replays`, one worker.
test.setTimeout(240_000);

const site = useSite();
const turn = (t: number) => `${MT.taskId}#${t}`;

test('REPLAYWRIGHT_MODE=snapshot: the Mind2Web fixtures are tests, each step checked on its own recorded before-state', async () => {
  const r = await runReplays({ REPLAYWRIGHT_DATASET: M2W_DIR, REPLAYWRIGHT_MODE: 'snapshot', REPLAYWRIGHT_TIMEOUT: '2000' });
  const status = Object.fromEntries(r.tests.map((t) => [t.title, t.status]));
  expect(status).toEqual({
    [TASKS.library.id]: 'passed',
    [TASKS.tax.id]: 'passed',
    [TASKS.board.id]: 'passed',
    [turn(0)]: 'passed',
    [turn(1)]: 'passed',
    [BROKEN.targetGone]: 'failed',
    [BROKEN.optionMissing]: 'failed',
    [BROKEN.noRawHtml]: 'passed',
    [BROKEN.badAttributes]: 'failed', // rejected by the decoder
    [BROKEN.truncated]: 'failed',
  });
  const tax = r.tests.find((t) => t.title === TASKS.tax.id)!;
  expect(tax.steps).toHaveLength(TASKS.tax.actions.length);
  expect(attachedResult(tax).steps.map((s: { action: string }) => s.action)).toEqual(TASKS.tax.actions);
  // Snapshot: a failed step does not end the episode, every step has its own verdict.
  const gone = r.tests.find((t) => t.title === BROKEN.targetGone)!;
  expect(gone.error).toMatch(/^Error: target-not-found/);
  expect(attachedResult(gone).steps.map((s: { status: string }) => s.status)).toEqual(['passed', 'failed', 'passed', 'passed']);
  expect(r.tests.find((t) => t.title === BROKEN.optionMissing)!.error).toMatch(/option-missing: option "Girona" not available/);
  // Nothing live happened: no screenshot of a final page.
  expect(tax.attachments.map((a) => a.name)).toEqual(['result.json']);
});

test('a bad REPLAYWRIGHT_MODE: one failing test naming the variable and the choices', async () => {
  const r = await runReplays({ REPLAYWRIGHT_MODE: 'offline' });
  expect(r.tests.map((t) => [t.title, t.status])).toEqual([['settings', 'failed']]);
  expect(r.tests[0]!.error).toBe('Error: REPLAYWRIGHT_MODE must be live or snapshot, got "offline"');
});

test('calibrated noise masks (<dataset>/.replaywright/masks.json) are applied as the CLI applies them; an unreadable file is named and the replay goes on', async () => {
  const dataset = tempDir('rw-masks-');
  cpSync(RPAWEB_FIXTURES, dataset, { recursive: true });
  const masks = join(dataset, '.replaywright', 'masks.json');
  mkdirSync(join(dataset, '.replaywright'));
  const episode = 'library-save-record@1.65';
  writeFileSync(
    masks,
    JSON.stringify({
      version: 1,
      episodes: { [episode]: { '2': { selectors: ['main h1'], boxes: [{ x: 0, y: 0, width: 40, height: 20 }] } } },
    }),
  );
  const env = { REPLAYWRIGHT_DATASET: dataset, REPLAYWRIGHT_MAP_URL: `${RECORDED_ORIGIN}=${site.url}` };
  const r = await runReplays(env, ['--grep', episode]);
  expect(r.tests.map((t) => [t.title, t.status])).toEqual([[episode, 'passed']]);
  const steps = attachedResult(r.tests[0]!).steps as { notes?: string[] }[];
  expect(steps[2]!.notes).toContain(`calibrated masks applied (1 element, 1 region, from ${masks})`);
  expect(steps.filter((s) => s.notes?.some((n) => n.startsWith('calibrated masks applied')))).toHaveLength(1);

  writeFileSync(masks, JSON.stringify({ version: 2, episodes: {} }));
  const bad = await runReplays(env, ['--grep', episode]);
  expect(bad.tests.map((t) => [t.title, t.status])).toEqual([[episode, 'passed']]);
  expect(bad.stdout + bad.stderr).toContain(`${masks}: version: `);
  expect(bad.stdout + bad.stderr).toContain('calibrated masks not applied (run --calibrate again)');
  expect(JSON.stringify(attachedResult(bad.tests[0]!))).not.toContain('calibrated masks applied');
});

test('an MT-Mind2Web chain, live: turn 1 continues in the session turn 0 left; turn 1 alone fails saying why, not target-not-found', async () => {
  const env = { REPLAYWRIGHT_DATASET: MT_CONVERSATION, REPLAYWRIGHT_START_URL: `${site.url}/`, REPLAYWRIGHT_TIMEOUT: '3000' };
  const r = await runReplays(env);
  expect(r.tests.map((t) => t.titlePath.slice(-2))).toEqual([
    [`${turn(0)} (chain)`, turn(0)],
    [`${turn(0)} (chain)`, turn(1)],
  ]);
  expect(r.tests[0]!.status, r.tests[0]!.error).toBe('passed');
  const second = attachedResult(r.tests[1]!);
  expect(second.continuedFrom).toBe(turn(0));
  // Turn 0 added a card to the board, which keeps its cards in the page only: turn 1 sees it
  // next to the seeded one (two "Move right" buttons, closer than the default margin, as with
  // `replaywright run`). A fresh context would start at the home page and find no card at all.
  expect(second.steps[0].reason).toBe('ambiguous-target');
  expect(second.steps[0].message).toContain('"Apply for parking permit Move right"');
  expect(second.final.url).toBe(`${site.url}/board/`);

  const alone = await runReplays(env, ['--grep', `${turn(1)}$`]);
  expect(alone.tests.map((t) => [t.title, t.status])).toEqual([[turn(1), 'failed']]);
  expect(alone.tests[0]!.error).toBe(
    `Error: ${turn(1)} continues ${turn(0)} and starts on the page that turn left, but ${turn(0)} did not run before it in this worker (filtered out by --grep/--shard/--last-failed, or a retry of this turn alone): run the whole chain ("${turn(0)} (chain)")`,
  );
  expect(alone.tests[0]!.attachments).toEqual([]);
});
