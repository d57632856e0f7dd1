import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkConfig, ConfigError } from './check-config.js';
import type { ReplaywrightConfig } from './define-config.js';
import { errorLine } from '../error-line.js';

/** Looked for in the working directory, in this order (the first found is used). */
export const CONFIG_FILE_NAMES = [
  'replaywright.config.ts',
  'replaywright.config.mts',
  'replaywright.config.mjs',
  'replaywright.config.js',
  'replaywright.config.json',
] as const;

export interface LoadedConfig {
  /** The config file read, absolute; undefined when there is none. */
  file?: string;
  config: ReplaywrightConfig;
}

/** The config file in `dir`, if there is one. */
export function findConfigFile(dir: string): string | undefined {
  return CONFIG_FILE_NAMES.map((n) => join(dir, n)).find((f) => existsSync(f));
}

/**
 * Reads the config: `file` when given (`--config FILE`; it must exist), else the first of
 * CONFIG_FILE_NAMES in `cwd`, else an empty config. Throws ConfigError naming the file, and the
 * field when one is wrong.
 */
export async function loadConfig(options: { file?: string; cwd?: string } = {}): Promise<LoadedConfig> {
  const cwd = options.cwd ?? process.cwd();
  const file = options.file !== undefined ? resolve(cwd, options.file) : findConfigFile(cwd);
  if (file === undefined) return { config: {} };
  if (!existsSync(file)) throw new ConfigError(`${options.file}: no such config file`);
  const raw = extname(file) === '.json' ? readJson(file) : await importModule(file);
  return { file, config: checkConfig(raw, file, dirname(file)) };
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${file}: not valid JSON (${(error as Error).message})`);
  }
}

let loads = 0;

/** A config module's default export. A fresh copy each time, so a changed file is read again. */
async function importModule(file: string): Promise<unknown> {
  const fresh = (url: string) => `${url}?load=${++loads}`;
  let mod: { default?: unknown };
  try {
    mod = await import(fresh(pathToFileURL(file).href));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'ERR_UNKNOWN_FILE_EXTENSION' || !/\.[mc]?ts$/.test(file))
      throw new ConfigError(`${file}: cannot be loaded: ${errorLine(error)}`);
    mod = await importTypeScript(file);
  }
  if (!('default' in mod)) throw new ConfigError(`${file}: has no default export (write \`export default defineConfig({ ... })\`)`);
  return mod.default;
}

/**
 * Node 20 cannot import TypeScript. With the `typescript` package installed the file is
 * transpiled (types stripped, nothing checked) into a module beside it, so its imports resolve
 * as they would from the .ts file, imported, and deleted; without it the error says which forms
 * work everywhere.
 */
async function importTypeScript(file: string): Promise<{ default?: unknown }> {
  let ts: typeof import('typescript');
  try {
    ts = (await import('typescript')).default;
  } catch {
    throw new ConfigError(
      `${file}: this Node (${process.version}) cannot load a TypeScript config and the typescript package is not installed; use replaywright.config.mjs or replaywright.config.json, which work everywhere (or install typescript)`,
    );
  }
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}-${++loads}.mjs`);
  writeFileSync(temp, outputText);
  try {
    return await import(pathToFileURL(temp).href);
  } catch (error) {
    throw new ConfigError(`${file}: cannot be loaded: ${errorLine(error)}`);
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // already gone: nothing to clean
    }
  }
}
