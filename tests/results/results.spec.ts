import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { EpisodeResult } from '../../src/ir/results.js';
import { episodeDir, relativeToOut } from '../../src/results/episode-files.js';
import { mergeResults, MergeInputError } from '../../src/results/merge.js';
import { NoResults, readAllResults, readSummary } from '../../src/results/reader.js';
import { ResultsWriter } from '../../src/results/writer.js';
import { tempDir } from '../support/fixture-site.js';

// results/: the results folder's writer, reader, merge and episode file layout (no browser).

const result = (episode: string, status: EpisodeResult['status'] = 'passed', extra: Partial<EpisodeResult> = {}): EpisodeResult => ({
  episode,
  format: 'rpaweb',
  status,
  source: { file: 'x.jsonl' },
  durationMs: 1,
  steps: [
    { index: 0, action: 'click', description: 'click', page: 'page', status: status === 'passed' ? 'passed' : 'failed', durationMs: 1 },
  ],
  ...extra,
});

test('results writer: --resume drops a cut-off last line and crashed episodes, keeps the rest; fresh start otherwise', () => {
  const out = tempDir('rw-writer-');
  const file = join(out, 'results.jsonl');
  writeFileSync(
    file,
    [result('a'), result('b', 'failed', { reason: 'target-not-found' }), result('c', 'error', { reason: 'browser-crashed' })]
      .map((r) => JSON.stringify(r) + '\n')
      .join('') + '{"episode":"d","sta',
  );
  const warnings: string[] = [];
  const w = new ResultsWriter(out, { resume: true, warn: (m) => warnings.push(m) });
  expect(w.resumed).toBe(2);
  expect([w.has('a'), w.has('b'), w.has('c'), w.has('d')]).toEqual([true, true, false, false]);
  expect(warnings.join('\n')).toMatch(/results\.jsonl:4: dropped: cut off/);
  w.add(result('c'));
  w.add(result('d'));
  const summary = w.finish({ dataset: 'x', problems: [] });
  expect(summary.episodes).toEqual({ total: 4, passed: 3, failed: 1, error: 0, passedUnverified: 0, passedWithUnverifiedSteps: 0 });
  expect(summary.resumed).toBe(2);
  const lines = readFileSync(file, 'utf8').split('\n');
  expect(lines.at(-1)).toBe('');
  expect(lines.filter(Boolean).map((l) => JSON.parse(l).episode)).toEqual(['a', 'b', 'c', 'd']);

  const fresh = new ResultsWriter(out);
  expect(fresh.has('a')).toBe(false);
  fresh.close();
  expect(readFileSync(file, 'utf8')).toBe('');
});

test('merge: last wins per episode, in input order; summary recomputed from the merged lines', () => {
  const [a, b, out] = [tempDir('rw-m1-'), tempDir('rw-m2-'), tempDir('rw-m-')];
  writeFileSync(
    join(a, 'results.jsonl'),
    [result('one', 'failed', { reason: 'timeout' }), result('two')].map((r) => JSON.stringify(r) + '\n').join(''),
  );
  writeFileSync(
    join(b, 'results.jsonl'),
    [result('one'), result('three', 'error', { reason: 'invalid-input' })].map((r) => JSON.stringify(r) + '\n').join('') + '{"cut',
  );
  writeFileSync(
    join(a, 'summary.json'),
    JSON.stringify({ dataset: 'd', startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:01:00.000Z', problems: ['p1'] }),
  );
  writeFileSync(
    join(b, 'summary.json'),
    JSON.stringify({ dataset: 'd', startedAt: '2026-01-01T00:00:30.000Z', finishedAt: '2026-01-01T00:02:00.000Z', problems: ['p1', 'p2'] }),
  );
  const warnings: string[] = [];
  const { summary, duplicates } = mergeResults([a, b], out, { warn: (m) => warnings.push(m) });
  expect(duplicates).toBe(1);
  expect(warnings.join('\n')).toContain('dropped');
  const merged = readFileSync(join(out, 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as EpisodeResult);
  expect(merged.map((r) => [r.episode, r.status])).toEqual([
    ['two', 'passed'],
    ['one', 'passed'],
    ['three', 'error'],
  ]);
  expect(summary).toMatchObject({
    episodes: { total: 3, passed: 2, failed: 0, error: 1 },
    reasons: { 'invalid-input': 1 },
    exitCode: 1,
    problems: ['p1', 'p2'],
    durationMs: 120_000,
    dataset: 'd',
  });
  expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).episodes.total).toBe(3);
});

test('merge refuses a folder without results.jsonl, naming it', () => {
  const empty = tempDir('rw-m-empty-');
  expect(() => mergeResults([empty], tempDir('rw-m-out-'))).toThrow(MergeInputError);
  expect(() => mergeResults([empty], tempDir('rw-m-out-'))).toThrow(`${empty}: no results.jsonl`);
});

test('reader: every result line in order, torn or non-result lines counted as unreadable; summary or undefined', async () => {
  const out = tempDir('rw-reader-');
  writeFileSync(
    join(out, 'results.jsonl'),
    [JSON.stringify(result('a')), '', '[1, 2]', JSON.stringify({ ...result('b', 'failed'), steps: undefined }), '{"episode":"c","sta'].join(
      '\n',
    ),
  );
  const { results, unreadable } = await readAllResults(out);
  expect(results.map((r) => [r.episode, r.status, r.steps.length])).toEqual([
    ['a', 'passed', 1],
    ['b', 'failed', 0],
  ]);
  expect(unreadable).toBe(2);
  expect(readSummary(out)).toBeUndefined();
  writeFileSync(join(out, 'summary.json'), '{"exitCode": 1}');
  expect(readSummary(out)).toEqual({ exitCode: 1 });
  writeFileSync(join(out, 'summary.json'), '[]');
  expect(readSummary(out)).toBeUndefined();
  await expect(readAllResults(tempDir('rw-reader-none-'))).rejects.toBeInstanceOf(NoResults);
});

test('episode files: a safe id is its own folder; any other gets a safe name plus a fixed hash of the id', () => {
  expect(episodeDir('/o', 'tax-submit@1.49')).toBe('/o/episodes/tax-submit@1.49');
  // The hash is the first 8 hex digits of the id's SHA-1: two ids that clean to the same name never share a folder.
  expect(episodeDir('/o', 'a/b')).toBe('/o/episodes/a_b-3ec69c85');
  expect(episodeDir('/o', 'a_b')).toBe('/o/episodes/a_b');
  expect(episodeDir('/o', '../etc')).toBe('/o/episodes/__etc-3801856a');
  expect(episodeDir('/o', 'x'.repeat(100))).toBe(`/o/episodes/${'x'.repeat(80)}-50e48369`);
  expect(relativeToOut('/o', '/o/episodes/a/final.png')).toBe('episodes/a/final.png');
});

test('writer: results are appended as one fsynced JSON line each, and add() after finish() throws', () => {
  const out = tempDir('rw-writer-lines-');
  const w = new ResultsWriter(out);
  w.add(result('a'));
  w.add(result('b', 'error', { reason: 'timeout' }));
  expect(w.exitCode()).toBe(1);
  expect(w.counts).toMatchObject({ passed: 1, error: 1 });
  const summary = w.finish({ dataset: 'd', problems: ['p'] });
  expect(summary).toMatchObject({
    dataset: 'd',
    problems: ['p'],
    exitCode: 1,
    episodes: { total: 2, passed: 1, failed: 0, error: 1 },
    reasons: { timeout: 1 },
  });
  expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe(
    `${JSON.stringify(result('a'))}\n${JSON.stringify(result('b', 'error', { reason: 'timeout' }))}\n`,
  );
  expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'))).toMatchObject({ exitCode: 1 });
  expect(() => w.add(result('c'))).toThrow('ResultsWriter: add() after finish()');
});
