import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file that says a run is writing a results folder: the pid of that run. */
export const LOCK_FILE = '.replaywright.lock';

export class OutLocked extends Error {}

/**
 * Takes `<out>` for this process: two runs writing one results folder at once would interleave
 * every episode into results.jsonl, the report and JUnit twice. The lock is a file holding our
 * pid, made whole before it appears (written aside, then hard-linked into place: a run that
 * finds it never reads it half written); a second run finds it and refuses, naming the holder.
 * A lock whose pid is no longer running (a run that was killed) is stale and taken over.
 * Returns the release (also run at exit).
 */
export function lockOut(out: string, pid = process.pid): () => void {
  mkdirSync(out, { recursive: true });
  const file = join(out, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (created(file, pid)) {
      const release = () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    }
    const seen = contentOf(file);
    const holder = holderOf(seen);
    if (holder !== undefined && holder !== pid && running(holder)) {
      throw new OutLocked(
        `--out ${out} is being written by another run (pid ${holder}); wait for it, or choose another --out (lock: ${file})`,
      );
    }
    // Stale (its run is gone) or unreadable: taken over — unless another run took it over
    // meanwhile (the lock no longer says what was read), whose lock is not ours to remove.
    try {
      if (contentOf(file) === seen) unlinkSync(file);
    } catch {
      /* gone meanwhile: try again */
    }
  }
  throw new OutLocked(`--out ${out}: could not take the lock ${file}`);
}

/** Creates the lock holding `pid`, whole, unless one is there. */
function created(file: string, pid: number): boolean {
  const aside = `${file}.${pid}.${process.hrtime.bigint()}`;
  writeFileSync(aside, `${pid}\n`);
  try {
    linkSync(aside, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: created exclusively, then written (a short window empty).
    try {
      writeFileSync(file, `${pid}\n`, { flag: 'wx' });
      return true;
    } catch (fallback) {
      if ((fallback as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw fallback;
    }
  } finally {
    rmSync(aside, { force: true });
  }
}

function contentOf(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function holderOf(content: string | undefined): number | undefined {
  const pid = Number(content?.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
