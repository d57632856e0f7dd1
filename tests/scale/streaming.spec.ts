import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { RejectedEpisode } from '../../src/formats/format.js';
import { loadDataset, openDataset, type DatasetItem } from '../../src/formats/load-dataset.js';
import type { Episode } from '../../src/ir/index.js';
import { streamChains } from '../../src/replay/chain-stream.js';
import { chainRoots, groupChains } from '../../src/replay/shard.js';

const M2W = join(import.meta.dirname, '..', '..', 'fixtures', 'mind2web');

const episode = (id: string, continues?: string): DatasetItem => ({
  kind: 'episode',
  episode: { id, format: 'mt-mind2web', steps: [], meta: {}, source: { file: 'x.json' }, ...(continues ? { continues } : {}) },
});
const rejectedItem = (id: string): DatasetItem => ({
  kind: 'rejected',
  rejected: { id, format: 'mt-mind2web', source: { file: 'x.json' }, problems: [] },
});

async function* each<T>(xs: T[]): AsyncGenerator<T> {
  for (const x of xs) yield x;
}

test('a dataset streams: the first episode comes before the file is read to its end', async () => {
  const data = await openDataset(join(M2W, 'tasks.json'));
  const items = data.items();
  const first = await items.next();
  expect(first.done).toBe(false);
  expect(data.recordsRead).toBe(1);
  let rest = 0;
  for await (const _ of items) rest++;
  const whole = await loadDataset(join(M2W, 'tasks.json'));
  expect(1 + rest).toBe(whole.episodes.length + whole.rejected.length);
  expect(data.recordsRead).toBe(whole.recordsRead);
  await expect(async () => {
    for await (const _ of data.items()) break;
  }).rejects.toThrow(/read once/);
});

test('streamed chains and roots are what the whole-list grouping gives, rejected turns included', async () => {
  // Conversation c: turn 1 rejected, so turn 2 (continuing it) starts a chain keyed by c#1.
  const items = [
    episode('c#0'),
    rejectedItem('c#1'),
    episode('c#2', 'c#1'),
    episode('c#3', 'c#2'),
    episode('solo'),
    episode('d#0'),
    episode('d#1', 'd#0'),
  ];
  const seen = new Map<string, string>();
  const reported: RejectedEpisode[] = [];
  const chains: Episode[][] = [];
  for await (const c of streamChains(each(items), { keep: (id, root) => (seen.set(id, root), true), onRejected: (r) => reported.push(r) }))
    chains.push(c);
  expect(chains.map((c) => c.map((e) => e.id))).toEqual([['c#0'], ['c#2', 'c#3'], ['solo'], ['d#0', 'd#1']]);
  expect(reported.map((r) => r.id)).toEqual(['c#1']);

  const all = items.map((i) => (i.kind === 'episode' ? i.episode : { id: i.rejected.id }));
  expect(Object.fromEntries(seen)).toEqual(Object.fromEntries(chainRoots(all)));
  const episodes = items.flatMap((i) => (i.kind === 'episode' ? [i.episode] : []));
  expect(chains.map((c) => c.map((e) => e.id))).toEqual(groupChains(episodes).map((c) => c.map((e) => e.id)));

  // Filtering (a shard, --episode, --resume) drops episodes but never splits a kept chain wrongly.
  const kept: string[][] = [];
  for await (const c of streamChains(each(items), { keep: (id, root) => root === 'd#0' || id === 'c#3', onRejected: () => undefined }))
    kept.push(c.map((e) => e.id));
  expect(kept).toEqual([['c#3'], ['d#0', 'd#1']]);
});
