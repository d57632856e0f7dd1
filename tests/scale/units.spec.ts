import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { chainRoots, groupChains, inShard, parseShard, shardOf, stableHash } from '../../src/replay/shard.js';
import { mergeResults } from '../../src/results/merge.js';
import type { EpisodeResult } from '../../src/ir/results.js';
import { ResultsWriter } from '../../src/results/writer.js';
import { tempDir } from '../support/fixture-site.js';

const result = (episode: string, status: EpisodeResult['status'] = 'passed', extra: Partial<EpisodeResult> = {}): EpisodeResult => ({
  episode,
  format: 'rpaweb',
  status,
  source: { file: 'x.jsonl' },
  durationMs: 1,
  steps: [{ index: 0, action: 'click', description: 'click', page: 'page', status: status === 'passed' ? 'passed' : 'failed', durationMs: 1 }],
  ...extra,
});

test('shard: stable hash, 1-based split, chains keyed by their first episode', () => {
  expect(stableHash('tax-submit-declaration@1.49')).toBe(stableHash('tax-submit-declaration@1.49'));
  expect(parseShard('2/3')).toEqual({ index: 2, total: 3 });
  for (const bad of ['0/2', '3/2', '1/0', 'a/b', '1']) expect(() => parseShard(bad), bad).toThrow(/--shard expects i\/n/);

  const ids = Array.from({ length: 400 }, (_, i) => `episode-${i}`);
  const sizes = [1, 2, 3].map((i) => ids.filter((id) => shardOf(id, 3) === i).length);
  expect(sizes.reduce((a, b) => a + b, 0)).toBe(400);
  for (const n of sizes) expect(n).toBeGreaterThan(90); // roughly even, never lopsided

  // Turns out of order and interleaved with another episode; a cycle does not hang.
  const items = [
    { id: 'c#2', continues: 'c#1' },
    { id: 'solo' },
    { id: 'c#0' },
    { id: 'c#1', continues: 'c#0' },
    { id: 'x', continues: 'y' },
    { id: 'y', continues: 'x' },
  ];
  const roots = chainRoots(items);
  expect(roots.get('c#2')).toBe('c#0');
  expect(roots.get('c#1')).toBe('c#0');
  expect(roots.get('solo')).toBe('solo');
  expect(groupChains(items).map((c) => c.map((i) => i.id))).toEqual([['c#0', 'c#1', 'c#2'], ['solo'], expect.arrayContaining(['x', 'y'])]);
  for (const total of [2, 3, 5]) {
    const chainShard = [1, 2, 3, 4, 5].filter((i) => i <= total && inShard('c#0', { index: i, total }));
    expect(chainShard).toHaveLength(1);
  }
});

test('results writer: --resume drops a cut-off last line and crashed episodes, keeps the rest; fresh start otherwise', () => {
  const out = tempDir('rw-writer-');
  const file = join(out, 'results.jsonl');
  writeFileSync(file, [result('a'), result('b', 'failed', { reason: 'target-not-found' }), result('c', 'error', { reason: 'browser-crashed' })].map((r) => JSON.stringify(r) + '\n').join('') + '{"episode":"d","sta');
  const warnings: string[] = [];
  const w = new ResultsWriter(out, { resume: true, warn: (m) => warnings.push(m) });
  expect(w.resumed).toBe(2);
  expect([w.has('a'), w.has('b'), w.has('c'), w.has('d')]).toEqual([true, true, false, false]);
  expect(warnings.join('\n')).toMatch(/results\.jsonl:4: dropped: cut off/);
  w.add(result('c'));
  w.add(result('d'));
  const summary = w.finish({ dataset: 'x', problems: [] });
  expect(summary.episodes).toEqual({ total: 4, passed: 3, failed: 1, error: 0, passedUnverified: 0 });
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
  writeFileSync(join(a, 'results.jsonl'), [result('one', 'failed', { reason: 'timeout' }), result('two')].map((r) => JSON.stringify(r) + '\n').join(''));
  writeFileSync(join(b, 'results.jsonl'), [result('one'), result('three', 'error', { reason: 'invalid-input' })].map((r) => JSON.stringify(r) + '\n').join('') + '{"cut');
  writeFileSync(join(a, 'summary.json'), JSON.stringify({ dataset: 'd', startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:01:00.000Z', problems: ['p1'] }));
  writeFileSync(join(b, 'summary.json'), JSON.stringify({ dataset: 'd', startedAt: '2026-01-01T00:00:30.000Z', finishedAt: '2026-01-01T00:02:00.000Z', problems: ['p1', 'p2'] }));
  const warnings: string[] = [];
  const { summary, duplicates } = mergeResults([a, b], out, { warn: (m) => warnings.push(m) });
  expect(duplicates).toBe(1);
  expect(warnings.join('\n')).toContain('dropped');
  const merged = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as EpisodeResult);
  expect(merged.map((r) => [r.episode, r.status])).toEqual([['two', 'passed'], ['one', 'passed'], ['three', 'error']]);
  expect(summary).toMatchObject({ episodes: { total: 3, passed: 2, failed: 0, error: 1 }, reasons: { 'invalid-input': 1 }, exitCode: 1, problems: ['p1', 'p2'], durationMs: 120_000, dataset: 'd' });
  expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).episodes.total).toBe(3);
});
