import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { tempDir } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';
import { BIN, results, start } from '../scale/support.js';
import { STACK_LINE } from '../bad-input/support.js';
import { line, writeCodegen } from '../reliability/support.js';
import { inertHtml } from '../../src/replay/sandbox/inert-html.js';
import { logServer } from './sandbox-support.js';

// Issue 17, attack 5: final.html, which the report links to, opens inert.
test.setTimeout(180_000);

/** A page whose scripts phone home when opened from disk (as from the report), by every means. */
const hostile = (origin: string) => `<!doctype html><html><head><title>hostile</title>
<script>if (location.protocol === 'file:') { fetch('${origin}/script-ran'); new Image().src = '${origin}/image-from-script'; try { new WebSocket('${origin.replace('http', 'ws')}/ws'); } catch {} }</script>
</head><body data-rw-candidate="0-3"><p id=t data-rw-reveal="1">Visible text stays</p>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" onload="if (location.protocol === 'file:') fetch('${origin}/handler-ran')">
<a id=l href="javascript:fetch('${origin}/js-url-ran')">link</a>
<iframe srcdoc="<script>fetch('${origin}/srcdoc-ran')</script>"></iframe>
<img src="${origin}/remote-image.png" alt="">
</body></html>`;

test('final.html is saved inert: opened from disk nothing runs or connects, and our data-rw-* marks are gone', async () => {
  // `site` stands for the outside world the page phones; `real` serves the page.
  const site = await logServer({});
  const real = await logServer({ '/': hostile(site.url) });
  try {
    const data = tempDir('rw-inert-');
    writeCodegen(data, 'hostile', line.openPage, line.navigate(`${real.url}/`), {
      name: 'assertVisible',
      selector: '#t',
      signals: [],
      pageAlias: 'page',
    });
    const out = tempDir('rw-inert-out-');
    const r = await start([BIN, 'run', data, '--out', out, '--workers', '1', '--trace', 'off', '--compare', 'off']).done;
    expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
    const row = results(out)[0] as ReturnType<typeof results>[number] & { final: { html: string } };
    expect(row.status).toBe('passed');
    const file = join(out, row.final.html);
    const saved = readFileSync(file, 'utf8');
    expect(saved).toContain('Visible text stays');

    // Open it the way the report's link does: a file:// URL in a normal browser.
    site.log.length = 0; // the live replay itself loaded the remote image
    const browser = await launch();
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(pathToFileURL(file).href);
      await page
        .locator('#l')
        .click()
        .catch(() => undefined);
      await page.waitForTimeout(1500);
      await expect(page.locator('#t')).toHaveText('Visible text stays');
      await context.close();
    } finally {
      await browser.close();
    }
    expect(site.log).toEqual([]);
    expect(saved).not.toContain('data-rw-');
  } finally {
    await site.close();
    await real.close();
  }
});

test('inertHtml drops scripts, handlers, script URLs, srcdoc, plugins, refreshes and <base>, keeps text', () => {
  const out = inertHtml(
    `<!DOCTYPE html><html><head><base href="http://x/"><meta http-equiv="refresh" content="0;url=http://x"><script>alert(1)</script><title>T</title></head><body data-rw-candidate="0-1"><p onclick="x()" class=a>hi &amp; bye</p><a href=" javascript:alert(1)">l</a><img src=x onerror=alert(1)><svg><script>1</script></svg><iframe srcdoc="<script>1</script>"></iframe><embed src=x><object data=x><p>fallback</p></object><script>unclosed`,
  );
  expect(out.startsWith('<!DOCTYPE html><meta http-equiv="Content-Security-Policy"')).toBe(true);
  for (const gone of ['<script', 'alert', 'onclick', 'onerror', 'srcdoc', '<base', 'refresh', '<embed', '<object', 'data-rw-', 'unclosed'])
    expect(out, gone).not.toContain(gone);
  for (const kept of ['hi &amp; bye', '<title>T</title>', 'class="a"', '<img src="x">', '<iframe>']) expect(out, kept).toContain(kept);
});
