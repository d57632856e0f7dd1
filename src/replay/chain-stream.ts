import type { DatasetItem, RejectedEpisode } from '../ir/rejected.js';
import type { Episode } from '../ir/index.js';

export interface ChainStreamHooks {
  /** Whether to replay (or report, if rejected) this id, given the first id of its chain. */
  keep(id: string, root: string): boolean;
  /** A kept rejected episode, reported as it is met. */
  onRejected(rejected: RejectedEpisode): void;
}

/**
 * Groups a streamed dataset into chains as it is decoded (the streaming twin of `groupChains`):
 * an episode joins the chain before it when it `continues` one of that chain's episodes. A
 * format that links episodes yields them together and in order (MT-Mind2Web's turns are one
 * record), so nothing is held beyond the chain being built. Roots (the first id of each chain,
 * what `--shard` hashes) are kept for every id met, rejected ones too, exactly as `chainRoots`
 * would give them for links that point backwards.
 */
export async function* streamChains(items: AsyncIterable<DatasetItem>, hooks: ChainStreamHooks): AsyncGenerator<Episode[]> {
  const roots = new Map<string, string>();
  const rootOf = (id: string, continues: string | undefined) => {
    const root = (continues !== undefined && continues !== id ? roots.get(continues) : undefined) ?? id;
    if (!roots.has(id)) roots.set(id, root);
    return roots.get(id)!;
  };
  let chain: Episode[] = [];
  for await (const item of items) {
    if (item.kind === 'rejected') {
      const r = item.rejected;
      if (hooks.keep(r.id, rootOf(r.id, undefined))) hooks.onRejected(r);
      continue;
    }
    const e = item.episode;
    if (!hooks.keep(e.id, rootOf(e.id, e.continues))) continue;
    if (chain.length > 0 && !(e.continues !== undefined && chain.some((c) => c.id === e.continues))) {
      yield chain;
      chain = [];
    }
    chain.push(e);
  }
  if (chain.length > 0) yield chain;
}
