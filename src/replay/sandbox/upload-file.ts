import { realpathSync, statSync } from 'node:fs';
import { basename, isAbsolute, relative, resolve, sep } from 'node:path';

/** One file `setInputFiles` sends: the recorded name, and the bytes it stands for. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * The files an upload step sends, confined like every other path a dataset names: a recorded
 * name is looked up in `filesDir` by its last segment only, and the file found must still be
 * inside `filesDir` once every symlink is resolved — a same-named symlink in a hostile dataset
 * must not upload `/etc/passwd` to the page. A missing file is sent empty (noted); a name that is
 * no file name (`..`, `.`) or a file outside is refused with the reason, never read.
 */
export function uploadPayload(
  names: readonly string[],
  filesDir: string | undefined,
  read: (path: string) => Buffer,
): { files: UploadFile[]; notes: string[] } | { refused: string } {
  const files: UploadFile[] = [];
  const notes: string[] = [];
  for (const recorded of names) {
    const name = basename(recorded);
    if (name === '' || name === '.' || name === '..' || name.includes('\0'))
      return { refused: `upload ${JSON.stringify(recorded)} is not a file name` };
    const found = filesDir ? confinedFile(filesDir, name) : { missing: true as const };
    if ('refused' in found) return { refused: `upload ${JSON.stringify(recorded)} refused: ${found.refused}` };
    if ('missing' in found) {
      notes.push(`file "${recorded}" not found${filesDir ? ` in ${filesDir}` : ''}: sent an empty file of that name`);
      files.push({ name, mimeType: 'application/octet-stream', buffer: Buffer.alloc(0) });
      continue;
    }
    files.push({ name, mimeType: 'application/octet-stream', buffer: read(found.path) });
  }
  return { files, notes };
}

function confinedFile(dir: string, name: string): { path: string } | { missing: true } | { refused: string } {
  let root: string;
  try {
    root = realpathSync(resolve(dir));
  } catch {
    return { missing: true };
  }
  let real: string;
  try {
    real = realpathSync(resolve(root, name));
  } catch {
    return { missing: true }; // absent, or a dangling link: nothing to read either way
  }
  const rel = relative(root, real);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))
    return { refused: `it resolves to ${real}, outside ${root}` };
  let isFile = false;
  try {
    isFile = statSync(real).isFile();
  } catch {
    /* vanished */
  }
  return isFile ? { path: real } : { refused: `${real} is not a regular file` };
}
