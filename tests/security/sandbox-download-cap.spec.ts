import { statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { tempDir } from '../support/fixture-site.js';
import { runArgv, results, start } from '../scale/support.js';
import { STACK_LINE } from '../bad-input/support.js';
import { line, writeCodegen } from '../reliability/support.js';
import { logServer } from './sandbox-support.js';

// Issue 17, attack 8: a download counts against --max-artifact-bytes.
test.setTimeout(180_000);

const BIG = 24 * 1024 * 1024;

test('a 24 MB download under --max-artifact-bytes 1000000 is streamed, cut at the cap and noted on the step', async () => {
  const site = await logServer({
    '/': '<!doctype html><title>dl</title><a href="/big.bin" download>Get</a>',
    '/big.bin': (res) => {
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(BIG),
        'content-disposition': 'attachment; filename="big.bin"',
      });
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      let sent = 0;
      const pump = () => {
        while (sent < BIG) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => undefined);
      pump();
    },
  });
  try {
    const data = tempDir('rw-dl-');
    writeCodegen(data, 'big', line.openPage, line.navigate(`${site.url}/`), {
      ...line.click('text=Get'),
      signals: [{ name: 'download', downloadAlias: 'download' }],
    });
    const out = tempDir('rw-dl-out-');
    const r = await start(runArgv(data, out, '--trace', 'off', '--compare', 'off', '--max-artifact-bytes', '1000000')).done;
    expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
    const row = results(out)[0] as ReturnType<typeof results>[number] & { steps: { downloads?: string[]; notes?: string[] }[] };
    const step = row.steps[2]!;
    expect(step.downloads).toHaveLength(1);
    expect(statSync(join(out, step.downloads![0]!)).size).toBe(1_000_000);
    expect(step.notes?.join('\n')).toContain('cut at 1000000 bytes');
  } finally {
    await site.close();
  }
});
