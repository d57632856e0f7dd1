import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { FIXTURES, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { inlineEpisode, launch } from '../support/replay.js';

// A plain click is checked by the page's answer to it (src/replay/effects/guarded-click.ts): its
// events reaching the target are not enough, since an app may take them and do nothing. An
// answer that comes later (a timer, a request's reply) is waited for; a click the app ignored
// says so (`unverified`) instead of passing as checked.
let site: FixtureServer;
let browser: Browser;
test.beforeAll(async () => void ([site, browser] = await Promise.all([serveSite(join(FIXTURES, 'effects')), launch()])));
test.afterAll(async () => void (await Promise.all([browser?.close(), site?.close()])));

// Comparisons off: the click's own check is all that judges it, as in a fast regression run.
const OPTIONS = { ...DEFAULT_REPLAY_OPTIONS, compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' as const }, timeoutMs: 4000 };
const button = (name: string) => ({ type: 'click', target: { locate: [{ kind: 'role', role: 'button', name }] } });

async function effects(page: string, actions: unknown[]) {
  const r = await runEpisode(browser, inlineEpisode(`answers-${actions.length}`, `${site.url}/${page}`, actions), {
    ...OPTIONS,
    out: tempDir('rw-answer-'),
  });
  expect(r.status, r.message).toBe('passed');
  return r.steps.slice(1).map((s) => s.effect);
}

test('a click the page answers, at once, after a timer, after a request or by opening a popover, is checked by that answer', async () => {
  const seen = await effects('answers.html', [button('At once'), button('Later'), button('Fetched'), button('Menu')]);
  expect(seen.map((e) => e?.status)).toEqual(['checked', 'checked', 'checked', 'checked']);
  expect(seen[0]!.detail).toMatch(/reached the target .*, and the DOM changed$/);
  expect(seen[1]!.detail).toMatch(/, and the DOM changed$/);
  expect(seen[2]!.detail).toMatch(/, and (a request was sent|the DOM changed)$/);
  expect(seen[3]!.detail).toMatch(/, and something opened or closed$/);
});

test('a click into a field is answered by the focus moving there', async () => {
  const [focus] = await effects('answers.html', [{ type: 'click', target: { locate: [{ kind: 'label', text: 'Name' }] } }]);
  expect(focus).toMatchObject({ status: 'checked' });
  expect(focus!.detail).toMatch(/, and focus moved$/);
});

test('a click the app ignores passes unverified, saying the page did not answer it', async () => {
  const [ignored] = await effects('answers.html', [button('Ignored')]);
  expect(ignored).toMatchObject({ status: 'unverified' });
  expect(ignored!.detail).toMatch(/reached the target at \(\d+, \d+\) \(button#ignored "Ignored"\), but the page did not answer it/);
});

test("a carousel's Next at its last slide is ignored: the three clicks that slid are checked, the fourth is not", async () => {
  const next = { type: 'click', target: { locate: [{ kind: 'role', role: 'button', name: 'Next slide' }] } };
  const seen = await effects('script-sliding.html', [next, next, next, next]);
  expect(seen.map((e) => e?.status)).toEqual(['checked', 'checked', 'checked', 'unverified']);
});

/** The page's HTML as a recording keeps it: before anything, and after the clicks on `buttons`. */
async function recorded(buttons: string[]): Promise<string> {
  const page = await browser.newPage();
  await page.goto(`${site.url}/answers.html`);
  for (const name of buttons) await page.getByRole('button', { name }).click();
  const html = await page.content();
  await page.close();
  return html;
}

async function replayRecorded(query: string, actions: unknown[], before: string[]) {
  const episode = inlineEpisode(`recorded${query}`, `${site.url}/answers.html${query}`, actions);
  before.forEach((html, i) => (episode.steps[i + 1]!.before = { html }));
  return runEpisode(browser, episode, { ...OPTIONS, out: tempDir('rw-answer-') });
}

test('an unanswered click whose recording shows an item added fails no-effect; answered, it is checked', async () => {
  const [start, afterAdd] = await Promise.all([recorded([]), recorded(['Add item'])]);
  const ignored = await replayRecorded('?busy', [button('Add item'), button('At once')], [start, afterAdd]);
  expect(ignored.status).toBe('failed');
  expect(ignored.steps[1]).toMatchObject({ status: 'failed', reason: 'no-effect' });
  expect(ignored.steps[1]!.message).toMatch(
    /^the recording shows the page changing after this click \(it added "item number 1"\); here the click's events reached the target, but the page did not answer it/,
  );
  const taken = await replayRecorded('', [button('Add item'), button('At once')], [start, afterAdd]);
  expect(taken.status, taken.message).toBe('passed');
  expect(taken.steps[1]!.effect).toMatchObject({ status: 'checked' });
});

test('an unanswered click whose recording shows no structural change stays unverified', async () => {
  const start = await recorded([]);
  const r = await replayRecorded('', [button('Ignored'), button('At once')], [start, start]);
  expect(r.status, r.message).toBe('passed');
  expect(r.steps[1]!.effect).toMatchObject({ status: 'unverified' });
});

test("a click Playwright sends (its target out of view when counted) is judged by the page's answer too", async () => {
  // The page scrolls to the target first: that is the click's approach, not the page's answer.
  const seen = await effects('answers.html', [button('Far answered'), button('At once'), button('Distant, not taken')]);
  expect(seen.map((e) => e?.status)).toEqual(['checked', 'checked', 'unverified']);
  expect(seen[0]!.detail).toMatch(/^the point \(\d+, \d+\) hits the target \(button#far "Far answered"\), and the DOM changed$/);
  expect(seen[2]!.detail).toMatch(
    /^the point \(\d+, \d+\) hits the target \(button#far-ignored "Distant, not taken"\), but the page did not answer it/,
  );
});
