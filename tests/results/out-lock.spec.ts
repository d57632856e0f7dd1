import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../support/fixture-site.js';

const LOCK = fileURLToPath(new URL('../../dist/results/out-lock.js', import.meta.url));

/**
 * A process that tries to take `out` and says whether it did; one that did holds the lock until
 * let go (its stdin closed), so a contender that starts late still finds it held.
 */
function contender(out: string): { said: Promise<string>; letGo(): Promise<unknown> } {
  const script = `import(${JSON.stringify(LOCK)}).then((m) => {
    try { m.lockOut(${JSON.stringify(out)}); console.log('took'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0)); }
    catch (e) { console.log(e instanceof m.OutLocked ? 'refused' : 'error ' + e.message); }
  });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const said = new Promise<string>((resolve) => {
    let text = '';
    child.stdout.on('data', (d) => {
      text += d;
      if (text.includes('\n')) resolve(text.trim());
    });
    child.on('exit', () => resolve(text.trim()));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    said,
    letGo: () => {
      child.stdin.end();
      return exited;
    },
  };
}

test('runs started together into one --out: exactly one takes it, every time; the lock is gone after, and nothing is left beside it', async () => {
  for (let round = 0; round < 5; round++) {
    const out = tempDir('rw-lock-race-');
    const contenders = Array.from({ length: 6 }, () => contender(out));
    const said = await Promise.all(contenders.map((c) => c.said));
    await Promise.all(contenders.map((c) => c.letGo()));
    expect(
      said.filter((s) => s === 'took'),
      said.join(', '),
    ).toHaveLength(1);
    expect(said.filter((s) => s === 'refused')).toHaveLength(5);
    expect(readdirSync(out)).toEqual([]);
  }
});
