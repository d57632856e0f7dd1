import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { tempDir } from '../support/fixture-site.js';
import { BIN, results, start } from '../scale/support.js';
import { STACK_LINE } from '../bad-input/support.js';
import { line, writeCodegen } from '../reliability/support.js';
import { logServer } from './sandbox-support.js';

// Issue 17, attack 7: a hung page does not hang the run (no --episode-timeout given).
test.setTimeout(240_000);

type Row = ReturnType<typeof results>[number] & {
  message?: string;
  failedStep?: number;
  trace?: string;
  steps: { status: string; reason?: string }[];
};

test('a busy-looping renderer ends its episode error/page-hung naming the step; the next episode runs; no trace that was not written is named', async () => {
  const site = await logServer({
    '/hang': '<!doctype html><title>hang</title><button onclick="for (;;) {}">Spin</button><p>after</p>',
    '/ok': '<!doctype html><title>ok</title><p id=ok>fine</p>',
  });
  try {
    const data = tempDir('rw-hang-');
    const click = (selector: string) => ({ ...line.click(selector) });
    writeCodegen(data, '1-hang', line.openPage, line.navigate(`${site.url}/hang`), click('text=Spin'), click('text=after'));
    writeCodegen(data, '2-after', line.openPage, line.navigate(`${site.url}/ok`), {
      name: 'assertVisible',
      selector: '#ok',
      signals: [],
      pageAlias: 'page',
    });
    const out = tempDir('rw-hang-out-');
    const run = start([BIN, 'run', data, '--out', out, '--workers', '1', '--timeout', '2000', '--trace', 'on', '--compare', 'off']);
    // Before the watchdog the run never ended: give it a generous bound, then fail instead of hanging the suite.
    const bound = setTimeout(() => run.child.kill('SIGKILL'), 150_000);
    const r = await run.done.finally(() => clearTimeout(bound));
    expect(r.signal, 'the run hung and was killed').toBeNull();
    expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
    const rows = Object.fromEntries((results(out) as Row[]).map((l) => [l.episode, l]));
    expect(rows['1-hang']).toMatchObject({ status: 'error', reason: 'page-hung', failedStep: 2 });
    expect(rows['1-hang']!.message).toContain('step 3 (click');
    expect(rows['1-hang']!.steps.map((s) => s.reason ?? s.status)).toEqual(['passed', 'passed', 'page-hung', 'after-failure']);
    expect(rows['2-after']!.status).toBe('passed');
    for (const row of Object.values(rows)) if (row.trace) expect(existsSync(join(out, row.trace)), row.trace).toBe(true);
  } finally {
    await site.close();
  }
});
