import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from '../support/fixture-site.js';

export const HEADER = { browserName: 'chromium', launchOptions: { headless: false }, contextOptions: {} };
export const ORIGIN = 'http://127.0.0.1:38080';
export const line = {
  openPage: { name: 'openPage', url: 'about:blank', signals: [], pageAlias: 'page' },
  navigate: (url: string) => ({ name: 'navigate', url, signals: [], pageAlias: 'page' }),
  click: (selector: string) => ({ name: 'click', selector, signals: [], button: 'left', modifiers: 0, clickCount: 1, pageAlias: 'page' }),
  closePage: { name: 'closePage', signals: [], pageAlias: 'page' },
};

/** A codegen JSONL recording (one episode, named after the file) in `dir`. */
export function writeCodegen(dir: string, name: string, ...actions: object[]): string {
  const file = join(dir, `${name}.jsonl`);
  writeFileSync(file, [HEADER, ...actions].map((a) => JSON.stringify(a)).join('\n') + '\n');
  return file;
}

/** The fixture codegen recording of the tax form, which passes against the fixture site. */
export function writeGoodEpisode(dir: string, name: string): void {
  writeFileSync(join(dir, `${name}.jsonl`), readFileSync(join(FIXTURES, 'codegen', 'tax-form.jsonl')));
}

/** Direct children of `pid` whose command is Chromium (the browser process Playwright launched). */
export function chromiumChildren(pid: number): number[] {
  let out = '';
  try {
    out = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' });
  } catch {
    return []; // none yet
  }
  return out
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((p) => {
      try {
        return /chrom/i.test(readFileSync(`/proc/${p}/cmdline`, 'utf8'));
      } catch {
        return false;
      }
    });
}
