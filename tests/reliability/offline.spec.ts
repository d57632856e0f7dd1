import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { isLoopback } from '../../src/replay/offline.js';
import { serveSite, tempDir } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';
import { runArgv, results, start } from '../scale/support.js';
import { STACK_LINE } from '../bad-input/support.js';
import { line, ORIGIN, writeCodegen, writeGoodEpisode } from './support.js';

// --offline / --har: a live replay with nothing leaving the machine.
test.setTimeout(240_000);

type Line = ReturnType<typeof results>[number] & { message?: string };

test('--har: the tax-form episode replays from a HAR recorded at test time, with the fixture server stopped', async () => {
  const site = await serveSite();
  const har = join(tempDir('rw-har-'), 'tax.har');
  const browser = await launch();
  try {
    const context = await browser.newContext({ recordHar: { path: har, mode: 'full', content: 'embed' } });
    const page = await context.newPage();
    await page.goto(`${site.url}/tax/`);
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Help' }).click();
    await (await popup).waitForLoadState('load');
    await context.close(); // writes the HAR
  } finally {
    await browser.close();
    await site.close();
  }
  // The server is gone: only the HAR can answer.
  await expect(fetch(`${site.url}/tax/`)).rejects.toThrow();

  const data = tempDir('rw-har-data-');
  writeGoodEpisode(data, 'tax-form');
  const out = tempDir('rw-har-out-');
  const args = runArgv(data, out, '--map-url', `${ORIGIN}=${site.url}`, '--trace', 'off');
  const r = await start([...args, '--offline', '--har', har]).done;
  expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(results(out).map((l) => [l.episode, l.status])).toEqual([['tax-form', 'passed']]);

  // Without the HAR the same run cannot reach the page: the HAR really was what answered.
  const noHar = tempDir('rw-har-out2-');
  const without = await start(runArgv(data, noHar, '--map-url', `${ORIGIN}=${site.url}`, '--trace', 'off', '--offline')).done;
  expect(without.code).toBe(1);
  expect((results(noHar)[0] as Line).status).not.toBe('passed');

  // A missing HAR file is a usage error, not a stack trace.
  const missing = await start([...args, '--har', join(data, 'nope.har')]).done;
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('--har');
  expect(missing.stdout + missing.stderr).not.toMatch(STACK_LINE);
});

test('--offline: loopback still replays, a request to any other host is blocked before it leaves', async () => {
  const site = await serveSite();
  try {
    const data = tempDir('rw-offline-');
    writeGoodEpisode(data, '1-loopback');
    // 203.0.113.0/24 is TEST-NET-3: never a real host, and never asked here.
    writeCodegen(data, '2-remote', line.openPage, line.navigate('http://203.0.113.7/'), line.closePage);
    const out = tempDir('rw-offline-out-');
    const r = await start(runArgv(data, out, '--map-url', `${ORIGIN}=${site.url}`, '--trace', 'off', '--offline')).done;
    expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
    const [loop, remote] = results(out) as Line[];
    expect(loop).toMatchObject({ episode: '1-loopback', status: 'passed' });
    expect(remote).toMatchObject({ episode: '2-remote', status: 'failed', failedStep: 1 });
    expect(remote!.message).toContain('ERR_BLOCKED_BY_CLIENT');
  } finally {
    await site.close();
  }
});

test('isLoopback', () => {
  for (const u of [
    'http://127.0.0.1:8080/x',
    'http://localhost/',
    'https://app.localhost/',
    'http://[::1]:3000/',
    'ws://127.0.0.1:9/s',
    'data:text/html,hi',
    'about:blank',
    'blob:http://127.0.0.1/1',
  ])
    expect(isLoopback(u), u).toBe(true);
  for (const u of [
    'http://203.0.113.7/',
    'https://example.com/',
    'http://127.0.0.1.evil.com/',
    'http://localhost.evil.com/',
    'file:///etc/passwd',
    'ftp://127.0.0.1/',
    'not a url',
  ])
    expect(isLoopback(u), u).toBe(false);
});
