import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';

/**
 * Where one episode's artefacts go under the output folder. Episode ids come from datasets and
 * may hold anything (slashes, `..`); the folder name keeps only safe characters and adds a short
 * hash whenever it had to change the id, so two ids never share a folder.
 */
export function episodeDir(out: string, episodeId: string): string {
  const safe = episodeId
    .replace(/[^\w.@-]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 80);
  const name = safe === episodeId ? safe : `${safe}-${createHash('sha1').update(episodeId).digest('hex').slice(0, 8)}`;
  return join(out, 'episodes', name);
}

export function relativeToOut(out: string, path: string): string {
  return relative(out, path).split('\\').join('/');
}
