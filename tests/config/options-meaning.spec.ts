import { expect, test } from '@playwright/test';
import { runOptionsFrom } from '../../src/api/run-options.js';
import { configAsFlags, flagsAsConfig, type ReplaywrightConfig } from '../../src/config/index.js';

// `replaywright run`, a config file and `replay()` share one meaning of every option:
// the CLI's flags become config keys (flagsAsConfig) and go through runOptionsFrom like the rest.

const config: ReplaywrightConfig = {
  dataset: '/data/set',
  out: '/tmp/rw-out',
  mapUrl: ['http://recorded.example=http://127.0.0.1:9'],
  param: ['code=1234'],
  timeout: 4321,
  minScore: 0.7,
  compare: 'dom',
  mask: ['.clock'],
  failOn: 'drift',
  fromStep: 3,
  viewport: '800x600@2',
  workers: 2,
  logLevel: 'warn',
};

test('flags carry every config key and nothing else: config → flags → config is the identity', () => {
  const flags = { ...configAsFlags(config), _: ['run'], $0: 'replaywright', 'map-url': config.mapUrl, mapUrl: config.mapUrl };
  expect(flagsAsConfig(flags)).toEqual(config);
});

test('one meaning: the numbers, names and defaults a replay gets from a config', () => {
  const { options, selection } = runOptionsFrom(config, '/data');
  expect(options.timeoutMs).toBe(4321);
  expect(options.thresholds?.minScore).toBe(0.7);
  expect(options.compare.mode).toBe('dom');
  expect(options.compare.maskSelectors).toEqual(['.clock']);
  expect(options.fromStep).toBe(2); // 1-based option, 0-based step index
  expect(options.viewport).toEqual({ width: 800, height: 600, deviceScaleFactor: 2 });
  expect(options.params).toEqual({ code: '1234' });
  expect(options.urlMappings).toEqual([{ from: 'http://recorded.example', to: 'http://127.0.0.1:9' }]);
  expect(options.filesDir).toBe('/data');
  expect(options.failOn).toBe('drift');
  expect(options.trace).toBe('retain-on-failure');
  expect(selection).toEqual({ format: 'auto', episodes: [], shard: undefined, decode: undefined, resume: false });
});

test('what only the CLI run can do is refused to a library caller, and done for the CLI', () => {
  expect(() => runOptionsFrom({ ...config, resume: true }, '/data')).toThrow(/resume/);
  expect(() => runOptionsFrom({ ...config, calibrate: true }, '/data')).toThrow(/calibrate/);
  const cli = runOptionsFrom({ ...config, compare: 'all', calibrate: true, resume: true }, '/data', { cli: true });
  expect(cli.options.compare.calibrateIntervalMs).toBe(1500);
  expect(cli.options.ownSignals).toBe(true);
  expect(cli.selection.resume).toBe(true);
  // Params from the environment reach the CLI's run only.
  const env = { REPLAYWRIGHT_PARAM_code: 'from-env', REPLAYWRIGHT_SECRET_pin: '9876' };
  const { param: _p, ...noParam } = config;
  expect(runOptionsFrom(noParam, '/data', { cli: true, env }).options.params).toEqual({ code: 'from-env', pin: '9876' });
  expect(runOptionsFrom(noParam, '/data').options.params).toEqual({});
});
