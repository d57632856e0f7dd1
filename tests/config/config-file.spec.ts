import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { configForCommandLine } from '../../src/config/command-line.js';
import { RPAWEB_FIXTURES, tempDir } from '../support/fixture-site.js';
import { useSite } from '../support/live-site.js';
import { BIN, childEnv, results, ROOT, start } from '../scale/support.js';
import { STACK } from '../support/cli.js';

const DATASET = join(RPAWEB_FIXTURES, 'episodes-1.49.jsonl');
const EPISODE = 'library-save-record@1.49';
/** A port nothing listens on: a recording mapped there cannot replay. */
const DEAD = 'http://127.0.0.1:9';

/** A folder holding one config file. */
function withConfig(name: string, text: string, dir = tempDir('rw-config-')): { dir: string; file: string } {
  const file = join(dir, name);
  writeFileSync(file, text);
  return { dir, file };
}

const runIn = (cwd: string, ...args: string[]) =>
  start([BIN, 'run', ...args], { cwd, env: childEnv({ REPLAYWRIGHT_LOG_LEVEL: 'warn' }) }).done;

test.describe('loading', () => {
  test('a JSON config in the working directory: keys are the run options camelCase, paths relative to the file', async () => {
    const { dir } = withConfig(
      'replaywright.config.json',
      JSON.stringify({
        dataset: 'data/',
        out: 'results',
        mapUrl: 'https://a.test=http://b.test',
        timeout: 3000,
        compare: 'dom',
        headed: false,
      }),
    );
    const { file, config } = await loadConfig({ cwd: dir });
    expect(file).toBe(join(dir, 'replaywright.config.json'));
    expect(config).toEqual({
      dataset: join(dir, 'data'),
      out: join(dir, 'results'),
      mapUrl: 'https://a.test=http://b.test',
      timeout: 3000,
      compare: 'dom',
      headed: false,
    });
  });

  test('no config file: an empty config; --config FILE that is missing: an error naming it', async () => {
    expect(await loadConfig({ cwd: tempDir() })).toEqual({ config: {} });
    await expect(loadConfig({ cwd: tempDir(), file: 'nope.mjs' })).rejects.toThrow('nope.mjs: no such config file');
  });

  test('unknown keys, CLI spellings and wrong types are refused with the file and the field named', async () => {
    const bad = async (text: string) => {
      const { dir, file } = withConfig('replaywright.config.json', text);
      const error = await loadConfig({ cwd: dir }).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect(error!.message.startsWith(`${file}: `)).toBe(true);
      return error!.message;
    };
    expect(await bad('{"timout": 5000}')).toContain('unknown key "timout"; known keys: out, format, episode, mapUrl');
    expect(await bad('{"map-url": ["a=b"]}')).toContain('unknown key "map-url" (write it camelCase: mapUrl)');
    expect(await bad('{"timeout": "fast"}')).toContain('field "timeout": expected a number, got "fast"');
    expect(await bad('{"mode": "replay"}')).toContain('field "mode": expected one of live, snapshot, got "replay"');
    expect(await bad('{"mapUrl": [1]}')).toContain('field "mapUrl": expected a string or a list of strings, got a list');
    expect(await bad('{"strict": "yes"}')).toContain('field "strict": expected true or false, got "yes"');
    expect(await bad('[1]')).toContain('expected an object of run options');
    expect(await bad('{"timeout": 5000,}')).toContain('not valid JSON');
  });

  test('an .mjs config with defineConfig, and a .ts one (transpiled on this Node) importing replaywright/config by package name', async () => {
    const mjs = withConfig(
      'replaywright.config.mjs',
      `import { defineConfig } from ${JSON.stringify(join(ROOT, 'dist', 'config', 'index.js'))};\nexport default defineConfig({ workers: 2, trace: 'on' });\n`,
    );
    expect((await loadConfig({ cwd: mjs.dir })).config).toEqual({ workers: 2, trace: 'on' });
    // Inside the package, `replaywright/config` resolves through package.json "exports" (self-reference), as in a user's project.
    const inside = mkdtempSync(join(ROOT, 'test-results', 'rw-config-'));
    try {
      const ts = withConfig(
        'replaywright.config.ts',
        `import { defineConfig, type ReplaywrightConfig } from 'replaywright/config';\nconst minScore: number = 0.7;\nexport default defineConfig({ minScore, mode: 'snapshot' } satisfies ReplaywrightConfig);\n`,
        inside,
      );
      expect(await loadConfig({ cwd: ts.dir })).toEqual({ file: ts.file, config: { minScore: 0.7, mode: 'snapshot' } });
      const broken = withConfig('replaywright.config.mjs', 'export default {', tempDir());
      await expect(loadConfig({ cwd: broken.dir })).rejects.toThrow(`${broken.file}: cannot be loaded:`);
    } finally {
      rmSync(inside, { recursive: true, force: true });
    }
  });

  test('the command line: only run reads a config; --config FILE and --config=FILE name it', async () => {
    const { dir } = withConfig('replaywright.config.json', '{"timeout": 1}');
    const other = withConfig('elsewhere.json', '{"timeout": 2}');
    expect((await configForCommandLine(['run', 'x'], dir)).config).toEqual({ timeout: 1 });
    expect((await configForCommandLine(['--log-level', 'warn', 'run', '--config', other.file], dir)).config).toEqual({ timeout: 2 });
    expect((await configForCommandLine(['run', `--config=${other.file}`], dir)).config).toEqual({ timeout: 2 });
    expect(await configForCommandLine(['validate', 'x'], dir)).toEqual({ config: {} });
    await expect(configForCommandLine(['run', 'x', '--config'], dir)).rejects.toThrow('--config needs a file');
  });
});

test.describe('the CLI', () => {
  const site = useSite();

  test('config values apply (dataset, episode, out), and flags given on the command line win over them', async () => {
    // The config maps the recording to a dead port: only the --map-url flag makes the episode pass.
    const { dir } = withConfig(
      'replaywright.config.json',
      JSON.stringify({
        dataset: DATASET,
        episode: [EPISODE],
        mapUrl: [`${RECORDED_ORIGIN}=${DEAD}`],
        out: 'from-config',
        timeout: 4000,
        trace: 'off',
      }),
    );
    const r = await runIn(dir, '--map-url', `${RECORDED_ORIGIN}=${site.url}`, '--out', 'from-flag');
    expect(r.stderr).not.toMatch(STACK);
    expect(r.code, r.stderr).toBe(0);
    expect(results(join(dir, 'from-flag')).map((x) => `${x.episode} ${x.status}`)).toEqual([`${EPISODE} passed`]);
    expect(results(join(dir, 'from-config'))).toEqual([]);
  });

  test('--config FILE is used from anywhere, its paths relative to it; a bad config exits 2 naming file and field', async () => {
    const home = tempDir('rw-config-');
    mkdirSync(join(home, 'conf'));
    const { file } = withConfig(
      'nightly.json',
      JSON.stringify({ dataset: DATASET, episode: EPISODE, mapUrl: `${RECORDED_ORIGIN}=${site.url}`, out: 'runs/nightly' }),
      join(home, 'conf'),
    );
    const cwd = tempDir('rw-cwd-');
    const r = await runIn(cwd, '--config', file);
    expect(r.code, r.stderr).toBe(0);
    expect(results(join(home, 'conf', 'runs', 'nightly')).map((x) => `${x.episode} ${x.status}`)).toEqual([`${EPISODE} passed`]);
    expect(JSON.parse(readFileSync(join(home, 'conf', 'runs', 'nightly', 'summary.json'), 'utf8')).exitCode).toBe(0);

    const bad = withConfig('replaywright.config.json', JSON.stringify({ dataset: DATASET, stopAtFirstDivergance: true }));
    const refused = await runIn(bad.dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${bad.file}: unknown key "stopAtFirstDivergance"`);
    expect(refused.stderr).not.toMatch(STACK);
    const wrongType = await runIn(cwd, DATASET, '--config', withConfig('c.json', '{"workers": "four"}').file);
    expect(wrongType.code).toBe(2);
    expect(wrongType.stderr).toMatch(/c\.json: field "workers": expected a number, got "four"/);
    // The config's values still go through the flags' checks.
    const checked = await runIn(cwd, DATASET, '--config', withConfig('c.json', '{"workers": 0}').file);
    expect(checked.code).toBe(2);
    expect(checked.stderr).toContain('--workers expects a whole number >= 1, got 0');
  });
});
