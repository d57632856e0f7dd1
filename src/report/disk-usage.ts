import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Bytes of every file under `dir` (symlinks counted as links, not followed): what a run left on disk. */
export function folderBytes(dir: string): number {
  let total = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) total += folderBytes(path);
    else {
      try {
        total += lstatSync(path).size;
      } catch {
        /* removed meanwhile */
      }
    }
  }
  return total;
}

/** 1536 → "1.5 KiB". */
export function formatBytes(n: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${n} bytes` : `${v.toFixed(1)} ${units[i]}`;
}
