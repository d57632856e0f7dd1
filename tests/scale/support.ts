import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = join(ROOT, 'bin', 'replaywright.js');
/** `replaywright run DATASET --out OUT --workers 1 …flags`: the one-browser run the fault and sandbox tests start. */
export const runArgv = (dataset: string, out: string, ...flags: string[]): string[] => [
  BIN,
  'run',
  dataset,
  '--out',
  out,
  '--workers',
  '1',
  ...flags,
];
export const PLAYWRIGHT_CLI = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');

export const FIXTURE_IDS = [
  'library-save-record@1.49',
  'tax-submit-declaration@1.49',
  'board-add-move-delete@1.49',
  'library-save-record@1.65',
  'tax-submit-declaration@1.65',
  'board-add-move-delete@1.65',
];

/**
 * The environment for a child process, without what the Playwright Test worker running us put
 * there (a nested `playwright test` would otherwise think it is one of our workers).
 */
export function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (
      /^(TEST_|PW_|PLAYWRIGHT_|REPLAYWRIGHT_(PARAM|SECRET)_)|^(FORCE_COLOR|CI|REPLAYWRIGHT_(DATASET|MAP_URL|PARAMS|SECRETS|MODE|START_URL|TIMEOUT|CONFIG))$/.test(
        k,
      )
    )
      continue;
    env[k] = v;
  }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

export interface Done {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function start(args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): { child: ChildProcess; done: Promise<Done> } {
  const child = spawn(process.execPath, args, { cwd: opts.cwd ?? ROOT, env: opts.env ?? childEnv({ REPLAYWRIGHT_LOG_LEVEL: 'warn' }) });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<Done>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
}

export const cli = (...args: string[]): Promise<Done> => start([BIN, ...args]).done;

/** The episode results of an output folder, one object per line (the file must end with a newline). */
export function results(out: string): { episode: string; status: string; reason?: string; durationMs: number }[] {
  const file = join(out, 'results.jsonl');
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  if (text && !text.endsWith('\n')) throw new Error(`${file} does not end with a newline`);
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** How many times each id occurs. */
export function counts(ids: readonly string[]): Record<string, number> {
  const c: Record<string, number> = {};
  for (const id of ids) c[id] = (c[id] ?? 0) + 1;
  return c;
}

export const once = (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, 1]));

export async function waitFor<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
