import { ConfigError } from './check-config.js';
import { loadConfig, type LoadedConfig } from './load-config.js';

/** Options before the command that take a value (so their value is not taken for the command). */
const VALUED_GLOBALS = new Set(['--log-format', '--log-level', '--config']);

/** The command a command line runs (`run`, `inspect`…): its first word that is not an option or an option's value. */
export function commandOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (VALUED_GLOBALS.has(a)) i++;
    else if (!a.startsWith('-')) return a;
  }
  return undefined;
}

/** `--config FILE` / `--config=FILE`: the last one given. */
export function configFlag(args: readonly string[]): string | undefined {
  let file: string | undefined;
  args.forEach((a, i) => {
    if (a === '--config') file = args[i + 1] ?? '';
    else if (a.startsWith('--config=')) file = a.slice('--config='.length);
  });
  return file;
}

/**
 * The config a command line's `run` uses (`--config FILE`, else replaywright.config.* in the
 * working directory). Other commands read none: a broken config never stops `validate`.
 */
export async function configForCommandLine(args: readonly string[], cwd = process.cwd()): Promise<LoadedConfig> {
  if (commandOf(args) !== 'run') return { config: {} };
  const file = configFlag(args);
  if (file === '' || file?.startsWith('-')) throw new ConfigError('--config needs a file: --config replaywright.config.mjs');
  return loadConfig({ file, cwd });
}
