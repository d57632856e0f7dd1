import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { RPAWEB_FIXTURES, tempDir } from '../support/fixture-site.js';
import { useSite } from '../support/live-site.js';
import { cli, STACK } from '../support/cli.js';

const fixtureRows = readFileSync(join(RPAWEB_FIXTURES, 'episodes-1.49.jsonl'), 'utf8').split('\n').filter(Boolean);
const rowsOf = (id: string) => fixtureRows.filter((l) => JSON.parse(l).id === id);

/** A dataset folder: one good recorded episode, then rows broken in the ways real exports break. */
function mixedDataset(): { dir: string; file: string } {
  const dir = tempDir('rw-data-');
  cpSync(join(RPAWEB_FIXTURES, 'png'), join(dir, 'png'), { recursive: true });
  const good = rowsOf('library-save-record@1.49');
  const base = JSON.parse(good[0]!);
  const bad = [
    '{"id": "broken-json", "step": 1, "json_data": {',
    JSON.stringify({ ...base, id: 'unknown-action', json_data: { browserCode: { name: 'teleport', signals: [], pageAlias: 'page' } } }),
    JSON.stringify({
      ...base,
      id: 'missing-selector',
      json_data: { browserCode: { name: 'click', signals: [], button: 'left', modifiers: 0, clickCount: 1, pageAlias: 'page' } },
    }),
    JSON.stringify({ ...base, id: 'escaping-png', png_file: '../../../etc/passwd' }),
  ];
  const file = join(dir, 'mixed.jsonl');
  writeFileSync(file, [...bad.slice(0, 2), ...good, ...bad.slice(2)].join('\n') + '\n');
  return { dir, file };
}

const site = useSite();

test('run: bad rows are reported with file:line and field, and the good episode still replays', async () => {
  const { dir } = mixedDataset();
  const out = join(dir, 'out');
  const r = await cli('run', dir, '--out', out, '--map-url', `${RECORDED_ORIGIN}=${site.url}`, '--timeout', '5000');
  expect(r.stderr).not.toMatch(STACK);
  expect(r.code).toBe(1);
  expect(r.stdout).toContain('PASS library-save-record@1.49');
  const results = readFileSync(join(out, 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const byId = Object.fromEntries(results.map((x) => [x.episode, x]));
  expect(byId['library-save-record@1.49'].status).toBe('passed');
  for (const [id, line, field] of [
    ['broken-json', 1, undefined],
    ['unknown-action', 2, 'json_data.browserCode.name'],
    ['missing-selector', 12, 'json_data.browserCode.selector'],
    ['escaping-png', 13, 'png_file'],
  ] as const) {
    expect(byId[id], id).toMatchObject({ status: 'error', reason: 'invalid-input' });
    // `file:line: error: field: message`, and no field for a line that is not JSON at all.
    expect(byId[id].problems.join('\n')).toContain(`mixed.jsonl:${line}: error:${field ? ` ${field}:` : ''} `);
  }
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
  expect(summary.episodes).toMatchObject({ total: 5, passed: 1, failed: 0, error: 4 });
  expect(summary.exitCode).toBe(1);
});

test('run: results.jsonl follows the documented contract, exit 0 when every episode passed', async () => {
  const out = tempDir('rw-out-');
  const r = await cli(
    'run',
    RPAWEB_FIXTURES,
    '--episode',
    'library-save-record@1.49',
    '--out',
    out,
    '--map-url',
    `${RECORDED_ORIGIN}=${site.url}`,
  );
  expect(r.code, r.stderr).toBe(0);
  const [line, ...rest] = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n');
  expect(rest).toHaveLength(0);
  const result = JSON.parse(line!);
  expect(result).toMatchObject({ episode: 'library-save-record@1.49', format: 'rpaweb', status: 'passed' });
  expect(result.steps).toHaveLength(9);
  for (const s of result.steps) {
    expect(Object.keys(s)).toEqual(expect.arrayContaining(['index', 'action', 'status', 'durationMs']));
    expect(typeof s.durationMs).toBe('number');
  }
  expect(result.steps.map((s: { action: string }) => s.action)).toEqual([
    'openPage',
    'navigate',
    'click',
    'click',
    'fill',
    'click',
    'click',
    'click',
    'closePage',
  ]);
  expect(existsSync(join(out, result.final.html))).toBe(true);
  expect(existsSync(join(out, result.final.screenshot))).toBe(true);
  expect(result.final.url).toContain('/library/record.html');
});

test('validate: every problem names file:line and field; exit 1 on errors, 0 on clean data', async () => {
  const { file } = mixedDataset();
  const bad = await cli('validate', file);
  expect(bad.code).toBe(1);
  expect(bad.stdout).not.toMatch(STACK);
  expect(bad.stdout).toMatch(/mixed\.jsonl:2: error: json_data\.browserCode\.name:/);
  expect(bad.stdout).toMatch(/mixed\.jsonl:13: error: png_file:/);
  const clean = await cli('validate', RPAWEB_FIXTURES);
  expect(clean.stdout).toContain('0 errors');
  expect(clean.code).toBe(0);
});

test('usage errors and unreadable input exit 2 with a message, never a stack trace', async () => {
  const missing = await cli('run', '/nonexistent/dataset.jsonl', '--out', tempDir());
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('/nonexistent/dataset.jsonl');
  expect(missing.stderr).not.toMatch(STACK);
  const badMap = await cli('run', RPAWEB_FIXTURES, '--map-url', 'no-equals-sign');
  expect(badMap.code).toBe(2);
  expect(badMap.stderr).toContain('--map-url expects FROM=TO');
  const empty = tempDir();
  mkdirSync(join(empty, 'sub'));
  const none = await cli('validate', empty);
  expect(none.code).toBe(2);
});

test('schema prints the JSON Schema of the IR with every action type', async () => {
  const r = await cli('schema');
  expect(r.code).toBe(0);
  const schema = JSON.parse(r.stdout);
  const text = JSON.stringify(schema);
  for (const type of [
    'openPage',
    'click',
    'fill',
    'select',
    'setInputFiles',
    'assertSnapshot',
    'clickPoint',
    'scroll',
    'stop',
    'switchPage',
  ]) {
    expect(text).toContain(`"${type}"`);
  }
  expect(schema.properties.steps.type).toBe('array');
});
