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
  const env = { REPLAYWRIGHT_SECRETS: '{"pin": "9999"}', REPLAYWRIGHT_SECRET_TOKEN: 'from-env', REPLAYWRIGHT_PARAMS: 'token=from-list,city=Lleida', REPLAYWRIGHT_MODE: 'snapshot' };
  const s = settingsFrom({ secrets: { pin: '4321' }, mode: 'live' }, env);
  expect(s.params).toEqual({ pin: '9999', token: 'from-list', city: 'Lleida' });
  expect(s.secrets.map((x) => `${x.name}=${x.value}`).sort()).toEqual(['TOKEN=from-env', 'pin=9999', 'token=from-list'].sort());
  expect(s.replayMode).toBe('snapshot');
});

test('REPLAYWRIGHT_START_URL takes --start-url shapes; bad settings name the variable, never a secret', () => {
  expect(settingsFrom({}, { REPLAYWRIGHT_START_URL: 'http://a.test/,shop=http://b.test/' }).startUrls).toEqual({ all: 'http://a.test/', byWebsite: { shop: 'http://b.test/' } });
  expect(settingsFrom({ startUrl: 'http://c.test/' }, {}).startUrls).toEqual({ all: 'http://c.test/', byWebsite: {} });
  expect(() => settingsFrom({}, { REPLAYWRIGHT_SECRETS: '{"pin": hunter2}' })).toThrow(/^REPLAYWRIGHT_SECRETS: not valid JSON$/);
  expect(() => settingsFrom({}, { REPLAYWRIGHT_SECRETS: 'hunter2' })).toThrow('REPLAYWRIGHT_SECRETS expects NAME=VALUE[,NAME=VALUE], got "*******"');
  expect(() => settingsFrom({ mode: 'replay' as 'live' }, {})).toThrow('use.replaywright.mode must be live or snapshot, got "replay"');
});

test('REPLAYWRIGHT_FAIL_ON (the CLI --fail-on) chooses which before-state verdict fails an episode test; default diverged', () => {
  expect(settingsFrom({}, {}).failOn).toBe('diverged');
  expect(settingsFrom({ failOn: 'never' }, {}).failOn).toBe('never');
  expect(settingsFrom({ failOn: 'never' }, { REPLAYWRIGHT_FAIL_ON: 'drift' }).failOn).toBe('drift');
  expect(() => settingsFrom({}, { REPLAYWRIGHT_FAIL_ON: 'warn' })).toThrow('REPLAYWRIGHT_FAIL_ON must be diverged, drift, never, got "warn"');
});
