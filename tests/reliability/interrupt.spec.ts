import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { tempDir } from '../support/fixture-site.js';
import { useSite } from '../support/live-site.js';
import { runArgv, childEnv, results, ROOT, start, waitFor } from '../scale/support.js';
import { STACK_LINE } from '../bad-input/support.js';
import { line, ORIGIN, writeCodegen, writeGoodEpisode } from './support.js';

// SIGINT/SIGTERM during a CLI run: what finished is in results.jsonl, summary.json, junit.xml and
// the HTML report; the episode in flight is left out; exit 130/143. A second signal exits at once.
test.setTimeout(240_000);

const site = useSite();

/** 1-good passes, 2-slow waits (60 s step timeout) for a target that never appears, 3-good would pass. */
function dataset(): string {
  const data = tempDir('rw-int-');
  writeGoodEpisode(data, '1-good');
  writeCodegen(
    data,
    '2-slow',
    line.openPage,
    line.navigate(`${ORIGIN}/tax/`),
    line.click('internal:role=button[name="Never there"i]'),
    line.closePage,
  );
  writeGoodEpisode(data, '3-good');
  return data;
}

function runUntilSlowStarts(out: string) {
  const run = start(
    runArgv(dataset(), out, '--map-url', `${ORIGIN}=${site.url}`, '--timeout', '60000', '--trace', 'off', '--log-format', 'json'),
    { env: childEnv({ REPLAYWRIGHT_LOG_LEVEL: 'info' }) },
  );
  let stderr = '';
  run.child.stderr!.on('data', (d) => (stderr += d));
  const slowStarted = waitFor(
    () => (/"episode":"2-slow"[^\n]*"msg":"episode started"/.test(stderr) ? true : undefined),
    90_000,
    '2-slow to start',
  );
  return { ...run, slowStarted, stderr: () => stderr };
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  test(`${signal} mid-episode: reports for what finished, the episode in flight left out, exit ${code}`, async () => {
    const out = tempDir('rw-int-out-');
    const run = runUntilSlowStarts(out);
    await run.slowStarted;
    run.child.kill(signal);
    const r = await run.done;
    expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
    expect(r.code, r.stderr).toBe(code);
    expect(results(out).map((l) => [l.episode, l.status])).toEqual([['1-good', 'passed']]);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary).toMatchObject({ interrupted: signal, episodes: { total: 1, passed: 1 } });
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toContain('1-good');
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).not.toContain('2-slow');
    expect(existsSync(join(out, 'report', 'index.html'))).toBe(true);
    // 2-slow was in flight; 3-* may not have been read from the (streamed) dataset yet.
    expect(r.stdout).toMatch(
      new RegExp(
        `interrupted by ${signal}: (1 episodes read but not replayed, and the rest of the dataset was not read|2 episodes read but not replayed) \\(run again with --resume`,
      ),
    );
    expect(r.stderr).toContain(`${signal}: stopping`);
  });
}

test('a second SIGINT exits at once, without waiting for the reports', async () => {
  // The run's own handler in a process whose shutdown is made slow on purpose: a real CLI run
  // often finishes its reports before a second signal could arrive, which proves nothing.
  const run = start([join(ROOT, 'tests', 'reliability', 'slow-shutdown-child.mjs')]);
  let stdout = '';
  let stderr = '';
  run.child.stdout!.on('data', (d) => (stdout += d));
  run.child.stderr!.on('data', (d) => (stderr += d));
  await waitFor(() => (stdout.includes('ready') ? true : undefined), 30_000, 'the child to install its handlers');
  run.child.kill('SIGINT');
  await waitFor(() => (stderr.includes('shutdown started') ? true : undefined), 30_000, 'the first SIGINT to start the shutdown');
  const sent = Date.now();
  run.child.kill('SIGINT');
  const r = await run.done;
  expect(r.code, r.stderr).toBe(130);
  expect(r.stderr).toContain('SIGINT: stopping');
  expect(r.stderr).toContain('SIGINT again: exiting now');
  // "At once": long before the 60 s the shutdown would have taken (a generous bound, not a timing test).
  expect(Date.now() - sent).toBeLessThan(30_000);
});
