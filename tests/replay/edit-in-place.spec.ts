import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';
import { FIXTURES, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';
import { inlineEpisode, launch } from '../support/replay.js';

// Playwright's recorders record typing into a contenteditable as a fill of its whole innerText
// (src/replay/edit-in-place.ts). Replayed as the edit the person made, the rest of the element —
// its formatting, its paragraphs — stays as it was; fixtures/effects/rich.html, judged by its final HTML.
let site: FixtureServer;
let browser: Browser;
test.beforeAll(async () => void ([site, browser] = await Promise.all([serveSite(join(FIXTURES, 'effects')), launch()])));
test.afterAll(async () => void (await Promise.all([browser?.close(), site?.close()])));

const OPTIONS = { ...DEFAULT_REPLAY_OPTIONS, compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'off' as const }, timeoutMs: 4000 };
const editor = (label: string) => ({ locate: [{ kind: 'label', text: label, exact: true }] });

async function replay(id: string, actions: unknown[]) {
  const out = tempDir('rw-rich-');
  const r = await runEpisode(browser, inlineEpisode(id, `${site.url}/rich.html`, actions), { ...OPTIONS, out });
  const html = r.final ? readFileSync(join(out, r.final.html), 'utf8') : '';
  // The editors' markup in the final page: up to the next editor (their comment), or the end of the body.
  const inner = (id: string) => html.match(new RegExp(`id="${id}"[^>]*>(.*?)</div>\\s*(<div id|<!--|</body)`, 's'))?.[1] ?? '';
  return { r, inner };
}

test('a paragraph added at the end, as the recorder writes it (the whole text, <p>s a blank line apart): one new <p>, the bold kept', async () => {
  const { r, inner } = await replay('append', [
    { type: 'fill', target: editor('Notes'), text: 'Team meeting\n\nReview the budget\n\nPlan the offsite\n\nBook the venue' },
  ]);
  expect(r.status, r.message).toBe('passed');
  expect(r.steps[1]!.effect).toMatchObject({ status: 'checked' });
  expect(r.steps[1]!.effect!.detail).toContain('the edit typed in place');
  expect(inner('notes')).toBe('<p>Team <b>meeting</b></p><p>Review the budget</p><p>Plan the offsite</p><p>Book the venue</p>');
});

test('a word replaced in the middle, and a paragraph removed: only that stretch changes', async () => {
  const replaced = await replay('replace', [
    { type: 'fill', target: editor('Notes'), text: 'Team meeting\n\nReview the costs\n\nPlan the offsite' },
  ]);
  expect(replaced.r.status, replaced.r.message).toBe('passed');
  expect(replaced.inner('notes')).toBe('<p>Team <b>meeting</b></p><p>Review the costs</p><p>Plan the offsite</p>');
  const removed = await replay('remove', [{ type: 'fill', target: editor('Notes'), text: 'Team meeting\n\nReview the budget' }]);
  expect(removed.r.status, removed.r.message).toBe('passed');
  expect(removed.inner('notes')).toBe('<p>Team <b>meeting</b></p><p>Review the budget</p>');
});

test('blocks of <div> a line apart: each new line is one Enter', async () => {
  const { r, inner } = await replay('divs', [{ type: 'fill', target: editor('List'), text: 'first\nsecond\nthird' }]);
  expect(r.status, r.message).toBe('passed');
  expect(inner('list')).toBe('<div>first</div><div>second</div><div>third</div>');
});

test('an edit that does not stay (Enter refused) fails the step, saying what the element holds, and never sets the whole text', async () => {
  const { r, inner } = await replay('refused', [{ type: 'fill', target: editor('Title'), text: 'Draft\nTwo' }]);
  expect(r.status).toBe('failed');
  expect(r.steps[1]!.status).toBe('failed');
  expect(r.steps[1]!.message).toContain('once the recorded edit was typed in place');
  expect(r.steps[1]!.message).toContain('"DraftTwo"');
  expect(inner('title')).toBe('DraftTwo');
});

test('the keys after a line break wait for the editor to make the line (fixtures/effects/late-break.html makes it a task later, as Trix does)', async () => {
  const out = tempDir('rw-late-');
  const episode = inlineEpisode('late-break', `${site.url}/late-break.html`, [
    { type: 'fill', target: editor('Note'), text: 'Plan the offsite\nBook the venue' },
  ]);
  const r = await runEpisode(browser, episode, { ...OPTIONS, out });
  expect(r.status, r.message).toBe('passed');
  expect(readFileSync(join(out, r.final!.html), 'utf8')).toContain('Plan the offsite<br>Book the venue');
});
