import { createHash } from 'node:crypto';

/** `--shard i/n`: this process replays the i-th of n parts (1-based, like Playwright's). */
export interface Shard {
  index: number;
  total: number;
}

export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(m?.[1]);
  const total = Number(m?.[2]);
  if (!m || total < 1 || index < 1 || index > total) throw new Error(`--shard expects i/n with 1 <= i <= n, got "${text}"`);
  return { index, total };
}

export const formatShard = (s: Shard): string => `${s.index}/${s.total}`;

/**
 * A stable 32-bit hash of an id (the first 4 bytes of its SHA-1): the same on every machine,
 * Node version and run, so `--shard i/n` splits a dataset identically wherever it runs.
 */
export function stableHash(id: string): number {
  return createHash('sha1').update(id, 'utf8').digest().readUInt32BE(0);
}

/** The 1-based shard an id belongs to out of `total`. */
export function shardOf(id: string, total: number): number {
  return (stableHash(id) % total) + 1;
}

interface Linked {
  id: string;
  /** The episode this one continues (MT-Mind2Web turns), if any. */
  continues?: string;
}

/**
 * The chain each id belongs to: the id at the start of its `continues` links, followed through
 * every id given. A link to an id not given ends the chain there (the turns after a rejected
 * turn, which carries no link of its own, are keyed by that turn); a cycle (bad data) is keyed
 * by its smallest id.
 */
export function chainRoots(items: readonly Linked[]): Map<string, string> {
  const next = new Map<string, string | undefined>();
  for (const it of items) if (!next.has(it.id) || it.continues !== undefined) next.set(it.id, it.continues);
  const roots = new Map<string, string>();
  for (const it of items) {
    const path = [it.id];
    let root = it.id;
    for (let prev = next.get(root); prev !== undefined && next.has(prev); prev = next.get(prev)) {
      const at = path.indexOf(prev);
      if (at !== -1) {
        // A cycle (bad data): every member gets the same root, the smallest id in it.
        root = path.slice(at).sort()[0]!;
        break;
      }
      path.push(prev);
      root = prev;
    }
    roots.set(it.id, root);
  }
  return roots;
}

/**
 * Groups items into chains, each in `continues` order (the dataset's order when links do not
 * decide), chains in the order of their first item. Items that continue nothing they can see
 * are chains of one.
 */
export function groupChains<T extends Linked>(items: readonly T[]): T[][] {
  const roots = chainRoots(items);
  const byRoot = new Map<string, T[]>();
  for (const it of items) {
    const root = roots.get(it.id) ?? it.id;
    const chain = byRoot.get(root);
    if (chain) chain.push(it);
    else byRoot.set(root, [it]);
  }
  return [...byRoot.values()].map(orderChain);
}

/** A chain in link order: each item after the one it continues. */
function orderChain<T extends Linked>(chain: T[]): T[] {
  if (chain.length < 2) return chain;
  const ids = new Set(chain.map((c) => c.id));
  const children = new Map<string, T[]>();
  const starts: T[] = [];
  for (const c of chain) {
    if (c.continues !== undefined && ids.has(c.continues) && c.continues !== c.id) {
      const list = children.get(c.continues) ?? [];
      list.push(c);
      children.set(c.continues, list);
    } else starts.push(c);
  }
  const ordered: T[] = [];
  const placed = new Set<string>();
  const visit = (c: T) => {
    if (placed.has(c.id)) return;
    placed.add(c.id);
    ordered.push(c);
    for (const child of children.get(c.id) ?? []) visit(child);
  };
  for (const s of starts) visit(s);
  for (const c of chain) visit(c); // cycles: whatever is left, in dataset order
  return ordered;
}

/**
 * Whether an item is in `shard`: decided by the stable hash of its chain's root id, so a
 * continues-chain always lands in one shard, and the split depends neither on the order of the
 * episodes nor on how the dataset is cut into files.
 */
export function inShard(root: string, shard: Shard | undefined): boolean {
  return !shard || shardOf(root, shard.total) === shard.index;
}
