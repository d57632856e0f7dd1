import { isAbsolute, resolve } from 'node:path';
import { camelCase, kebabCase, type ReplaywrightConfig } from './define-config.js';
import { GLOBAL_OPTIONS, PATH_OPTIONS, RUN_OPTIONS } from './run-options.js';

/** A config file that cannot be used; the message names the file and the field. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

interface Spec {
  type?: string;
  choices?: readonly unknown[];
  array?: boolean;
}

const SPECS: Record<string, Spec> = { ...RUN_OPTIONS, ...GLOBAL_OPTIONS, dataset: { type: 'string' } };
/** Every key a config file may have, camelCase. */
export const CONFIG_KEYS: readonly string[] = Object.keys(SPECS).map(camelCase);

const show = (v: unknown) =>
  typeof v === 'string'
    ? JSON.stringify(v)
    : Array.isArray(v)
      ? 'a list'
      : v === null
        ? 'null'
        : typeof v === 'object'
          ? 'an object'
          : String(v);

/** Why `value` does not fit the option, or undefined when it does. */
function problemWith(value: unknown, spec: Spec): string | undefined {
  if (spec.choices) return spec.choices.includes(value) ? undefined : `expected one of ${spec.choices.join(', ')}, got ${show(value)}`;
  if (spec.type === 'number')
    return typeof value === 'number' && Number.isFinite(value) ? undefined : `expected a number, got ${show(value)}`;
  if (spec.type === 'boolean') return typeof value === 'boolean' ? undefined : `expected true or false, got ${show(value)}`;
  if (spec.array)
    return typeof value === 'string' || (Array.isArray(value) && value.every((x) => typeof x === 'string'))
      ? undefined
      : `expected a string or a list of strings, got ${show(value)}`;
  return typeof value === 'string' ? undefined : `expected a string, got ${show(value)}`;
}

/**
 * Checks what a config file exported against the run options: an unknown key (a typo, a CLI
 * spelling like `map-url`) or a value of the wrong type is a ConfigError naming `file` and the
 * field. Path values are made absolute against `dir` (the config file's folder).
 */
export function checkConfig(value: unknown, file: string, dir: string): ReplaywrightConfig {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ConfigError(`${file}: expected an object of run options (export default defineConfig({...})), got ${show(value)}`);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const name = kebabCase(key);
    const spec = SPECS[name];
    if (!spec || camelCase(name) !== key) {
      const hint = SPECS[key] ? ` (write it camelCase: ${camelCase(key)})` : '';
      throw new ConfigError(`${file}: unknown key "${key}"${hint}; known keys: ${CONFIG_KEYS.join(', ')}`);
    }
    if (v === undefined) continue;
    const problem = problemWith(v, spec);
    if (problem) throw new ConfigError(`${file}: field "${key}": ${problem}`);
    out[key] = (PATH_OPTIONS.has(name) || name === 'dataset') && typeof v === 'string' && !isAbsolute(v) ? resolve(dir, v) : v;
  }
  return out as ReplaywrightConfig;
}

/** A config as the CLI's flags (`mapUrl` → `map-url`), for yargs to use where a flag is not given. */
export function configAsFlags(config: ReplaywrightConfig): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).map(([k, v]) => [kebabCase(k), v]));
}

/**
 * Parsed `run` flags as a config (`map-url` → `mapUrl`): every config key and nothing else, so the
 * command line goes through the same `runOptionsFrom` as a config file and `replay()`.
 */
export function flagsAsConfig(flags: Record<string, unknown>): ReplaywrightConfig {
  const config: Record<string, unknown> = {};
  for (const name of Object.keys(SPECS)) if (flags[name] !== undefined) config[camelCase(name)] = flags[name];
  return config as ReplaywrightConfig;
}
