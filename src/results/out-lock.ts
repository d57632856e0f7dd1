import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file that says a run is writing a results folder: the pid of that run. */
export const LOCK_FILE = '.replaywright.lock';

export class OutLocked extends Error {}

/**
 * Takes `<out>` for this process: two runs writing one results folder at once would interleave
 * every episode into results.jsonl, the report and JUnit twice. The lock is a file created
 * exclusively, holding our pid; a second run finds it and refuses, naming the holder. A lock
 * whose pid is no longer running (a run that was killed) is stale and taken over. Returns the
 * release (also run at exit).
 */
export function lockOut(out: string, pid = process.pid): () => void {
  mkdirSync(out, { recursive: true });
  const file = join(out, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${pid}\n`, { flag: 'wx' });
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
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(file);
    if (holder !== undefined && holder !== pid && running(holder)) {
      throw new OutLocked(
        `--out ${out} is being written by another run (pid ${holder}); wait for it, or choose another --out (lock: ${file})`,
      );
    }
    // Stale (its run is gone) or unreadable: take it over.
    try {
      unlinkSync(file);
    } catch {
      /* taken by someone else meanwhile: try again */
    }
  }
  throw new OutLocked(`--out ${out}: could not take the lock ${file}`);
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
