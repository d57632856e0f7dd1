import type { ChunkEntry, ReportIndex } from '../types.js';

/**
 * The run's data as the page gets it: `data/index.js` sets `window.RW_INDEX` before this script
 * runs; `data/chunk-N.js` adds `window.RW_CHUNKS[N]` when loaded.
 */
const w = window as unknown as { RW_INDEX?: ReportIndex; RW_CHUNKS?: Record<string, ChunkEntry[]> };

export function reportIndex(): ReportIndex | undefined {
  return w.RW_INDEX;
}

const chunkLoads = new Map<number, Promise<ChunkEntry[]>>();

/** Episode details live in `data/chunk-N.js`, loaded on first need through a script tag (file:// cannot fetch). */
export function loadChunk(c: number): Promise<ChunkEntry[]> {
  let p = chunkLoads.get(c);
  if (!p) {
    p = new Promise<ChunkEntry[]>((resolve, reject) => {
      const s = document.createElement('script');
      s.src = `data/chunk-${c}.js`;
      s.onload = () => {
        const chunk = w.RW_CHUNKS?.[String(c)];
        if (chunk) resolve(chunk);
        else reject(new Error(`data/chunk-${c}.js did not define its episodes`));
      };
      s.onerror = () => reject(new Error(`data/chunk-${c}.js could not be loaded`));
      document.head.appendChild(s);
    });
    p.catch(() => chunkLoads.delete(c));
    chunkLoads.set(c, p);
  }
  return p;
}
