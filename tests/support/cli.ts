import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The CLI entry point; it runs the built code in dist/ (build with tsconfig.build.json first). */
export const BIN = fileURLToPath(new URL('../../bin/replaywright.js', import.meta.url));

/** A stack frame line: what the CLI prints must never contain one. */
export const STACK = /\n\s+at .+:\d+:\d+/;

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `replaywright <args>` in a child process, logging at warn, and resolves when it exits. */
export function cli(...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, REPLAYWRIGHT_LOG_LEVEL: 'warn' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
