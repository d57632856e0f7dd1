import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURES, tempDir } from '../support/fixture-site.js';
import { BIN, results, start } from '../scale/support.js';
import { STACK_LINE } from '../bad-input/support.js';
import { line, writeCodegen } from '../reliability/support.js';
import { LOCK_FILE } from '../../src/results/out-lock.js';
import { logServer } from './sandbox-support.js';

// Issue 17, attack 9 and the unclear errors: terminal escapes, the --out lock, calibration
// writes, encodings, NaN/Infinity and absurd coordinates.
test.setTimeout(240_000);

const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;

test('control characters from a dataset reach the terminal escaped (run and inspect)', async () => {
  const data = tempDir('rw-esc-');
  const id = 'evil\u001b]0;pwned\u0007\u001b[2J\u0000\r-id';
  const row = {
    id,
    language: 'en',
    intent: 'wipe \u001b[2J the screen\u0007',
    step: 1,
    input: '',
    requirements: '',
    outputs: '',
    anonymized_data: {},
    png_file: null,
    json_data: { browserCode: { name: 'openPage', url: 'about:blank', signals: [], pageAlias: 'page' } },
    html_data: '<html><body></body></html>',
  };
  writeFileSync(join(data, 'episodes.jsonl'), JSON.stringify(row) + '\n');
  const inspect = await start([BIN, 'inspect', data]).done;
  expect(inspect.code).toBe(0);
  expect(inspect.stdout).toContain('evil\\x1b]0;pwned\\x07');
  expect(inspect.stdout + inspect.stderr).not.toMatch(RAW_CONTROL);
  const run = await start([BIN, 'run', data, '--out', tempDir(), '--workers', '1', '--trace', 'off', '--compare', 'off']).done;
  expect(run.stdout).toContain('evil\\x1b]0;pwned\\x07');
  expect(run.stdout + run.stderr).not.toMatch(RAW_CONTROL);
});

test('--out is locked: a run refuses a folder a live run holds, naming its pid, and takes over a stale lock', async () => {
  const data = tempDir('rw-lock-');
  writeCodegen(data, 'e', line.openPage);
  const out = tempDir('rw-lock-out-');
  // Held by a live process (this test runner).
  writeFileSync(join(out, LOCK_FILE), `${process.pid}\n`);
  const refused = await start([BIN, 'run', data, '--out', out, '--workers', '1', '--trace', 'off']).done;
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain(`pid ${process.pid}`);
  expect(results(out)).toEqual([]);
  // Held by a process that is gone: stale, taken over, and released at the end.
  const gone = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => gone.on('exit', r));
  writeFileSync(join(out, LOCK_FILE), `${gone.pid}\n`);
  const ran = await start([BIN, 'run', data, '--out', out, '--workers', '1', '--trace', 'off']).done;
  expect(ran.code, ran.stderr).toBe(0);
  expect(results(out).map((r) => r.episode)).toEqual(['e']);
  expect(existsSync(join(out, LOCK_FILE))).toBe(false);

  // Two runs started together into one folder: one replays, the other refuses; no episode twice.
  // The page is held until one run has ended, so the run that takes the folder is still writing
  // it when the other gets there, however late the machine lets that one start: were both let in,
  // neither would end before the page came (20 s), and both would pass.
  let oneEnded!: () => void;
  const ended = new Promise<void>((r) => (oneEnded = r));
  const held = (res: ServerResponse) =>
    void Promise.race([ended, new Promise((r) => setTimeout(r, 20_000))]).then(() =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p id=x>x</p>'),
    );
  const site = await logServer({ '/': held });
  try {
    const slow = tempDir('rw-lock-slow-');
    writeCodegen(slow, 's', line.openPage, line.navigate(`${site.url}/`), {
      name: 'assertVisible',
      selector: '#x',
      signals: [],
      pageAlias: 'page',
    });
    const both = tempDir('rw-lock-both-');
    const runs = [0, 1].map(() => start([BIN, 'run', slow, '--out', both, '--workers', '1', '--trace', 'off']).done);
    for (const run of runs) void run.then(oneEnded);
    const [a, b] = await Promise.all(runs);
    expect([a!.code, b!.code].sort(), a!.stderr + b!.stderr).toEqual([0, 2]);
    expect(results(both).map((r) => r.episode)).toEqual(['s']);
  } finally {
    await site.close();
  }
});

test('--calibrate does not write through a .replaywright symlink out of the dataset', async () => {
  const site = await logServer({ '/': '<p id=x>x</p>' });
  try {
    const data = tempDir('rw-cal-');
    const outside = tempDir('rw-cal-outside-');
    symlinkSync(outside, join(data, '.replaywright'));
    writeCodegen(data, 'c', line.openPage, line.navigate(`${site.url}/`), {
      name: 'assertVisible',
      selector: '#x',
      signals: [],
      pageAlias: 'page',
    });
    const r = await start([
      BIN,
      'run',
      data,
      '--out',
      tempDir(),
      '--workers',
      '1',
      '--trace',
      'off',
      '--calibrate',
      '--calibrate-interval',
      '200',
    ]).done;
    expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
    expect(existsSync(join(outside, 'masks.json'))).toBe(false);
    expect(r.stderr).toContain('symbolic link');
  } finally {
    await site.close();
  }
});

test('unclear inputs get clear errors: UTF-16 files, NaN with its position, coordinates 10^6 px off screen', async () => {
  // UTF-16 (with and without a BOM): named as the problem, with or without --format.
  const data = tempDir('rw-enc-');
  const codegen = readFileSync(writeCodegen(tempDir(), 'x', line.openPage), 'utf8');
  writeFileSync(join(data, 'le.jsonl'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(codegen, 'utf16le')]));
  for (const args of [[join(data, 'le.jsonl')], [join(data, 'le.jsonl'), '--format', 'rpaweb'], [data]]) {
    const r = await start([BIN, 'validate', ...args]).done;
    expect(r.code, args.join(' ')).toBe(2);
    expect(r.stdout + r.stderr, args.join(' ')).toContain('UTF-16LE');
    expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
  }

  // A Python NaN in a VWA trajectory: where it is.
  const vwa = tempDir('rw-nan-');
  const original = readFileSync(join(FIXTURES, '../tests/formats/data/vwa/recon-act/classifieds_41.json'), 'utf8');
  expect(original.split('\n')[9]).toContain('"backend_id": 1,');
  writeFileSync(join(vwa, 'classifieds_41.json'), original.replace('"backend_id": 1,', '"backend_id": NaN,'));
  const nan = await start([BIN, 'validate', vwa, '--format', 'visualwebarena']).done;
  expect(nan.stdout + nan.stderr).toMatch(/NaN at line 10, column 22/);

  // A BabyAGI option box at -4.5e99: rejected at decode, naming the value.
  const baby = tempDir('rw-far-');
  cpSync(join(FIXTURES, 'babyagi'), baby, { recursive: true });
  const meta = JSON.parse(readFileSync(join(baby, 'metadata_0.json'), 'utf8'));
  meta[0].trajectory[0].action_options[0].top_left = [-4.5e99, 19];
  writeFileSync(join(baby, 'metadata_0.json'), JSON.stringify(meta, null, 1));
  const far = await start([BIN, 'validate', baby]).done;
  expect(far.stdout + far.stderr).toContain('x1 -4.5e+99 is more than 1000000 px off the 2036×1144 screen');
});
