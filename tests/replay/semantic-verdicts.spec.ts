import { expect, test } from '@playwright/test';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright';
import { SITE, serveSite } from '../support/fixture-site.js';
import { launch, replayFixture } from '../support/replay.js';

// library-save-record@1.49: steps 3–5 (0-based) start on library/index.html, 6 on the results
// (click "La casa de Bernarda Alba"), 7–8 on its record page.
const LIBRARY_INDEX_STEPS = [3, 4, 5];
const RESULTS_STEP = 6;

let browser: Browser;
test.beforeAll(async () => {
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
});

/** The fixture site with some files changed (each `[from, to]` replaced), served over the original. */
async function changedSite(changes: Record<string, [string, string][]>) {
  const dir = mkdtempSync(join(tmpdir(), 'rw-semantic-'));
  for (const [file, edits] of Object.entries(changes)) {
    let text = readFileSync(join(SITE, file), 'utf8');
    for (const [from, to] of edits) {
      if (!text.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`);
      text = text.split(from).join(to);
    }
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return serveSite([dir, SITE]);
}

const LONG_CREDITS = Array.from({ length: 12 }, (_, i) => `Built with framework ${i} by petehunt and friends.`).join(' ');
const FOOTER = '<footer class="site">Demo catalogue with eight records.</footer>';

const verdicts = (r: { steps: { index: number; compare?: { verdict: string } }[] }) =>
  Object.fromEntries(r.steps.filter((s) => s.compare).map((s) => [s.index, s.compare!.verdict]));

test('footer credits rewritten: drift on those pages, never diverged, the final page still verified, and the episode passes', async () => {
  const site = await changedSite({
    'library/index.html': [[FOOTER, `<footer class="site">Demo catalogue with eight records. ${LONG_CREDITS}</footer>`]],
    'library/record.html': [['</main>', `</main><footer class="site">${LONG_CREDITS}</footer>`]],
  });
  try {
    const r = await replayFixture(browser, 'library-save-record@1.49', site.url);
    expect(r.status, r.message).toBe('passed');
    expect(r.firstDivergence).toBeUndefined();
    for (const i of LIBRARY_INDEX_STEPS) {
      const c = r.steps[i]!.compare!;
      expect(c.verdict, `step ${i}`).toBe('drift');
      expect(c.reasons).toContain('content-drift');
      // The whole page reads very differently (the old whole-page rule called it diverged) …
      expect(c.textSimilarity!).toBeLessThan(0.8);
      // … but not where the step works.
      expect(c.mainTextSimilarity).toBe(1);
      expect(c.controlSimilarity).toBe(1);
    }
    // The record page (steps 7–8, and the final state) gained credits only.
    expect(r.drift).toEqual([...LIBRARY_INDEX_STEPS, 7, 8]);
    expect(r.final).toMatchObject({ textSimilarity: 1, verified: true });
  } finally {
    await site.close();
  }
});

test('a cookie banner and a rebuilt front end (wrappers, classes) are drift, not diverged', async () => {
  const banner = `<div class="cookie-banner"><p>We use cookies to improve this catalogue. ${LONG_CREDITS}</p><button>Accept all cookies</button></div>`;
  const wrappers = Array.from({ length: 14 }, (_, i) => `<div class="css-${i}x"><span class="ico"></span></div>`).join('');
  const site = await changedSite({
    'library/index.html': [
      ['<body>', `<body>${banner}`],
      ['<main>', `<main>${wrappers}`],
      ['<div class="field">', '<div class="MuiFormControl-root field" data-v-1a2b>'],
    ],
  });
  try {
    const r = await replayFixture(browser, 'library-save-record@1.49', site.url);
    expect(r.status, r.message).toBe('passed');
    expect(r.firstDivergence).toBeUndefined();
    for (const i of LIBRARY_INDEX_STEPS) {
      const c = r.steps[i]!.compare!;
      expect(c.verdict, `step ${i}: ${JSON.stringify(c)}`).toBe('drift');
      expect(c.structureSimilarity!).toBeLessThan(0.7);
      expect(c.reasons).toContain('element-moved');
    }
  } finally {
    await site.close();
  }
});

test("the target's row missing from the live list, or another book in its place, is diverged (target-missing)", async () => {
  const row =
    "  { id: 4, title: 'La casa de Bernarda Alba', author: 'Federico García Lorca', year: 1945, signature: 'T GAR cas', copies: 1 },\n";
  for (const [what, to] of [
    ['removed', ''],
    ['replaced', row.replace('La casa de Bernarda Alba', 'La casa de los espíritus')],
  ] as const) {
    const site = await changedSite({ 'library/books.js': [[row, to]] });
    try {
      // --strict: only the recorded selector finds targets, so no fallback can stand in for the book.
      const r = await replayFixture(browser, 'library-save-record@1.49', site.url, { strict: true });
      const c = r.steps[RESULTS_STEP]!.compare!;
      expect(c.verdict, what).toBe('diverged');
      expect(c.reasons).toContain('target-missing');
      expect(c.target).toEqual({ recorded: true, live: false });
      // Another book in its place: the page reads almost the same (text alone would only have drifted).
      if (what === 'replaced') expect(c.textSimilarity!).toBeGreaterThan(0.9);
      expect(r.firstDivergence).toBe(RESULTS_STEP);
      // A row gone is also changed content: the episode failed diverged there. Another book in its
      // place is only the target missing: the step's own failure (target not found) tells it.
      expect(r).toMatchObject({ status: 'failed', reason: what === 'removed' ? 'diverged' : 'target-not-found', failedStep: RESULTS_STEP });
      // The steps before it are on pages that did not change.
      for (const i of [3, 4, 5]) expect(r.steps[i]!.compare!.verdict).toBe('match');
    } finally {
      await site.close();
    }
  }
});

test('a renamed button the step still finds (by a fallback): its before-state is drift with target-missing, and the episode passes', async () => {
  // "Submit declaration" is now "Send declaration": the before-state cannot find the recorded name,
  // the step finds the button by similarity and clicks it.
  const site = await changedSite({ 'tax/index.html': [['Submit declaration', 'Send declaration']] });
  try {
    const r = await replayFixture(browser, 'tax-submit-declaration@1.49', site.url);
    expect(r.status, r.message).toBe('passed');
    const step = r.steps[12]!;
    expect(step).toMatchObject({ status: 'passed', resolvedBy: 'similarity' });
    expect(step.compare).toMatchObject({ verdict: 'drift', target: { recorded: true, live: false } });
    expect(step.compare!.reasons).toContain('target-missing');
    expect(r.firstDivergence).toBeUndefined();
  } finally {
    await site.close();
  }
});

test('a zero-width space in a control name and a bidi mark in the heading read as the recorded text: match', async () => {
  // U+200B inside "Search" and a left-to-right mark after the heading render as the recorded text does.
  const site = await changedSite({
    'library/index.html': [
      ['<button type="submit">Search</button>', '<button type="submit">Sea\u200Brch</button>'],
      ['<h1>Public library catalogue</h1>', '<h1>Public library catalogue\u200E</h1>'],
    ],
  });
  try {
    const r = await replayFixture(browser, 'library-save-record@1.49', site.url);
    for (const i of LIBRARY_INDEX_STEPS) {
      const c = r.steps[i]!.compare!;
      expect(c.verdict, `step ${i}: ${JSON.stringify(c)}`).toBe('match');
    }
    expect(r.steps[5]!.compare!.target).toEqual({ recorded: true, live: true });
  } finally {
    await site.close();
  }
});

test('--fail-on drift fails an episode whose only difference is drift (the default passes it: first test)', async () => {
  const site = await changedSite({
    'library/index.html': [[FOOTER, `<footer class="site">Demo catalogue with eight records. ${LONG_CREDITS}</footer>`]],
  });
  try {
    const strict = await replayFixture(browser, 'library-save-record@1.49', site.url, { failOn: 'drift' });
    expect(strict).toMatchObject({ status: 'failed', reason: 'drift' });
    expect(strict.failedStep).toBeUndefined();
    expect(strict.message).toMatch(
      /^step 4 \(.+\): the page before it drifted from the recorded one \(.*content-drift.*\).*\(--fail-on drift\)$/,
    );
    // Every step ran and passed: only the policy failed it.
    expect(strict.steps.every((s) => s.status === 'passed')).toBe(true);
  } finally {
    await site.close();
  }
});

test('--fail-on never passes an episode whose before-state diverged, and still reports the divergence', async () => {
  // The catalogue page now says something else where the steps work; the form is still there.
  const other =
    '<h1>Municipal archive opening hours</h1><p>The archive reading room opens Monday to Thursday mornings; bring an identity document and book your seat two weeks ahead through the archive office by telephone or in person at the front desk.</p>';
  const site = await changedSite({ 'library/index.html': [['<h1>Public library catalogue</h1>', other]] });
  try {
    const byDefault = await replayFixture(browser, 'library-save-record@1.49', site.url);
    expect(byDefault).toMatchObject({ status: 'failed', reason: 'diverged', firstDivergence: 3 });
    expect(byDefault.steps[3]!.compare).toMatchObject({ verdict: 'diverged', reasons: expect.arrayContaining(['content-drift']) });

    const never = await replayFixture(browser, 'library-save-record@1.49', site.url, { failOn: 'never' });
    expect(never.status, never.message).toBe('passed');
    expect(never.firstDivergence).toBe(3);
    expect(verdicts(never)[3]).toBe('diverged');
  } finally {
    await site.close();
  }
});

test('a step that removes its own target: the next before-state is judged against the recording, which shows it gone too', async () => {
  // board-add-move-delete@1.49: step 7 (index 6) deletes the card it clicks; step 8 (closePage,
  // index 7) starts where the card is gone, as in the recording.
  const site = await serveSite();
  try {
    const r = await replayFixture(browser, 'board-add-move-delete@1.49', site.url);
    expect(r.status, r.message).toBe('passed');
    expect(r.steps[6]).toMatchObject({ status: 'passed', action: 'click' });
    expect(r.steps[7]!.action).toBe('closePage');
    expect(r.steps[7]!.compare!.verdict).not.toBe('diverged');
    expect(r.firstDivergence).toBeUndefined();
  } finally {
    await site.close();
  }
});
