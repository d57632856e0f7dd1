import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { gatherParams } from '../../src/config/params.js';
import { applyInputs, episodePlaceholders } from '../../src/ir/inputs.js';
import type { Episode, Step } from '../../src/ir/index.js';
import { Redactor } from '../../src/secrets.js';
import { scrubZip } from '../../src/replay/scrub-zip.js';
import { tempDir } from '../support/fixture-site.js';
import { zipContents } from '../support/zip-entries.js';
import { ROOT } from '../scale/support.js';

test('params: the command line beats the --params file, which beats the environment; secret from any source stays secret', () => {
  const dir = tempDir('rw-params-');
  const file = join(dir, 'params.json');
  writeFileSync(file, JSON.stringify({ code: 'from-file', nif: { value: 'file-nif', secret: true }, plain: 'p' }));
  const got = gatherParams({
    param: ['code=from-cli'],
    secret: ['token=cli-token'],
    file,
    env: {
      REPLAYWRIGHT_PARAM_CODE: 'from-env',
      REPLAYWRIGHT_SECRET_CODE: 'env-code',
      REPLAYWRIGHT_PARAM_NIF: 'env-nif',
      REPLAYWRIGHT_SECRET_ONLYENV: 'e',
      PATH: '/bin',
    },
  });
  expect(got.params).toEqual({ code: 'from-cli', nif: 'file-nif', plain: 'p', token: 'cli-token', ONLYENV: 'e' });
  // `code` was declared secret in the environment: the winning --param value is secret too, and
  // so is every value it overrode.
  const secret = (name: string) =>
    got.secrets
      .filter((s) => s.name.toLowerCase() === name)
      .map((s) => s.value)
      .sort();
  expect(secret('code')).toEqual(['env-code', 'from-cli', 'from-env', 'from-file']);
  expect(secret('nif')).toEqual(['env-nif', 'file-nif']);
  expect(secret('token')).toEqual(['cli-token']);
  expect(secret('plain')).toEqual([]);
  // Names are one param whatever their case (env names are upper case, dataset names not).
  expect(gatherParams({ param: ['NIF=a'], env: { REPLAYWRIGHT_PARAM_nif: 'b' } }).params).toEqual({ NIF: 'a' });
  expect(() => gatherParams({ secret: ['no-equals-sign'] })).toThrow('--secret expects NAME=VALUE, got "**************"');
});

const step = (action: Step['action'], extra: Partial<Step> = {}): Step => ({
  index: 0,
  page: 'page',
  action,
  expect: [],
  source: { file: 'f' },
  ...extra,
});
const fill = (text: string): Step['action'] => ({ type: 'fill', target: { locate: [{ kind: 'selector', selector: '#x' }] }, text });

test('inputs: a param named like an anonymized_data key replaces that placeholder in typed text; a needed input takes its param', () => {
  const episode = { meta: { anonymized_data: { NIF: '00000000T', empty: '', n: 3 } } } as unknown as Episode;
  const placeholders = episodePlaceholders(episode);
  expect(placeholders).toEqual([{ name: 'NIF', text: '00000000T' }]);
  expect(applyInputs(step(fill('00000000T')), placeholders, { nif: '12345678Z' })).toMatchObject({
    action: { text: '12345678Z' },
    used: ['nif'],
  });
  expect(applyInputs(step(fill('NIF 00000000T, again 00000000T')), placeholders, { NIF: 'X' })).toMatchObject({
    action: { text: 'NIF X, again X' },
  });
  // No param given: the recorded text is typed.
  expect(applyInputs(step(fill('00000000T')), placeholders, {})).toMatchObject({ action: { text: '00000000T' }, used: [] });
  const needs = step(fill('482915'), { needsInput: { param: 'verification_code' } });
  expect(applyInputs(needs, placeholders, {})).toEqual({ missing: 'verification_code' });
  expect(applyInputs(needs, placeholders, { VERIFICATION_CODE: '1' })).toMatchObject({
    action: { text: '1' },
    used: ['VERIFICATION_CODE'],
  });
});

test('redactor: every written form of a secret goes — raw, JSON-escaped, HTML-escaped, URL-encoded — in text, objects and bytes', () => {
  const r = new Redactor([
    { name: 'pw', value: 'a"b<c> d&é' },
    { name: 'short', value: 'a"b' },
  ]);
  const forms = ['a"b<c> d&é', 'a\\"b<c> d&é', 'a&quot;b&lt;c&gt; d&amp;é', encodeURIComponent('a"b<c> d&é'), 'a%22b%3Cc%3E+d%26%C3%A9'];
  for (const f of forms) expect(r.scrub(`[${f}]`)).toBe('[[secret:pw]]');
  // The longer secret first: one containing another is not left half-replaced.
  expect(r.scrub('a"b / a"b<c> d&é')).toBe('[secret:short] / [secret:pw]');
  expect(r.scrubDeep({ k: ['x a"b<c> d&é', 3, { 'a"b<c> d&é': true }] })).toEqual({ k: ['x [secret:pw]', 3, { '[secret:pw]': true }] });
  expect(r.scrubBytes(Buffer.from('{"v":"a\\"b<c> d&é"}')).toString()).toBe('{"v":"[secret:pw]"}');
});

test('scrubZip rewrites a zip with every entry scrubbed, readable as a zip again', () => {
  const dir = tempDir('rw-zip-');
  const path = join(dir, 'trace.zip');
  // A real zip from the system tool (stored and deflated entries).
  writeFileSync(join(dir, 'a.txt'), 'typed s3cret here\n'.repeat(50));
  writeFileSync(join(dir, 'b.json'), '{"value":"s3cret"}');
  const zip = spawnSync('python3', [
    '-c',
    `import zipfile,sys\nz=zipfile.ZipFile(sys.argv[1],'w')\nz.write(sys.argv[2],'a.txt',zipfile.ZIP_DEFLATED)\nz.write(sys.argv[3],'resources/b.json',zipfile.ZIP_STORED)\nz.close()`,
    path,
    join(dir, 'a.txt'),
    join(dir, 'b.json'),
  ]);
  test.skip(zip.status !== 0, 'python3 is needed to write the input zip');
  expect(scrubZip(path, new Redactor([{ name: 'k', value: 's3cret' }]))).toBe(true);
  const entries = zipContents(path);
  expect(entries.map((e) => e.name)).toEqual(['a.txt', 'resources/b.json']);
  expect(entries[0]!.data.toString()).toBe('typed [secret:k] here\n'.repeat(50));
  expect(entries[1]!.data.toString()).toBe('{"value":"[secret:k]"}');
  const check = spawnSync('python3', ['-c', 'import zipfile,sys; print(zipfile.ZipFile(sys.argv[1]).testzip())', path], {
    encoding: 'utf8',
  });
  expect(check.stdout.trim()).toBe('None'); // every CRC checks out
  // Not a zip: removed rather than kept unscrubbed.
  writeFileSync(path, 'garbage');
  expect(scrubZip(path, new Redactor([{ name: 'k', value: 's3cret' }]))).toBe(false);
});

test('logs: a secret in the message, a field, a nested field or an error never reaches stderr, in JSON or pretty form', () => {
  const script = `
    import { createLogger } from './dist/log.js';
    import { Redactor } from './dist/secrets.js';
    const log = createLogger({ format: process.argv[1], level: 'debug', redactor: new Redactor([{ name: 'code', value: 'Q7K4X2' }]) });
    log.info('typed Q7K4X2 into the field');
    log.warn({ url: 'http://x/?c=Q7K4X2', deep: { list: ['Q7K4X2'] }, params: { other: 'v' } }, 'failed');
    log.error({ err: new Error('value Q7K4X2 rejected') }, 'error');
    log.info('%s was typed', 'Q7K4X2');
  `;
  for (const format of ['json', 'pretty']) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, format], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('typed [secret:code] into the field');
    expect(r.stderr).toContain('[secret:code] was typed');
    expect(r.stderr).not.toContain('Q7K4X2');
    // The redacted field, as each form writes it (pretty colours its keys).
    expect(r.stderr.replace(/\u001b\[\d+m/g, '')).toContain(format === 'json' ? '"params":"[redacted]"' : 'params: "[redacted]"');
  }
});
