import { GLOBAL_OPTIONS, RUN_OPTIONS } from './run-options.js';

/** `map-url` → `mapUrl`: a CLI option's name in a config file. */
export type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

type ValueOf<O> = O extends { readonly choices: readonly (infer C)[] }
  ? C
  : O extends { readonly type: 'number' }
    ? number
    : O extends { readonly type: 'boolean' }
      ? boolean
      : O extends { readonly array: true }
        ? string | string[]
        : string;

type Options = typeof RUN_OPTIONS & typeof GLOBAL_OPTIONS;

/**
 * What `replaywright.config.{ts,mjs,json}` holds: every `run` option under its camelCase name
 * (`--map-url a=b` → `mapUrl: ['a=b']`), and the dataset. Flags given on the command line win.
 * Paths (`out`, `params`, `filesDir`, `compareConfig`, `har`, `images`, `dataset`) are relative
 * to the config file's folder.
 */
export type ReplaywrightConfig = { -readonly [K in keyof Options as CamelCase<K & string>]?: ValueOf<Options[K]> } & {
  /** The dataset file or folder `run` replays when none is named on the command line. */
  dataset?: string;
};

/** Types a config file's contents (the identity at run time), as `defineConfig` does in Playwright and Vite. */
export function defineConfig(config: ReplaywrightConfig): ReplaywrightConfig {
  return config;
}

/** `mapUrl` → `map-url`. */
export const kebabCase = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** `map-url` → `mapUrl`. */
export const camelCase = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
