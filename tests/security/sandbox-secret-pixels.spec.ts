import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { tempDir } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';
import { zipContents } from '../support/zip-entries.js';
import { runArgv, results, start } from '../scale/support.js';
import { STACK_LINE } from '../bad-input/support.js';
import { line, writeCodegen } from '../reliability/support.js';
import { Redactor } from '../../src/secrets.js';
import { logServer } from './sandbox-support.js';

// Issue 17, attack 6: a --secret the page echoes is masked in screenshots and scrubbed from
// text outputs in every spelling (character references, split by tags).
test.setTimeout(180_000);

const SECRET = 'Sekr3t-4711';
const PAGE = `<!doctype html><html><head><title>echo</title><style>body{margin:0;background:#fff} p,input{font:32px sans-serif;margin:20px;display:block}</style></head><body>
<p id=a>Token ${SECRET}</p>
<p id=b>Split Sek<b>r3t</b>-4711</p>
<p id=c>Ref &#83;ekr3t&#x2d;4711</p>
<input id=d value="${SECRET}" size=20>
<p id=plain>Nothing to hide here</p>
</body></html>`;

test('an echoed secret is masked in final.png and gone from final.html and trace.zip, whatever its spelling', async () => {
  const site = await logServer({ '/': PAGE });
  try {
    const data = tempDir('rw-pix-');
    writeCodegen(data, 'echo', line.openPage, line.navigate(`${site.url}/`), {
      name: 'assertVisible',
      selector: '#plain',
      signals: [],
      pageAlias: 'page',
    });
    const out = tempDir('rw-pix-out-');
    const r = await start(runArgv(data, out, '--trace', 'on', '--compare', 'dom', '--secret', `TOKEN=${SECRET}`)).done;
    expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
    const row = results(out)[0] as ReturnType<typeof results>[number] & { final: { html: string; screenshot: string }; trace: string };
    expect(row.status).toBe('passed');

    // Where each echo sits on the page, from the same page in a browser of our own.
    const browser = await launch();
    const boxes: Record<string, { x: number; y: number; width: number; height: number }> = {};
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      await page.goto(`${site.url}/`);
      for (const id of ['a', 'b', 'c', 'd', 'plain']) boxes[id] = (await page.locator(`#${id}`).boundingBox())!;
    } finally {
      await browser.close();
    }
    const png = PNG.sync.read(readFileSync(join(out, row.final.screenshot)));
    const rgb = (x: number, y: number) => {
      const i = (Math.round(y) * png.width + Math.round(x)) * 4;
      return [png.data[i], png.data[i + 1], png.data[i + 2]];
    };
    const inkAt = (b: { x: number; y: number; width: number; height: number }) => {
      // Every pixel of the left part of the box (where the text is): masked means one flat colour.
      const seen = new Set<string>();
      for (let x = b.x + 2; x < b.x + Math.min(b.width, 300) - 2; x += 3)
        for (let y = b.y + 2; y < b.y + b.height - 2; y += 3) seen.add(rgb(x, y).join(','));
      return seen;
    };
    for (const id of ['a', 'b', 'c', 'd']) expect([...inkAt(boxes[id]!)], `#${id} is one flat mask colour`).toEqual(['255,0,255']);
    // The control: text that holds no secret is still drawn (several colours).
    expect(inkAt(boxes.plain!).size).toBeGreaterThan(1);

    const html = readFileSync(join(out, row.final.html), 'utf8');
    expect(html).toContain('Nothing to hide here');
    expect(html).not.toMatch(/r3t/);
    expect(html).not.toContain('&#83;ekr3t');
    for (const e of zipContents(join(out, row.trace))) {
      const text = e.data.toString('latin1');
      expect(text, e.name).not.toContain(SECRET);
      expect(text, e.name).not.toContain('&#83;ekr3t&#x2d;4711');
      expect(text, e.name).not.toContain('Sek<b>r3t</b>-4711');
    }
  } finally {
    await site.close();
  }
});

test('Redactor reads markup: character references decoded, tags in between skipped', () => {
  const r = new Redactor([{ name: 'T', value: 'hunter2' }]);
  expect(r.scrub('<p>hun<b>ter</b>2</p>')).toBe('<p>[secret:T]</p>');
  expect(r.scrub('x &#104;unter&#x32; y')).toBe('x [secret:T] y');
  expect(r.scrub('a &lt;b&gt; hunter 2 & co')).toBe('a &lt;b&gt; hunter 2 & co');
  expect(r.scrubBytes(Buffer.from('<i>h</i>&#117;nter2')).toString()).toBe('<i>[secret:T]');
});
