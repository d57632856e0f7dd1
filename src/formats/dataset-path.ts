import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** A file a dataset names, after making sure it cannot lead out of the dataset root. */
export type DatasetFile =
  /** Inside the root; `path` is its real absolute path (symlinks resolved). */
  | { inside: true; exists: true; path: string }
  /** Inside the root but not there (or not a regular file): the caller drops it with a warning. */
  | { inside: true; exists: false; path: string; reason: string }
  /** Outside the root, or not a usable path: never read it. */
  | { inside: false; reason: string };

/**
 * Resolves `name` (relative to `baseDir`, or absolute) and checks it stays inside
 * `datasetRoot` once `..` and every symlink are resolved, so a crafted dataset cannot make
 * the replayer read (and show in a report) files such as `/etc/passwd`. A missing file is
 * judged by where it would be, following dangling symlinks too.
 */
export function resolveDatasetFile(name: string, baseDir: string, datasetRoot: string): DatasetFile {
  if (name.includes('\0')) return { inside: false, reason: 'the path contains a NUL byte' };
  const root = realpathLoose(resolve(datasetRoot));
  const real = realpathLoose(resolve(baseDir, name));
  if (!isInside(root, real))
    return { inside: false, reason: `${JSON.stringify(name)} resolves to ${real}, outside the dataset root ${root}` };
  let isFile = false;
  try {
    isFile = statSync(real).isFile();
  } catch {
    /* missing */
  }
  if (!isFile)
    return { inside: true, exists: false, path: real, reason: `${JSON.stringify(name)} does not exist or is not a file (${real})` };
  return { inside: true, exists: true, path: real };
}

function isInside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + sep) && !isAbsolute(rel));
}

/** realpath that also works for paths that do not exist (yet): resolves what does. */
function realpathLoose(p: string, hops = 0): string {
  try {
    return realpathSync(p);
  } catch {
    /* p or an ancestor is missing, or p is a dangling link */
  }
  const parent = dirname(p);
  if (parent === p) return p;
  const here = join(realpathLoose(parent, hops), basename(p));
  try {
    // A dangling symlink still says where it points; judge the file by that (40 = ELOOP limit).
    if (hops < 40 && lstatSync(here).isSymbolicLink()) return realpathLoose(resolve(dirname(here), readlinkSync(here)), hops + 1);
  } catch {
    /* not there at all */
  }
  return here;
}
