import { lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
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
    // The native realpath(3): one system call, where the JS version lstat()s every component
    // (a resolve per rpaweb row was a sixth of a 200 000-row decode).
    return realpathSync.native(p);
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

/**
 * `resolveDatasetFile` for the many files of one decode (a screenshot per rpaweb row): each
 * folder's real path and listing are read once, so a plain file costs no system call, where the
 * full check costs a realpath of the root and of the file plus a stat (a sixth of a 200 000-row
 * decode). Anything else (missing, a symlink, a listing that does not say) takes the full check,
 * so the answers are the same.
 */
export class DatasetFileResolver {
  private root: string | undefined;
  /** Per folder as named, what is known of it once (path ops per row showed in decode profiles). */
  private readonly dirs = new Map<string, KnownDir>();

  constructor(private readonly datasetRoot: string) {}

  resolve(name: string, baseDir: string): DatasetFile {
    if (name.includes('\0')) return resolveDatasetFile(name, baseDir, this.datasetRoot);
    const abs = resolve(baseDir, name);
    const dir = dirname(abs);
    const base = basename(abs);
    let known = this.dirs.get(dir);
    if (known === undefined) this.dirs.set(dir, (known = this.know(dir)));
    if (!known.plainFiles.has(base) || base === '') return resolveDatasetFile(name, baseDir, this.datasetRoot);
    // `base` is one plain name (resolve leaves no "." or ".."), so the file is inside the root
    // exactly when its real folder is (or is the root), or it is the root itself.
    const real = join(known.realDir, base);
    if (!known.inside && real !== this.root)
      return { inside: false, reason: `${JSON.stringify(name)} resolves to ${real}, outside the dataset root ${this.root}` };
    return { inside: true, exists: true, path: real };
  }

  private know(dir: string): KnownDir {
    const realDir = realpathLoose(dir);
    this.root ??= realpathLoose(resolve(this.datasetRoot));
    return { realDir, plainFiles: plainFilesIn(realDir), inside: isInside(this.root, realDir) };
  }
}

interface KnownDir {
  realDir: string;
  /** The names of its plain files (empty when it cannot be listed). */
  plainFiles: ReadonlySet<string>;
  /** Whether it is the dataset root or inside it. */
  inside: boolean;
}

function plainFilesIn(dir: string): ReadonlySet<string> {
  try {
    return new Set(
      readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name),
    );
  } catch {
    return new Set();
  }
}
