import { expect, test } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { changedSiteCopy, serveSite, tempDir } from '../support/fixture-site.js';
import { useLiveSite } from '../support/live-site.js';
import { fixtureEpisode, replayFixture } from '../support/replay.js';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { DEFAULT_REPLAY_OPTIONS, runEpisode } from '../../src/replay/run-episode.js';

// library-save-record@1.49: steps 3–5 (0-based) start on library/index.html, 6 on the results,
// 7–8 on a record page; 1–2 on the portal home.
const LIBRARY_INDEX_STEPS = [3, 4, 5];

const live = useLiveSite();

/**
 * A bundled recording with every screenshot re-encoded by pngjs: the same pixels in other bytes,
 * as a recording made on another machine holds them.
 */
async function inOtherBytes(id: string) {
  const base = await fixtureEpisode(id);
  const dir = tempDir('rw-reencoded-');
  const steps = base.steps.map((s) => {
    if (!s.before?.screenshot) return s;
    const file = join(dir, `${s.index}.png`);
    writeFileSync(file, PNG.sync.write(PNG.sync.read(readFileSync(s.before.screenshot))));
    return { ...s, before: { ...s.before, screenshot: file } };
  });
  return { ...base, steps };
}

const replayEpisode = (episode: Awaited<ReturnType<typeof inOtherBytes>>, siteUrl: string) =>
  runEpisode(live.browser, episode, {
    ...DEFAULT_REPLAY_OPTIONS,
    timeoutMs: 3000,
    params: { verification_code: '482915' },
    urlMappings: [{ from: RECORDED_ORIGIN, to: siteUrl }],
    out: tempDir('rw-out-'),
  });

const verdicts = (r: { steps: { index: number; compare?: { verdict: string } }[] }) =>
  Object.fromEntries(r.steps.filter((s) => s.compare).map((s) => [s.index, s.compare!.verdict]));

test('an unchanged replay matches the recorded before-state at every step', async () => {
  for (const id of ['library-save-record@1.49', 'library-save-record@1.65']) {
    const r = await replayFixture(live.browser, id, live.site.url);
    expect(r.status, r.message).toBe('passed');
    const v = verdicts(r);
    expect(Object.keys(v).length).toBeGreaterThan(4);
    expect(
      Object.values(v).every((x) => x === 'match'),
      `${id}: ${JSON.stringify(v)}`,
    ).toBe(true);
    expect(r.firstDivergence).toBeUndefined();
  }
});

test('a recording in other bytes (same pixels) matches at every step, and a changed heading still drifts where it shows', async () => {
  // After its first step proves the recording another encoder's, an episode decodes each recorded
  // image during the live capture and captures in Chromium's faster encoding: verdicts stay the same.
  const episode = await inOtherBytes('library-save-record@1.49');
  const same = await replayEpisode(episode, live.site.url);
  expect(same.status, same.message).toBe('passed');
  const v = verdicts(same);
  expect(Object.keys(v).length).toBeGreaterThan(4);
  expect(
    Object.values(v).every((x) => x === 'match'),
    JSON.stringify(v),
  ).toBe(true);
  const changed = await serveSite(
    changedSiteCopy('library/index.html', '<h1>Public library catalogue</h1>', '<h1>Public library catalogue (new)</h1>'),
  );
  try {
    const r = await replayEpisode(episode, changed.url);
    expect(r.drift).toEqual(LIBRARY_INDEX_STEPS);
    for (const i of LIBRARY_INDEX_STEPS) expect(r.steps[i]!.compare!.pixelRatio, `step ${i}`).toBeGreaterThan(0);
  } finally {
    await changed.close();
  }
});

test('a hover the recording had and the replay has not yet made is visual-only drift, nothing more', async () => {
  // The recorded before-state of "click Delete" shows the card hovered (its Delete visible);
  // before the replay reveals it, the live card is at rest.
  const r = await replayFixture(live.browser, 'board-add-move-delete@1.65', live.site.url);
  expect(r.status, r.message).toBe('passed');
  expect(r.drift).toEqual([6]);
  expect(r.steps[6]!.compare).toMatchObject({ verdict: 'drift', reasons: ['visual-only'] });
});

test('a changed heading drifts (content-drift) on the steps that start on that page only', async () => {
  const changed = await serveSite(
    changedSiteCopy('library/index.html', '<h1>Public library catalogue</h1>', '<h1>Public library catalogue (new)</h1>'),
  );
  try {
    const r = await replayFixture(live.browser, 'library-save-record@1.49', changed.url);
    expect(r.status, r.message).toBe('passed');
    for (const s of r.steps.filter((s) => s.compare)) {
      if (LIBRARY_INDEX_STEPS.includes(s.index)) {
        expect(s.compare, `step ${s.index}`).toMatchObject({ verdict: 'drift' });
        expect(s.compare!.reasons).toContain('content-drift');
        expect(s.compare!.images?.diff).toBeTruthy();
      } else {
        expect(s.compare!.verdict, `step ${s.index}`).toBe('match');
      }
    }
    expect(r.drift).toEqual(LIBRARY_INDEX_STEPS);
  } finally {
    await changed.close();
  }
});

test('an inserted banner is a layout shift of the banner height', async () => {
  const banner = '<div style="height:64px;margin:0;background:#ffd666">Service notice</div>';
  const changed = await serveSite(changedSiteCopy('library/index.html', '<header class="site">', `${banner}<header class="site">`));
  try {
    const r = await replayFixture(live.browser, 'library-save-record@1.49', changed.url);
    const s = r.steps[3]!;
    expect(s.compare!.reasons).toContain('layout-shift');
    expect(s.compare!.shiftPx).toBe(64);
    expect(s.compare!.verdict).toBe('drift');
  } finally {
    await changed.close();
  }
});

test('landing somewhere else diverges at the first step after it, and names it as the episode failure', async () => {
  // The portal's link to the catalogue now points at the tax form: a wrong start for the rest.
  const changed = await serveSite(changedSiteCopy('index.html', 'href="library/"', 'href="tax/"'));
  try {
    const r = await replayFixture(live.browser, 'library-save-record@1.49', changed.url);
    expect(r.firstDivergence).toBe(3);
    expect(r.steps[3]!.compare).toMatchObject({ verdict: 'diverged' });
    expect(r.status).toBe('failed');
    expect(r.reason).toBe('diverged');
    expect(r.message).toContain('step 4');
    const stopped = await replayFixture(live.browser, 'library-save-record@1.49', changed.url, { stopAtFirstDivergence: true });
    expect(stopped.steps[3]).toMatchObject({ status: 'failed', reason: 'diverged' });
    expect(stopped.steps.slice(4).every((s) => s.status === 'skipped')).toBe(true);
  } finally {
    await changed.close();
  }
});

test('after a lone `press Shift` the before-state is not captured again: the one before it is compared', async () => {
  const base = await fixtureEpisode('library-save-record@1.49');
  // A recorder's stray Shift before step 4 (0-based 3 starts on the library index); the Shift
  // step carries the before-state of the step it precedes, as a recording would.
  const at = 3;
  const shift = { ...base.steps[at]!, action: { type: 'press' as const, key: 'Shift', modifiers: [] }, expect: [] };
  const steps = [...base.steps.slice(0, at), shift, ...base.steps.slice(at)].map((s, index) => ({ ...s, index }));
  const out = tempDir('rw-out-');
  const r = await runEpisode(
    live.browser,
    { ...base, steps },
    {
      ...DEFAULT_REPLAY_OPTIONS,
      timeoutMs: 3000,
      params: { verification_code: '482915' },
      urlMappings: [{ from: RECORDED_ORIGIN, to: live.site.url }],
      out,
    },
  );
  expect(r.status, r.message).toBe('passed');
  expect(r.steps[at]!.compare).toMatchObject({ verdict: 'match' });
  expect(r.steps[at]!.compare!.reusedCapture).toBeUndefined();
  expect(r.steps[at + 1]!.compare).toMatchObject({ verdict: 'match', reusedCapture: true });
  // A step that can change the page (the click after) is captured afresh.
  expect(r.steps[at + 2]!.compare?.reusedCapture).toBeUndefined();
});

test('a recorded screenshot that is no readable PNG: the DOM and URL still judge the step, which says its pixels were not compared; with only pixels to compare, the step says it was not compared', async () => {
  const base = await fixtureEpisode('library-save-record@1.49');
  const at = LIBRARY_INDEX_STEPS[0]!;
  const broken = join(tempDir('rw-broken-png-'), 'truncated.png');
  writeFileSync(broken, readFileSync(base.steps[at]!.before!.screenshot!).subarray(0, 400));
  const episode = { ...base, steps: base.steps.map((s) => (s.index === at ? { ...s, before: { ...s.before, screenshot: broken } } : s)) };
  const all = await replayEpisode(episode, live.site.url);
  expect(all.status, all.message).toBe('passed');
  const step = all.steps[at]!;
  expect(step.compare).toMatchObject({ verdict: 'match' });
  expect(step.compare!.pixelRatio).toBeUndefined();
  expect(step.compare!.pixelsNotCompared).toContain(`pixels not compared`);
  expect(step.notes).toContainEqual(expect.stringContaining(`(recorded screenshot ${broken})`));
  // Neither DOM nor URL compared: no verdict made up from nothing.
  const pixelsOnly = await runEpisode(live.browser, episode, {
    ...DEFAULT_REPLAY_OPTIONS,
    compare: { ...DEFAULT_REPLAY_OPTIONS.compare, mode: 'screenshot' },
    timeoutMs: 3000,
    params: { verification_code: '482915' },
    urlMappings: [{ from: RECORDED_ORIGIN, to: live.site.url }],
    out: tempDir('rw-out-'),
  });
  expect(pixelsOnly.steps[at]!.compare).toBeUndefined();
  expect(pixelsOnly.steps[at]!.notes).toContainEqual(
    expect.stringMatching(/^not compared with the recording: pixels not compared: .*truncated\.png\)$/),
  );
  expect(pixelsOnly.steps[at + 1]!.compare).toBeDefined();
});
