import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FileContent } from './corpus.js';

/** Writes a case's files under `root` (created); returns its real path. */
export function writeCase(root: string, files: Record<string, FileContent>): string {
  mkdirSync(root, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    const path = join(root, name);
    mkdirSync(dirname(path), { recursive: true });
    if (typeof content === 'function') writeFileSync(path, content());
    else if (typeof content === 'object' && !Buffer.isBuffer(content)) symlinkSync(content.symlink, path);
    else writeFileSync(path, content);
  }
  return realpathSync(root);
}

/** Lines of a stack trace (`    at fn (file:line:col)`): never in what a user sees. */
export const STACK_LINE = /^\s+at .+(\(|:\d+:\d+)/m;
