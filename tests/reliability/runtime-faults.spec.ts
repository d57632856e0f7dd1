import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { tempDir } from '../support/fixture-site.js';
import { useSite } from '../support/live-site.js';
import { runArgv, childEnv, results, start, waitFor } from '../scale/support.js';
import { STACK_LINE } from '../bad-input/support.js';
import { chromiumChildren, line, ORIGIN, writeCodegen, writeGoodEpisode } from './support.js';

// A renderer that crashes and a browser killed mid-episode: that episode is an `error` naming
// the cause, the browser is relaunched, and the next episode passes.
test.setTimeout(240_000);

const site = useSite();

type Line = ReturnType<typeof results>[number] & { message?: string; failedStep?: number };

test('a page that crashes its renderer (chrome://crash) ends as error browser-crashed; the next episode passes', async () => {
  const data = tempDir('rw-crash-');
  writeCodegen(
    data,
    '1-crash',
    line.openPage,
    line.navigate(`${ORIGIN}/tax/`),
    line.navigate('chrome://crash'),
    line.click('internal:label="NIF"i'),
    line.closePage,
  );
  writeGoodEpisode(data, '2-good');
  const out = tempDir('rw-crash-out-');
  // chrome: URLs are blocked by default (blocked-url); this test opts in to reach the crash page.
  const r = await start(runArgv(data, out, '--map-url', `${ORIGIN}=${site.url}`, '--trace', 'off', '--allow-url-scheme', 'chrome')).done;
  expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
  expect(r.code, r.stderr).toBe(1);
  const [crash, good] = results(out) as Line[];
  expect(crash).toMatchObject({ episode: '1-crash', status: 'error', reason: 'browser-crashed', failedStep: 2 });
  expect(crash!.message).toContain("the page's renderer crashed");
  expect(good).toMatchObject({ episode: '2-good', status: 'passed' });
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
  expect(summary.episodes).toMatchObject({ total: 2, passed: 1, error: 1 });
});

test('the browser process killed (SIGKILL) mid-episode: that episode is an error, the browser is relaunched, the next passes', async () => {
  const data = tempDir('rw-kill-');
  // A target that never appears: the episode waits in its click step until the kill.
  writeCodegen(
    data,
    '1-killed',
    line.openPage,
    line.navigate(`${ORIGIN}/tax/`),
    line.click('internal:role=button[name="Never there"i]'),
    line.closePage,
  );
  writeGoodEpisode(data, '2-good');
  const out = tempDir('rw-kill-out-');
  const { child, done } = start(
    runArgv(data, out, '--map-url', `${ORIGIN}=${site.url}`, '--timeout', '60000', '--trace', 'off', '--log-format', 'json'),
    { env: childEnv({ REPLAYWRIGHT_LOG_LEVEL: 'info' }) },
  );
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  await waitFor(
    () => (/"episode":"1-killed"[^\n]*"msg":"episode started"/.test(stderr) ? true : undefined),
    60_000,
    'the first episode to start',
  );
  const browsers = await waitFor(
    () => {
      const b = chromiumChildren(child.pid!);
      return b.length ? b : undefined;
    },
    30_000,
    'the Chromium process',
  );
  expect(browsers).toHaveLength(1);
  // Not a timing assertion: the step waits up to 60 s, so any moment now is mid-episode.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  process.kill(browsers[0]!, 'SIGKILL');
  const r = await done;
  expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
  expect(r.code, r.stderr).toBe(1);
  const [killed, good] = results(out) as Line[];
  expect(killed).toMatchObject({ episode: '1-killed', status: 'error', reason: 'browser-crashed' });
  expect(killed!.message).toContain('the browser process exited');
  expect(good).toMatchObject({ episode: '2-good', status: 'passed' });
});
