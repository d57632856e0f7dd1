import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { tempDir } from '../support/fixture-site.js';
import { BIN, results, start } from '../scale/support.js';
import { STACK_LINE } from '../bad-input/support.js';
import { line, writeCodegen } from '../reliability/support.js';
import { blockedUrl } from '../../src/replay/sandbox/url-policy.js';
import { logServer } from './sandbox-support.js';
import { settingsFrom } from '../../replays/settings.js';

// Issue 17, attacks 2 and 3: a live replay navigates only to http(s) and about:blank unless told.
test.setTimeout(180_000);

type Row = ReturnType<typeof results>[number] & { message?: string; failedStep?: number; final?: { html: string } };

test('file:, chrome:, view-source:, data: and javascript: navigations fail blocked-url; --allow-url-scheme file lets local files replay', async () => {
  const site = await logServer({ '/': '<!doctype html><title>home</title><p>home page</p>' });
  try {
    const local = join(tempDir('rw-local-'), 'private.html');
    writeFileSync(local, '<p>LOCAL-FILE-MARKER-9931</p>');
    const fileUrl = pathToFileURL(local).href;
    const data = tempDir('rw-urls-');
    const visit = (name: string, url: string) => writeCodegen(data, name, line.openPage, line.navigate(`${site.url}/`), line.navigate(url));
    visit('1-file', fileUrl);
    visit('2-chrome', 'chrome://version');
    visit('3-javascript', `javascript:fetch('/js-ran').then(()=>document.title='ran')`);
    visit('4-data', 'data:text/html,<p>DATA-PAGE</p>');
    visit('5-view-source', `view-source:${site.url}/`);
    visit('6-http', `${site.url}/`);
    const out = tempDir('rw-urls-out-');
    const r = await start([BIN, 'run', data, '--out', out, '--workers', '1', '--trace', 'off', '--compare', 'off']).done;
    expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
    const rows = Object.fromEntries((results(out) as Row[]).map((l) => [l.episode, l]));
    for (const [id, scheme] of [
      ['1-file', 'file'],
      ['2-chrome', 'chrome'],
      ['3-javascript', 'javascript'],
      ['4-data', 'data'],
      ['5-view-source', 'view-source'],
    ] as const) {
      expect(rows[id], id).toMatchObject({ status: 'failed', reason: 'blocked-url', failedStep: 2 });
      expect(rows[id]!.message, id).toContain(`--allow-url-scheme ${scheme}`);
    }
    expect(rows['6-http']!.status).toBe('passed');
    // The javascript: URL never ran: its fetch did not arrive.
    expect(site.log.map((l) => l.url)).not.toContain('/js-ran');
    // Nothing of the local file reached an output.
    const finalHtml = rows['1-file']!.final ? readFileSync(join(out, rows['1-file']!.final.html), 'utf8') : '';
    expect(finalHtml).not.toContain('LOCAL-FILE-MARKER-9931');

    // Opted in: the same local file replays.
    const allowed = tempDir('rw-urls-allowed-');
    const again = await start([
      BIN,
      'run',
      data,
      '--out',
      allowed,
      '--workers',
      '1',
      '--trace',
      'off',
      '--compare',
      'off',
      '--episode',
      '1-file',
      '--allow-url-scheme',
      'file',
    ]).done;
    expect(again.code, again.stdout + again.stderr).toBe(0);
    const row = (results(allowed) as Row[])[0]!;
    expect(row.status).toBe('passed');
    expect(readFileSync(join(allowed, row.final!.html), 'utf8')).toContain('LOCAL-FILE-MARKER-9931');

    // A --start-url of a blocked scheme is a usage error.
    const bad = await start([BIN, 'run', data, '--out', tempDir(), '--start-url', fileUrl]).done;
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--start-url');
  } finally {
    await site.close();
  }
});

test('blockedUrl', () => {
  for (const u of ['http://127.0.0.1/', 'https://example.test/x', 'about:blank', 'HTTP://X/']) expect(blockedUrl(u), u).toBeUndefined();
  for (const u of [
    'file:///etc/passwd',
    'chrome://version',
    'chrome-extension://abc/x.html',
    'devtools://devtools/bundled/inspector.html',
    'view-source:http://x/',
    'data:text/html,x',
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'about:config',
    'no-scheme',
  ])
    expect(blockedUrl(u), u).toBeDefined();
  expect(blockedUrl('file:///x', ['file'])).toBeUndefined();
});

test('numeric options are validated: exit 2 naming the option', async () => {
  const data = tempDir('rw-num-');
  writeCodegen(data, 'e', line.openPage);
  for (const [flag, value] of [
    ['--timeout', 'abc'],
    ['--timeout', '-5'],
    ['--min-score', '2'],
    ['--slow-mo', 'NaN'],
    ['--from-step', '0'],
    ['--to-step', '1.5'],
    ['--max-artifact-bytes', 'Infinity'],
    ['--workers', '0'],
  ] as const) {
    const r = await start([BIN, 'run', data, '--out', tempDir(), flag, value]).done;
    expect(r.code, `${flag} ${value}`).toBe(2);
    expect(r.stderr, `${flag} ${value}`).toContain(flag);
    expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
  }
  const demo = await start([BIN, 'demo', '--out', tempDir(), '--timeout', 'abc']).done;
  expect(demo.code).toBe(2);
  expect(demo.stderr).toContain('--timeout');
});

test('the replays project validates REPLAYWRIGHT_TIMEOUT like --timeout', () => {
  for (const bad of ['abc', '-5', '0', 'Infinity'])
    expect(() => settingsFrom({}, { REPLAYWRIGHT_TIMEOUT: bad }), bad).toThrow(/^REPLAYWRIGHT_TIMEOUT expects a number \(ms\) > 0/);
  expect(settingsFrom({}, { REPLAYWRIGHT_TIMEOUT: '2500' }).timeoutMs).toBe(2500);
});
