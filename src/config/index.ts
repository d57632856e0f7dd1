// The config file (`replaywright.config.{ts,mjs,json}`): its type, how it is found and checked.
// Light on purpose — a config file imports `defineConfig` from here (`replaywright/config`).
export { defineConfig, type ReplaywrightConfig } from './define-config.js';
export { checkConfig, configAsFlags, ConfigError, CONFIG_KEYS, flagsAsConfig } from './check-config.js';
export { CONFIG_FILE_NAMES, findConfigFile, loadConfig, type LoadedConfig } from './load-config.js';
export { CONFIG_FLAG, GLOBAL_OPTIONS, RUN_OPTIONS } from './run-options.js';

export { configForCommandLine } from './command-line.js';
