import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { tempDir } from '../support/fixture-site.js';
import { useSite } from '../support/live-site.js';
import { BIN, childEnv, results, start, waitFor } from '../scale/support.js';
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
  writeCodegen(data, '2-slow', line.openPage, line.navigate(`${ORIGIN}/tax/`), line.click('internal:role=button[name="Never there"i]'), line.closePage);
  writeGoodEpisode(data, '3-good');
  return data;
}

function runUntilSlowStarts(out: string) {
  const run = start([BIN, 'run', dataset(), '--out', out, '--workers', '1', '--map-url', `${ORIGIN}=${site.url}`, '--timeout', '60000', '--trace', 'off', '--log-format', 'json'],
    { env: childEnv({ REPLAYWRIGHT_LOG_LEVEL: 'info' }) });
  let stderr = '';
  run.child.stderr!.on('data', (d) => (stderr += d));
  const slowStarted = waitFor(() => (/"episode":"2-slow"[^\n]*"msg":"episode started"/.test(stderr) ? true : undefined), 90_000, '2-slow to start');
  return { ...run, slowStarted, stderr: () => stderr };
}

for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
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
    expect(r.stdout).toMatch(new RegExp(`interrupted by ${signal}: (1 episodes read but not replayed, and the rest of the dataset was not read|2 episodes read but not replayed) \\(run again with --resume`));
    expect(r.stderr).toContain(`${signal}: stopping`);
  });
}

test('a second SIGINT exits at once, without waiting for the reports', async () => {
  const out = tempDir('rw-int2-out-');
  const run = runUntilSlowStarts(out);
  await run.slowStarted;
  run.child.kill('SIGINT');
  // The second signal comes a moment after the first (two at once may merge into one delivery),
  // well before the browsers are closed and the reports written.
  await new Promise((r) => setTimeout(r, 30));
  run.child.kill('SIGINT');
  const r = await run.done;
  expect(r.code, r.stderr).toBe(130);
  expect(r.stderr).toContain('SIGINT again: exiting now');
  expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
  // What finished before the first signal is on disk regardless.
  expect(results(out).map((l) => l.episode)).toEqual(['1-good']);
});
