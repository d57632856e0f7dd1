import { expect, test } from '@playwright/test';
import { chainRoots, groupChains, inShard, parseShard, shardOf, stableHash } from '../../src/replay/shard.js';

test('shard: stable hash, 1-based split, chains keyed by their first episode', () => {
  // The first 4 bytes of the id's SHA-1, big-endian: fixed values, so the split never changes between versions or machines.
  expect(stableHash('tax-submit-declaration@1.49')).toBe(3644290298);
  expect(stableHash('episode-0')).toBe(1128099039);
  expect(shardOf('tax-submit-declaration@1.49', 3)).toBe(3);
  expect(shardOf('episode-0', 3)).toBe(1);
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
