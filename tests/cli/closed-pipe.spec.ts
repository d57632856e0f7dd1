import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { tempDir } from '../support/fixture-site.js';
import { BIN, STACK } from '../support/cli.js';

// `replaywright inspect big/ | head -1`: the reader goes away after one line.
test('output into a pipe closed early ends quietly, not with an EPIPE stack trace', async () => {
  const dir = tempDir('rw-pipe-');
  mkdirSync(join(dir, 'flows'));
  const steps = Array.from({ length: 40 }, (_, i) => ({
    type: 'click',
    selectors: [[`aria/Button ${i}`], [`#b${i}`]],
    offsetX: 1,
    offsetY: 1,
  }));
  for (let i = 0; i < 60; i++)
    writeFileSync(join(dir, 'flows', `f${String(i).padStart(2, '0')}.json`), JSON.stringify({ title: `Flow ${i}`, steps }));
  const child = spawn(process.execPath, [BIN, 'inspect', join(dir, 'flows')], { env: { ...process.env, REPLAYWRIGHT_LOG_LEVEL: 'warn' } });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  expect(stderr).not.toMatch(STACK);
  expect(stderr).not.toContain('EPIPE');
  expect(code).toBe(0);
});
