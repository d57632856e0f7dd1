import { expect, test } from '@playwright/test';
import { settingsFrom } from '../../replays/settings.js';

// How the replays project merges `use.replaywright` and the environment (no browser).

test('secrets from use.replaywright.secrets are typed like params and listed as secrets', () => {
  const s = settingsFrom({ params: { city: 'Girona' }, secrets: { pin: '4321' } }, {});
  expect(s.params).toEqual({ city: 'Girona', pin: '4321' });
  expect(s.secrets).toEqual([{ name: 'pin', value: '4321' }]);
  expect(s.replayMode).toBe('live');
});

test('the environment wins over use; REPLAYWRIGHT_SECRET_<NAME> loses to the lists; a name secret anywhere stays secret, every value of it redacted', () => {
  const env = {
    REPLAYWRIGHT_SECRETS: '{"pin": "9999"}',
    REPLAYWRIGHT_SECRET_TOKEN: 'from-env',
    REPLAYWRIGHT_PARAMS: 'token=from-list,city=Lleida',
    REPLAYWRIGHT_MODE: 'snapshot',
  };
  const s = settingsFrom({ secrets: { pin: '4321' }, mode: 'live' }, env);
  expect(s.params).toEqual({ pin: '9999', token: 'from-list', city: 'Lleida' });
  expect(s.secrets.map((x) => `${x.name}=${x.value}`).sort()).toEqual(['TOKEN=from-env', 'pin=9999', 'token=from-list'].sort());
  expect(s.replayMode).toBe('snapshot');
});

test('REPLAYWRIGHT_START_URL takes --start-url shapes; bad settings name the variable, never a secret', () => {
  expect(settingsFrom({}, { REPLAYWRIGHT_START_URL: 'http://a.test/,shop=http://b.test/' }).startUrls).toEqual({
    all: 'http://a.test/',
    byWebsite: { shop: 'http://b.test/' },
  });
  expect(settingsFrom({ startUrl: 'http://c.test/' }, {}).startUrls).toEqual({ all: 'http://c.test/', byWebsite: {} });
  expect(() => settingsFrom({}, { REPLAYWRIGHT_SECRETS: '{"pin": hunter2}' })).toThrow(/^REPLAYWRIGHT_SECRETS: not valid JSON$/);
  expect(() => settingsFrom({}, { REPLAYWRIGHT_SECRETS: 'hunter2' })).toThrow(
    'REPLAYWRIGHT_SECRETS expects NAME=VALUE[,NAME=VALUE], got "*******"',
  );
  expect(() => settingsFrom({ mode: 'replay' as 'live' }, {})).toThrow('use.replaywright.mode must be live or snapshot, got "replay"');
});

test('the config file (replaywright.config.*) is the base: use.replaywright and the environment win over it', () => {
  const config = {
    mapUrl: ['https://prod.test=http://a.test'],
    param: ['city=Reus'],
    secret: ['pin=1111'],
    timeout: 3000,
    compare: 'dom' as const,
    minScore: 0.8,
    mode: 'snapshot' as const,
    startUrl: 'http://c.test/',
  };
  const s = settingsFrom({}, {}, config);
  expect(s).toMatchObject({
    urlMappings: [{ from: 'https://prod.test', to: 'http://a.test' }],
    params: { city: 'Reus', pin: '1111' },
    timeoutMs: 3000,
    replayMode: 'snapshot',
    startUrls: { all: 'http://c.test/' },
  });
  expect(s.secrets).toEqual([{ name: 'pin', value: '1111' }]);
  expect(s.compare.mode).toBe('dom');
  expect(s.thresholds?.minScore).toBe(0.8);
  const over = settingsFrom(
    { timeoutMs: 5000, mode: 'live', params: { city: 'Vic' } },
    { REPLAYWRIGHT_MAP_URL: 'https://prod.test=http://b.test', REPLAYWRIGHT_SECRETS: 'pin=2222' },
    config,
  );
  expect(over).toMatchObject({
    urlMappings: [{ from: 'https://prod.test', to: 'http://b.test' }],
    params: { city: 'Vic', pin: '2222' },
    timeoutMs: 5000,
    replayMode: 'live',
  });
  // The overridden secret value is still redacted wherever it shows.
  expect(over.secrets.map((x) => x.value).sort()).toEqual(['1111', '2222']);
});

test('REPLAYWRIGHT_FAIL_ON (the CLI --fail-on) chooses which before-state verdict fails an episode test; default diverged', () => {
  expect(settingsFrom({}, {}).failOn).toBe('diverged');
  expect(settingsFrom({ failOn: 'never' }, {}).failOn).toBe('never');
  expect(settingsFrom({ failOn: 'never' }, { REPLAYWRIGHT_FAIL_ON: 'drift' }).failOn).toBe('drift');
  expect(() => settingsFrom({}, { REPLAYWRIGHT_FAIL_ON: 'warn' })).toThrow(
    'REPLAYWRIGHT_FAIL_ON must be diverged, drift, never, got "warn"',
  );
});
