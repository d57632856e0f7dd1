import { appendFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PARAMS, RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { FIXTURES, RPAWEB_FIXTURES, tempDir } from '../support/fixture-site.js';
import { useSite } from '../support/live-site.js';
import { cli, results } from '../scale/support.js';
import { corpus } from './corpus.js';
import { STACK_LINE, writeCase } from './support.js';

// Good episodes among bad ones, replayed live through the CLI: the bad ones are reported as
// `error` with their location, the good ones all replay and pass.
test.setTimeout(300_000);

const site = useSite();

const GOOD = ['library-save-record@1.65', 'tax-submit-declaration@1.65', 'board-add-move-delete@1.65', 'tax-form'];

test('a dataset of good and bad files: every good episode passes, every bad one is an error naming its place', async () => {
  const root = tempDir('rw-mixed-');
  // The fixture recordings (1.65 rows and their screenshots), with broken rows in the same file.
  mkdirSync(join(root, 'rpaweb'));
  cpSync(join(RPAWEB_FIXTURES, 'png'), join(root, 'rpaweb', 'png'), { recursive: true });
  const rows = join(root, 'rpaweb', 'episodes-1.65.jsonl');
  writeFileSync(rows, readFileSync(join(RPAWEB_FIXTURES, 'episodes-1.65.jsonl')));
  const base = {
    language: 'en',
    intent: 'x',
    input: '',
    requirements: '',
    outputs: '',
    anonymized_data: false,
    png_file: null,
    html_data: '<html></html>',
  };
  appendFileSync(
    rows,
    [
      '{"id": "broken-row", "step": 1, "json_data": {nope}}',
      JSON.stringify({
        ...base,
        id: 'unknown-action',
        step: 1,
        json_data: { browserCode: { name: 'teleport', signals: [], pageAlias: 'page' } },
      }),
      JSON.stringify({
        ...base,
        id: 'escaping-png',
        step: 1,
        png_file: '../../../../etc/passwd',
        json_data: { browserCode: { name: 'openPage', url: 'about:blank', signals: [], pageAlias: 'page' } },
      }),
    ].join('\n') + '\n',
  );
  // A good codegen recording, and a codegen file cut off mid-line.
  cpSync(join(FIXTURES, 'codegen', 'tax-form.jsonl'), join(root, 'codegen', 'tax-form.jsonl'));
  const tax = readFileSync(join(FIXTURES, 'codegen', 'tax-form.jsonl'), 'utf8');
  writeFileSync(join(root, 'codegen', 'cut-off.jsonl'), tax.slice(0, Math.floor(tax.length * 0.6)));
  // One bad file of every other decoder.
  const pick = (format: string, name: string) => corpus().find((c) => c.format === format && c.name === name)!;
  const others = [
    pick('mind2web', 'unknown operation'),
    pick('mt-mind2web', 'wrong types'),
    pick('babyagi', 'unknown action type'),
    pick('visualwebarena', 'invalid JSON'),
    pick('devtools-recorder', 'unknown step type'),
  ];
  for (const c of others) {
    // Only the bad record: the good ones beside it in the corpus record other sites.
    const only = Object.fromEntries(Object.entries(c.files).filter(([name]) => name === c.file || !/\.(json|jsonl)$/.test(name)));
    const text = only[c.file] as string;
    if (/^\s*\[/.test(text)) only[c.file] = JSON.stringify((JSON.parse(text) as unknown[]).slice(1), null, 1);
    writeCase(join(root, c.format), only);
  }

  const out = tempDir('rw-mixed-out-');
  const r = await cli(
    'run',
    root,
    '--out',
    out,
    '--workers',
    '1',
    '--map-url',
    `${RECORDED_ORIGIN}=${site.url}`,
    '--param',
    `verification_code=${DEMO_PARAMS.verification_code}`,
    '--trace',
    'off',
  );
  expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
  expect(r.code, r.stderr).toBe(1);
  const lines = results(out);
  const status = Object.fromEntries(lines.map((l) => [l.episode, l.status]));
  for (const id of GOOD) expect(status[id], `${id}: ${JSON.stringify(lines.find((l) => l.episode === id))}`).toBe('passed');
  const bad = lines.filter((l) => !GOOD.includes(l.episode));
  // The Mind2Web 'bad' repeats the BabyAGI one's id (files in name order): it is reported under an
  // id of its own; the DevTools and VWA files named 'bad' are other episodes, named after their path.
  expect(bad.map((l) => l.episode).sort()).toEqual(
    [
      'broken-row',
      'cut-off',
      'escaping-png',
      'unknown-action',
      'bad',
      'bad (devtools-recorder/bad.json)',
      'bad (visualwebarena/bad.json)',
      'bad (duplicate: train_0.json:2:[0])',
      'bad#0',
    ].sort(),
  );
  for (const l of bad) {
    expect(l.status).toBe('error');
    // Each names where: file:line or file:record, and the field when there is one.
    const problems = (l as { problems?: string[] }).problems ?? [];
    expect(
      problems.some((p) => /\.(jsonl?|html):(\d+|\S*\[)/.test(p)),
      `${l.episode}: ${problems.join(' | ')}`,
    ).toBe(true);
  }
  const byId = (id: string) => ((lines.find((l) => l.episode === id) as { problems?: string[] }).problems ?? []).join('\n');
  expect(byId('unknown-action')).toMatch(/episodes-1\.65\.jsonl:\d+: error: json_data\.browserCode\.name:/);
  expect(byId('escaping-png')).toMatch(/episodes-1\.65\.jsonl:\d+: error: png_file: refused/);
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
  expect(summary.episodes).toMatchObject({ passed: GOOD.length, error: bad.length });
});
